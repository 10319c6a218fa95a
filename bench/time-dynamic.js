// The time-dynamic benchmark (issue 42): 100,000 points, each with an interval of up to 10 days
// within 100 days, in a `data.time` layer on the published page, played by its timeline bar, next to
// bare CesiumJS playing the same points the naive way (data-scale-bare.html with `time`) in the same
// run: the main thread's script time per tick, long tasks, features flipped per tick, frames per second.
// With `shader`, a third page (time-dynamic-shader.js): bare CesiumJS drawing them as one Model whose
// CustomShader hides the points out of time, a tick setting one uniform; and its correctness check.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { longestScript, selfTimes, totalTimes } from './cpu-profile.js';
import { layoutInFrames, longestTasks, slowFrames, TRACE_CATEGORIES } from './trace-ticks.js';
import { heapSummary } from './heap-summary.js';
import { checkShaderPages, shaderHtml } from './time-dynamic-shader.js';
import { clickTimes } from './click-timing.js';
import { CAMERA, pointsFile } from './data-scale-data.js';
import { descendantsCpuMs } from './machine.js';
import { PROBE, publishCases } from './data-scale.js';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  GPU_COMPOSITING_ARGS,
  cleanUpOnSignal,
  coldPage,
  countRepeats,
  describeBuild,
  noteBusy,
  OFFLINE_ARG,
  startFrontServer,
  startOrbis,
  VIEWPORT,
} from './viewer.js';

const BARE_PAGE = fileURLToPath(new URL('./data-scale-bare.html', import.meta.url));
const DAY_MS = 86_400_000;
/** The intervals' first possible start: 2026-01-01. */
const T0 = Date.UTC(2026, 0, 1);
const FEATURES = 100_000;
const READY_LIMIT_MS = 240_000;

/** Feature `i`'s interval [start, end) in ms since 1970: a start within 100 days, a length of 1 hour to 10 days (a low-discrepancy spread). */
export function intervalOf(i) {
  const start = T0 + Math.floor(((i * 0.6180339887498949) % 1) * 100 * DAY_MS);
  const length = 3_600_000 + Math.floor(((i * 0.7548776662466927) % 1) * (10 * DAY_MS - 3_600_000));
  return [start, start + length];
}

/** The 100,000 points of the data-scale bench, each with `from` and `until` (ms since 1970). */
const timedFile = () =>
  pointsFile(FEATURES, (i) => {
    const [from, until] = intervalOf(i);
    return `,"from":${from},"until":${until}`;
  });

/**
 * Runs in each page before its own scripts, beside data-scale.js's PROBE: every
 * requestAnimationFrame callback is timed while `__benchTicking` holds, and summed per frame (the
 * callbacks of one frame share its timestamp). CesiumJS's render loop is one such callback, with
 * the clock's tick, `preUpdate` (Orbis's TimeGate; the bare page's loop), the render and
 * `postRender` inside it; Orbis's own frame callbacks are others.
 */
const TICKS = `(() => {
  window.__benchFrames = [];
  let current;
  // Bytes handed to WebGL buffers (bufferData, bufferSubData): a point collection rewritten whole
  // uploads all its vertices, one whose few points changed only theirs.
  let uploaded = 0;
  for (const Context of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    for (const [name, at] of [['bufferData', 1], ['bufferSubData', 2]]) {
      const original = Context?.prototype[name];
      if (!original) continue;
      Context.prototype[name] = function (...args) {
        uploaded += typeof args[at] === 'number' ? args[at] : (args[at]?.byteLength ?? 0);
        return original.apply(this, args);
      };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((timestamp) => {
      const started = performance.now();
      const before = uploaded;
      try {
        callback(timestamp);
      } finally {
        if (window.__benchTicking) {
          if (current?.[0] !== timestamp) window.__benchFrames.push((current = [timestamp, 0, 0]));
          current[1] += performance.now() - started;
          current[2] += uploaded - before;
        }
      }
    });
  // Shader programs linked while playing, each with where it was asked for (CesiumJS links one when
  // it first draws with it; Chromium waits for the link when its status is read).
  window.__benchLinks = [];
  const link = window.WebGL2RenderingContext?.prototype.linkProgram;
  if (link)
    window.WebGL2RenderingContext.prototype.linkProgram = function (program) {
      if (window.__benchTicking) {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 40;
        const stack = new Error().stack.split('\\n').slice(2).map((line) => line.trim().replace(/\\(http[^)]*\\/([^/]*:\\d+:\\d+)\\)/, '$1'));
        Error.stackTraceLimit = limit;
        // The shaders' defines, uniforms and inputs name what CesiumJS built the program for.
        const defines = this.getAttachedShaders(program).flatMap((shader) => (this.getShaderSource(shader).match(/^(#define|uniform|in) [\\w ]+/gm) ?? []));
        window.__benchLinks.push(stack.join(' < ') + ' | defines: ' + [...new Set(defines)].join(' '));
      }
      return link.call(this, program);
    };
  // Long Animation Frames (over 50 ms) while playing: each one's length and its scripts' (the rest is
  // style, layout, painting and waiting, the GPU process's SwiftShader included).
  window.__benchLongFrames = [];
  try {
    new PerformanceObserver((list) => {
      if (!window.__benchTicking) return;
      for (const f of list.getEntries()) window.__benchLongFrames.push([f.duration, f.scripts.reduce((sum, s) => sum + s.duration, 0)]);
    }).observe({ type: 'long-animation-frame' });
  } catch {}
})();`;

const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
/** The value at fraction `q` of the sorted values (nearest rank). */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? null),
  };
};

/** Features whose showing changes between each tick from `from` to `to` (ms), `stepMs` apart. */
function flipsPerTick(from, to, stepMs) {
  const flips = [];
  const shows = (i, t) => {
    const [start, end] = intervalOf(i);
    return start <= t && t < end;
  };
  for (let t = from; t + stepMs <= to; t += stepMs) {
    let n = 0;
    for (let i = 0; i < FEATURES; i++) if (shows(i, t) !== shows(i, t + stepMs)) n++;
    flips.push(n);
  }
  return flips;
}

/**
 * Plays one loaded page for `playMs`: its ticks' script time, its long tasks and long frames, frames
 * drawn, the clock's time before and after; with `cdp`, a CPU profile of the main thread meanwhile.
 */
async function play(page, side, playMs, cdp, trace) {
  const frames = () => page.evaluate(() => Number(document.querySelector('[data-testid="viewer"]').dataset.frameCount));
  const clock = () =>
    side === 'orbis'
      ? page.evaluate(() => Date.parse(document.querySelector('[data-testid="timeline-time"]').getAttribute('datetime')))
      : page.evaluate(() => window.__benchClock.now());
  const readyMs = await page.evaluate(() => window.__benchReadyAt);
  const startPlaying = async () => {
    await page.evaluate(() => (window.__benchTicking = true));
    // As a visitor: the timeline bar's play button; the bare page has no bar.
    if (side === 'orbis') await page.getByTestId('timeline-play').click();
    else await page.evaluate(() => window.__benchClock.play(true));
  };
  const stopPlaying = async () => {
    if (side === 'orbis') await page.getByTestId('timeline-play').click();
    else await page.evaluate(() => window.__benchClock.play(false));
    await page.evaluate(() => (window.__benchTicking = false));
  };
  const fromClock = await clock();
  const fromFrames = await frames();
  const started = await page.evaluate(() => performance.now());
  if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  if (trace) await page.context().browser().startTracing(page, { categories: TRACE_CATEGORIES });
  const cpuBefore = descendantsCpuMs('chromium');
  await startPlaying();
  await page.waitForTimeout(playMs);
  const cpuAfter = descendantsCpuMs('chromium');
  const ended = await page.evaluate(() => performance.now());
  const profile = cdp && (await cdp.send('Profiler.stop')).profile;
  const traceJson = trace ? (await page.context().browser().stopTracing()).toString('utf8') : undefined;
  const traced = traceJson ? slowFrames(traceJson, 10, profile) : undefined;
  const layout = traceJson ? layoutInFrames(traceJson) : undefined;
  const tasks = traceJson ? longestTasks(traceJson) : undefined;
  const toFrames = await frames();
  await stopPlaying();
  const toClock = await clock();
  const { ticks, uploads, longTasks, longFrames } = await page.evaluate(
    ([from, to]) => ({
      ticks: window.__benchFrames.map(([, ms]) => ms),
      uploads: window.__benchFrames.map(([, , bytes]) => bytes),
      longFrames: window.__benchLongFrames,
      longTasks: window.__benchLongTasks.filter(([start]) => start >= from && start <= to).map(([, ms]) => ms),
    }),
    [started, ended],
  );
  // CPU time of Chromium's processes meanwhile, by type: the renderer (the page's main thread, its
  // workers and compositor) working, against its main thread's native time that is waiting (for
  // the GPU process, SwiftShader, drawing).
  const cpuMs = Object.fromEntries(Object.entries(cpuAfter).map(([type, ms]) => [type, ms - (cpuBefore[type] ?? 0)]));
  return {
    ticks,
    uploads,
    longTasks,
    longFrames,
    cpuMs,
    frames: toFrames - fromFrames,
    seconds: (ended - started) / 1000,
    fromClock,
    toClock,
    readyMs,
    profile,
    traced,
    layout,
    tasks,
  };
}

/**
 * Measures both pages `rounds` times (each a cold load, the first page alternating), playing each
 * for `playSeconds` with the clock stepping `hoursPerTick` a frame ("fixed" steps: both pages take
 * the same ticks whatever their frame rates). `profile`: a CPU profile of Orbis's main thread while
 * it plays, summed by function (`profiles`). `compositing`: `gpu` (Chromium composites on its GPU, as a
 * user's browser does) or `software` (`--disable-gpu`: every WebGL frame read back on the main thread,
 * as the browser tests run; GPU_COMPOSITING_ARGS in viewer.js).
 */
export async function benchTimeDynamic({
  rounds = 1,
  playSeconds = 15,
  hoursPerTick = 4,
  profile = false,
  trace = false,
  heap = false,
  shader = false,
  clicks = false,
  shots = undefined,
  compositing = 'gpu',
  log = () => {},
} = {}) {
  const problems = [];
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-time-'));
  let orbis;
  let front;
  let browser;
  const stopListening = cleanUpOnSignal(dataDir, () => orbis);
  const stepSeconds = hoursPerTick * 3600;
  try {
    const build = describeBuild();
    const loadBefore = loadavg()[0];
    const busyBefore = await noteBusy(problems, 'before');
    orbis = await startOrbis(dataDir, problems);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const layer = {
      name: 'timed100k',
      file: timedFile,
      camera: CAMERA,
      data: { time: { property: 'from', endProperty: 'until' } },
      timeline: { speed: stepSeconds, stepType: 'fixed', rangeType: 'clamped' },
    };
    const urls = await publishCases(orbis, token, [layer], log);
    const config = { camera: CAMERA, url: urls.timed100k.file, kind: 'points', time: { property: 'from', endProperty: 'until', stepSeconds } };
    const bare = readFileSync(BARE_PAGE, 'utf8').replace(
      '<!--bench:config-->',
      `<script id="bench-config" type="application/json">${JSON.stringify(config)}</script>`,
    );
    const pages = { '/bare/time': bare };
    if (shader) {
      pages['/bare/shader'] = shaderHtml(config);
      // The check's page: every 20th row and column of the grid (16 x 16 points, about 30 px apart), magenta dots.
      pages['/bare/shader-check'] = shaderHtml({ ...config, every: 20, color: '#ff00ff' });
      pages['/bare/shader-all'] = shaderHtml({ ...config, every: 1 });
    }
    front = await startFrontServer(orbis.url, pages, problems);
    const args = compositing === 'software' ? CHROMIUM_ARGS : GPU_COMPOSITING_ARGS;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...args, OFFLINE_ARG] });
    const sides = shader ? ['orbis', 'bare', 'shader'] : ['orbis', 'bare'];
    const samples = Object.fromEntries(sides.map((side) => [side, []]));
    for (let r = 1; r <= rounds; r++) {
      // Each round in another order (two sides: alternating), so that no page always follows another.
      for (const side of [...sides.slice((r - 1) % sides.length), ...sides.slice(0, (r - 1) % sides.length)]) {
        const { context, page, cdp } = await coldPage(browser, PROBE + TICKS, (text) => problems.push(`${side}: ${text}`));
        try {
          await page.goto(side === 'orbis' ? `${front.url}${urls.timed100k.page}` : `${front.url}/bare/${side === 'bare' ? 'time' : 'shader'}`, {
            waitUntil: 'commit',
          });
          await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: READY_LIMIT_MS, polling: 250 });
          if (side === 'orbis') await page.getByTestId('timeline').waitFor({ state: 'visible' });
          // A moment for what follows ready (the last tiles, the layer's last slice) to pass.
          await page.waitForTimeout(2_000);
          if (heap) log(`${side} round ${r}: heap before play ${JSON.stringify(await heapSummary(cdp))}`);
          // Traced: Orbis's page, and the shader's (whose ticks are to show whether collections still land in them).
          const played = await play(page, side, playSeconds * 1000, profile && side === 'orbis' ? cdp : undefined, trace && side !== 'bare');
          samples[side].push(played);
          if (shots) await page.screenshot({ path: `${shots}/${side}-round${r}.png` });
          if (played.traced) for (const f of played.traced) log(`${side} round ${r}: traced frame ${JSON.stringify(f)}`);
          if (played.layout) log(`${side} round ${r}: style and layout in frames ${JSON.stringify(played.layout)}`);
          if (played.tasks) for (const t of played.tasks) log(`${side} round ${r}: long main-thread task while playing ${JSON.stringify(t)}`);
          for (const stack of await page.evaluate(() => window.__benchLinks)) log(`${side} round ${r}: program linked while playing: ${stack}`);
          if (clicks && side === 'orbis') log(`${side} round ${r}: clicks ${JSON.stringify(await clickTimes(page))}`);
          log(
            `${side} round ${r}: ready at ${round(played.readyMs, 0)} ms, ${played.ticks.length} ticks in ${round(played.seconds)} s, script a tick ${JSON.stringify(spread(played.ticks))} ms, ${played.longTasks.length} long tasks (longest ${round(Math.max(0, ...played.longTasks))} ms), ${played.frames} frames drawn; slowest ticks [which, ms, KB uploaded] ${JSON.stringify(
              played.ticks
                .map((ms, i) => [i, round(ms), Math.round(played.uploads[i] / 1024)])
                .sort((x, y) => y[1] - x[1])
                .slice(0, 3),
            )}`,
          );
        } finally {
          await context.close().catch(() => {});
        }
      }
    }
    // The shader's page drawing what it should: time-dynamic-shader.js.
    const shaderCheck = shader
      ? await checkShaderPages({ browser, coldPage, frontUrl: front.url, intervalOf, features: FEATURES, t0: T0, stepSeconds, shots, problems })
      : undefined;
    if (shaderCheck) log(`shader check: ${JSON.stringify(shaderCheck)}`);
    const chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;
    const busyAfter = await noteBusy(problems, 'after');
    const figures = (list) => {
      const ticks = list.flatMap((s) => s.ticks);
      const longTasks = list.flatMap((s) => s.longTasks);
      const seconds = list.reduce((sum, s) => sum + s.seconds, 0);
      const flips = list.flatMap((s) => flipsPerTick(s.fromClock, s.toClock, stepSeconds * 1000));
      const longFrames = list.flatMap((s) => s.longFrames);
      const frameMs = longFrames.reduce((sum, [ms]) => sum + ms, 0);
      return {
        ticks: ticks.length,
        scriptMsPerTick: spread(ticks),
        ticksOver16Ms: ticks.filter((ms) => ms > 16).length,
        // KB a tick handed to WebGL buffers (vertex data rewritten).
        uploadKbPerTick: spread(list.flatMap((s) => s.uploads.map((bytes) => bytes / 1024))),
        longTasks: longTasks.length,
        longestLongTaskMs: round(Math.max(0, ...longTasks)),
        // Chromium's CPU time a tick, by process type.
        cpuMsPerTick: Object.fromEntries(
          ['renderer', 'gpu-process'].map((type) => [type, round(list.reduce((sum, s) => sum + (s.cpuMs[type] ?? 0), 0) / Math.max(1, ticks.length))]),
        ),
        longFrames: longFrames.length,
        longestLongFrameMs: round(Math.max(0, ...longFrames.map(([ms]) => ms))),
        // Of the long frames' time, the share that was script (the rest: rendering and waiting for it).
        longFramesScriptShare: frameMs ? round(longFrames.reduce((sum, [, ms]) => sum + ms, 0) / frameMs, 2) : null,
        flipsPerTick: { ...spread(flips), mean: round(flips.reduce((a, b) => a + b, 0) / Math.max(1, flips.length)) },
        framesPerSecond: round(list.reduce((sum, s) => sum + s.frames, 0) / seconds, 2),
        // Navigation to data-ready (ms), each round's.
        readyMs: list.map((s) => round(s.readyMs, 0)),
        ticksPerSecond: round(ticks.length / seconds, 2),
        clockDays: round(list.reduce((sum, s) => sum + (s.toClock - s.fromClock), 0) / DAY_MS, 2),
      };
    };
    const o = figures(samples.orbis);
    const b = figures(samples.bare);
    const ratio = (x, y) => (x === null || y === null || y === 0 ? null : round(x / y, 2));
    return {
      measuredAt: new Date().toISOString(),
      seconds: round((Date.now() - started) / 1000, 0),
      viewport: VIEWPORT,
      features: FEATURES,
      rounds,
      playSeconds,
      hoursPerTick,
      compositing,
      measured:
        'per tick: the sum of the requestAnimationFrame callbacks of one frame while the clock played (CesiumJS render loop: clock tick, preUpdate, render, postRender; and the page own frame callbacks); long tasks: PerformanceObserver longtask (>= 50 ms) while playing',
      orbis: o,
      bare: b,
      ...(shader ? { shader: figures(samples.shader), shaderCheck } : {}),
      ratios: { longestScriptPerTick: ratio(o.scriptMsPerTick.max, b.scriptMsPerTick.max), framesPerSecond: ratio(o.framesPerSecond, b.framesPerSecond) },
      target: {
        name: 'longest main-thread task per tick, 100,000 features playing',
        value: o.scriptMsPerTick.max,
        limit: '≤ 16 ms',
        met: o.scriptMsPerTick.max <= 16,
      },
      machine: {
        cpus: cpus().length,
        node: process.version,
        chromium: chromiumVersion,
        loadBefore: round(loadBefore, 2),
        loadAfter: round(loadavg()[0], 2),
        busyBefore,
        busyAfter,
      },
      build,
      ...(profile
        ? {
            profiles: samples.orbis.map(({ profile: p }) => ({ selfMs: selfTimes(p, 25), totalMs: totalTimes(p, 40), longest: longestScript(p) })),
          }
        : {}),
      // Each play's own figures (its ticks' times are in the spreads above).
      samples: Object.fromEntries(
        Object.entries(samples).map(([side, list]) => [
          side,
          list.map((s) => ({
            ticks: s.ticks.length,
            // The three slowest ticks: [which (from 0), ms, KB uploaded to WebGL buffers].
            slowest: s.ticks
              .map((ms, i) => [i, round(ms), Math.round(s.uploads[i] / 1024)])
              .sort((x, y) => y[1] - x[1])
              .slice(0, 3),
            longTasks: s.longTasks.map((ms) => round(ms, 0)),
            frames: s.frames,
            seconds: round(s.seconds),
            readyMs: round(s.readyMs, 0),
            fromClock: new Date(s.fromClock).toISOString(),
            toClock: new Date(s.toClock).toISOString(),
          })),
        ]),
      ),
      problems: countRepeats(problems),
    };
  } finally {
    stopListening();
    await browser?.close().catch(() => {});
    await front?.stop().catch(() => {});
    await orbis?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
