// `node bench/data-scale-pan.js [--case NAME] [--rounds N] [--pans N]`: the data-scale bench's pan
// figure alone (issues 24 and 42: pan frame rate, Orbis / bare CesiumJS), in a few minutes rather
// than the whole data-scale run's. Publishes one case of data-scale-data.js (`--case`: points100k,
// the default; points1M, polygons100k, clustered1M, whose bare page draws every point unclustered;
// or several of one file, `points1M,clustered1M`, which then share one bare page), then per round
// loads each case's Orbis page and the bare page (the order reverses each round), waits for each
// to be ready and drags the globe `--pans` times for 4 s (data-scale.js's `pan`). Prints each
// drag's frames per second and WebGL work per frame (webgl-draws.js), and the medians' ratios;
// writes nothing. Variants for telling costs apart:
//   --orbis-appearance JSON   the Orbis layer's appearance (e.g. '{"marker":{"pointSize":5,"pointOutlineWidth":0}}')
//   --orbis-property JSON     the Orbis scene's viewer property (e.g. '{"render":{"antialias":false}}')
//   --bare-point JSON         the bare page's point options (default Orbis's dot, {"pixelSize":8,"outlineWidth":1};
//                             {"pixelSize":5} is what the bare page drew until the pan was profiled)
//   --bare-polygon JSON       the bare page's polygons (default Orbis's, {"color":"#ffff0064","outline":true};
//                             '{"color":"ORANGE","outline":false}', opaque, is what it drew before issue 42's pan)
//   --bare-msaa N             the bare page's scene.msaaSamples (CesiumJS's default 4, as Orbis's antialias)
//   --draws                   after each page's drags, list the last frame's WebGL draw calls
//   DATA_SCALE_LIMIT_S=S      wait up to S s for a page to be ready (as data-scale-run.js; a busy machine)
//   --pan-seconds N           drag for N s (4; on to 3 N while fewer than 5 frames are drawn): a million points draw a frame in seconds
// Besides frames per second it prints the CPU time Chromium's processes spent per frame drawn, by
// process type: on a busy machine it moves far less than the frame rate (SwiftShader draws in the
// GPU process, so a frame's fill cost shows there, the page's JavaScript in the renderer).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { dataScaleCases } from './data-scale-data.js';
import { pan, PROBE, publishCases } from './data-scale.js';
import { descendantsCpuMs } from './machine.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, coldPage, machineBusyShare, OFFLINE_ARG, startFrontServer, startOrbis } from './viewer.js';
import { drawCounter, drawCounts, lastFrameDraws } from './webgl-draws.js';

const BARE_PAGE = fileURLToPath(new URL('./data-scale-bare.html', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const json = (name) => option(name) && JSON.parse(option(name));
const caseNames = option('--case', 'points100k').split(',');
const rounds = Number(option('--rounds', 2));
const pans = Number(option('--pans', 2));
const panMs = Number(option('--pan-seconds', 4)) * 1000;
const orbisAppearance = json('--orbis-appearance');
const orbisProperty = json('--orbis-property');
const barePoint = json('--bare-point');
const barePolygon = json('--bare-polygon');
const bareMsaa = option('--bare-msaa') && Number(option('--bare-msaa'));
const target = (name) => (name === 'clustered1M' ? 1.5 : 0.8);

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const cases = caseNames.map((name) => dataScaleCases().find((c) => c.name === name && c.bare));
if (cases.some((c) => !c) || new Set(cases.map((c) => c.bare)).size > 1)
  throw new Error(
    `--case: one of ${dataScaleCases()
      .filter((c) => c.bare)
      .map((c) => c.name)
      .join(', ')}, or several of the same file (points1M,clustered1M), which share one bare page`,
  );
const problems = [];
const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-data-pan-'));
const orbis = await startOrbis(dataDir, problems);
let browser;
let front;
try {
  console.log(`cases ${caseNames.join(', ')}; load average ${loadAverage()} at the start`);
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const chosen = cases.map((c) => ({
    ...c,
    ...(orbisAppearance ? { appearance: orbisAppearance } : {}),
    ...(orbisProperty ? { property: orbisProperty } : {}),
  }));
  const urls = await publishCases(orbis, token, chosen, (line) => process.stderr.write(`${line}\n`));
  const config = {
    camera: cases[0].camera,
    url: urls[cases[0].name].file,
    kind: cases[0].bare,
    ...(barePoint ? { point: barePoint } : {}),
    ...(barePolygon ? { polygon: barePolygon } : {}),
    ...(bareMsaa ? { msaaSamples: bareMsaa } : {}),
  };
  const bare = readFileSync(BARE_PAGE, 'utf8').replace(
    '<!--bench:config-->',
    `<script id="bench-config" type="application/json">${JSON.stringify(config)}</script>`,
  );
  front = await startFrontServer(orbis.url, { '/bare/case': bare }, problems);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });
  // Each case's Orbis page, and the bare page; which goes first alternates by round.
  const sides = [...caseNames, 'bare'];
  const fps = Object.fromEntries(sides.map((side) => [side, []]));
  const cpu = Object.fromEntries(sides.map((side) => [side, []]));
  const frames = Object.fromEntries(sides.map((side) => [side, 0]));
  const timeoutMs = Number(process.env.DATA_SCALE_LIMIT_S ?? 0) * 1000 || Math.max(...cases.map((c) => c.timeoutMs));
  for (let round = 1; round <= rounds; round++) {
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      const { context, page } = await coldPage(browser, PROBE + drawCounter({ detail: process.argv.includes('--draws') }), (text) =>
        problems.push(`${side}: ${text}`),
      );
      try {
        const loadStart = Date.now();
        await page.goto(side === 'bare' ? `${front.url}/bare/case` : `${front.url}${urls[side].page}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: timeoutMs, polling: 250 });
        console.log(`round ${round} ${side} ready after ${Math.round((Date.now() - loadStart) / 1000)} s`);
        for (let i = 0; i < pans; i++) {
          const busy = machineBusyShare(4000);
          const cpuBefore = descendantsCpuMs('chromium');
          const drawsBefore = await drawCounts(page);
          const panned = await pan(page, panMs);
          const draws = await drawCounts(page, drawsBefore);
          const cpuAfter = descendantsCpuMs('chromium');
          fps[side].push(panned.fps);
          const n = Math.max(1, panned.frames);
          const perFrame = Object.entries(cpuAfter)
            .map(([type, ms]) => `${type} ${Math.round((ms - (cpuBefore[type] ?? 0)) / n)}`)
            .join(', ');
          cpu[side].push(Object.values(cpuAfter).reduce((a, b) => a + b, 0) - Object.values(cpuBefore).reduce((a, b) => a + b, 0));
          frames[side] += panned.frames;
          console.log(
            `round ${round} ${side} pan ${i + 1}: ${panned.fps} fps (${panned.frames} frames in ${panned.seconds} s, ${panned.moves} moves); per frame: ${Math.round(draws.calls / n)} draw calls, ${(draws.vertices / n / 1e6).toFixed(2)} M vertices, ${Math.round(draws.blits / n)} blits, ${draws.reads} readPixels in all, MSAA ${draws.msaa || 1}; Chromium CPU ms per frame: ${perFrame}; CPUs busy ${Math.round((await busy) * 100)}%`,
          );
        }
        if (process.argv.includes('--draws')) console.log(`  the last frame's draws: ${await lastFrameDraws(page)}`);
      } finally {
        await context.close();
      }
    }
  }
  const perFrame = (side) => cpu[side].reduce((a, b) => a + b, 0) / Math.max(1, frames[side]);
  const b = median(fps.bare);
  for (const name of caseNames) {
    const o = median(fps[name]);
    console.log(`${name}: median pan fps Orbis ${o}, bare ${b}, ratio ${(o / b).toFixed(2)} (target ≥ ${target(name)})`);
    console.log(
      `${name}: Chromium CPU ms per pan frame (every process): Orbis ${Math.round(perFrame(name))}, bare ${Math.round(perFrame('bare'))}, bare / Orbis ${(perFrame('bare') / perFrame(name)).toFixed(2)}`,
    );
  }
  console.log(`load average ${loadAverage()} at the end`);
  if (problems.length) console.log(`problems:\n  ${[...new Set(problems)].join('\n  ')}`);
} finally {
  await browser?.close().catch(() => {});
  await front?.stop().catch(() => {});
  await orbis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
