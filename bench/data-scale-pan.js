// `node bench/data-scale-pan.js [--rounds N] [--pans N]`: the data-scale bench's pan figure alone
// (issue 24: pan frame rate, 100,000 points, Orbis / bare CesiumJS ≥ 0.8), in a few minutes rather
// than the whole data-scale run's. Publishes the 100,000-point case, then per round loads Orbis's
// published page and the bare page (which goes first alternates), waits for each to be ready and
// drags the globe `--pans` times for 4 s (data-scale.js's `pan`). Prints each drag's frames per
// second and the medians' ratio; writes nothing. Variants for telling costs apart:
//   --orbis-appearance JSON   the Orbis layer's appearance (e.g. '{"marker":{"pointSize":5,"pointOutlineWidth":0}}')
//   --bare-point JSON         the bare page's point options (default Orbis's dot, {"pixelSize":8,"outlineWidth":1};
//                             {"pixelSize":5} is what the bare page drew until the pan was profiled)
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

const BARE_PAGE = fileURLToPath(new URL('./data-scale-bare.html', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const rounds = Number(option('--rounds', 2));
const pans = Number(option('--pans', 2));
const orbisAppearance = option('--orbis-appearance') && JSON.parse(option('--orbis-appearance'));
const barePoint = option('--bare-point') && JSON.parse(option('--bare-point'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const problems = [];
const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-data-pan-'));
const orbis = await startOrbis(dataDir, problems);
let browser;
let front;
try {
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const base = dataScaleCases().find((c) => c.name === 'points100k');
  const chosen = { ...base, ...(orbisAppearance ? { appearance: orbisAppearance } : {}) };
  const urls = await publishCases(orbis, token, [chosen], (line) => process.stderr.write(`${line}\n`));
  const config = { camera: chosen.camera, url: urls.points100k.file, kind: 'points', ...(barePoint ? { point: barePoint } : {}) };
  const bare = readFileSync(BARE_PAGE, 'utf8').replace(
    '<!--bench:config-->',
    `<script id="bench-config" type="application/json">${JSON.stringify(config)}</script>`,
  );
  front = await startFrontServer(orbis.url, { '/bare/points100k': bare }, problems);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });
  const fps = { orbis: [], bare: [] };
  const cpu = { orbis: [], bare: [] };
  const frames = { orbis: 0, bare: 0 };
  for (let round = 1; round <= rounds; round++) {
    for (const side of round % 2 ? ['orbis', 'bare'] : ['bare', 'orbis']) {
      const { context, page } = await coldPage(browser, PROBE, (text) => problems.push(`${side}: ${text}`));
      try {
        await page.goto(side === 'orbis' ? `${front.url}${urls.points100k.page}` : `${front.url}/bare/points100k`, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: chosen.timeoutMs, polling: 250 });
        for (let i = 0; i < pans; i++) {
          const busy = machineBusyShare(4000);
          const cpuBefore = descendantsCpuMs('chromium');
          const panned = await pan(page, 4_000);
          const cpuAfter = descendantsCpuMs('chromium');
          fps[side].push(panned.fps);
          const perFrame = Object.entries(cpuAfter)
            .map(([type, ms]) => `${type} ${Math.round((ms - (cpuBefore[type] ?? 0)) / Math.max(1, panned.frames))}`)
            .join(', ');
          cpu[side].push(Object.values(cpuAfter).reduce((a, b) => a + b, 0) - Object.values(cpuBefore).reduce((a, b) => a + b, 0));
          frames[side] += panned.frames;
          console.log(
            `round ${round} ${side.padEnd(5)} pan ${i + 1}: ${panned.fps} fps (${panned.frames} frames in ${panned.seconds} s, ${panned.moves} moves); Chromium CPU ms per frame: ${perFrame}; CPUs busy ${Math.round((await busy) * 100)}%`,
          );
        }
      } finally {
        await context.close();
      }
    }
  }
  const o = median(fps.orbis);
  const b = median(fps.bare);
  console.log(`median pan fps: Orbis ${o}, bare ${b}, ratio ${(o / b).toFixed(2)} (target ≥ 0.8)`);
  const perFrame = (side) => cpu[side].reduce((a, b) => a + b, 0) / Math.max(1, frames[side]);
  console.log(
    `Chromium CPU ms per pan frame (every process): Orbis ${Math.round(perFrame('orbis'))}, bare ${Math.round(perFrame('bare'))}, bare / Orbis ${(perFrame('bare') / perFrame('orbis')).toFixed(2)}`,
  );
  if (problems.length) console.log(`problems:\n  ${[...new Set(problems)].join('\n  ')}`);
} finally {
  await browser?.close().catch(() => {});
  await front?.stop().catch(() => {});
  await orbis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
