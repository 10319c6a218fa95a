// The data-scale benchmark (issue 24, part 6): GeoJSON layers of 100,000 and 1,000,000 points and
// of 100,000 extruded polygons on the published page, next to bare CesiumJS drawing the same file
// with primitives (data-scale-bare.html) in the same run: load to drawn, frames per second while
// the camera pans, the JS heap, and the longest main-thread task while loading.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  cleanUpOnSignal,
  coldPage,
  countRepeats,
  describeBuild,
  noteBusy,
  OFFLINE_ARG,
  startFrontServer,
  startOrbis,
  VIEWER_DIST,
  VIEWPORT,
} from './viewer.js';
import { dataScaleCases, KINDS } from './data-scale-data.js';
import { descendantsCpuMs } from './machine.js';

const BARE_PAGE = fileURLToPath(new URL('./data-scale-bare.html', import.meta.url));
const PAN_MS = 4_000;
/** A frame of a million points takes SwiftShader seconds: drag longer (on to 3× while fewer than MIN_PAN_FRAMES are drawn). */
const PAN_MS_1M = 10_000;
const LONG_TASK_MS = 100;
const MIN_PAN_FRAMES = 5;

/**
 * Runs in every page before its own scripts: when the viewer first gets data-ready="true"
 * (performance.now(), ms since navigation start), every long task (over 50 ms) of the main thread
 * with its start and duration, and when the layer's data reached the main thread: Orbis's layer
 * worker's first message (its file parsed; `Worker` is wrapped to see it), or the bare page's
 * mark `bench:data` (its fetch answered).
 */
export const PROBE = `(() => {
  window.__benchLongTasks = [];
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      // CesiumJS's own workers answer without a string type.
      this.addEventListener('message', (event) => {
        if (window.__benchDataAt === undefined && typeof event.data?.type === 'string') window.__benchDataAt = performance.now();
      });
    }
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // Long Animation Frames (over 50 ms) with their scripts (each over 5 ms): what ran, from which
  // file, for how long. A frame of CesiumJS's render is a script of /cesium/; Orbis's own work
  // (the batch-drawing slice, the layer worker's message handler) a script of /app/.
  window.__benchScripts = [];
  try {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        for (const s of frame.scripts) window.__benchScripts.push([s.startTime, s.duration, s.sourceURL, s.invoker, s.sourceFunctionName, frame.duration]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  // Orbis sets data-ready after 45 s even if its layers are not drawn, with this warning.
  const warn = console.warn;
  console.warn = function (...args) {
    if (String(args[0]).includes('still loading after')) window.__benchCutShort = true;
    return warn.apply(this, args);
  };
  // And then, for the real time: the first frame after its progress reads "N of N" features.
  let framesAtAdded;
  const frames = () => Number(document.querySelector('[data-testid="viewer"]')?.dataset.frameCount ?? 0);
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && document.querySelector('[data-testid="viewer"][data-ready="true"]')) window.__benchReadyAt = performance.now();
    if (window.__benchAddedAt === undefined) {
      const m = /([\\d,]+) of ([\\d,]+)/.exec(document.querySelector('.layer-progress-text')?.textContent ?? '');
      if (m && m[1] === m[2]) {
        window.__benchAddedAt = performance.now();
        framesAtAdded = frames();
      }
    } else if (window.__benchDrawnAt === undefined && frames() > framesAtAdded) {
      window.__benchDrawnAt = performance.now();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready', 'data-frame-count'], childList: true, characterData: true });
})();`;

/** A case's limit: its own, or DATA_SCALE_LIMIT_S's (a busy machine's loads take longer). */
const limitMs = (c) => (process.env.DATA_SCALE_LIMIT_S ? Number(process.env.DATA_SCALE_LIMIT_S) * 1000 : c.timeoutMs);

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits = 0) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
const mb = (bytes) => round(bytes / 2 ** 20, 1);

/**
 * The JS heaps of a page's workers (the layer worker; CesiumJS's geometry workers on the bare
 * page), through CDP's non-flattened auto-attach on the page's own session: each worker's
 * `Runtime.getHeapUsage`, asked by message. Playwright keeps its own sessions to the same workers.
 */
function watchWorkers(cdp) {
  const sessions = new Map(); // sessionId → target title
  const waiting = new Map(); // message id → resolve
  let nextId = 1;
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') sessions.set(sessionId, targetInfo.title || targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => sessions.delete(sessionId));
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message);
    waiting.get(parsed.id)?.(parsed.result);
    waiting.delete(parsed.id);
  });
  return {
    start: () => cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }),
    /** [{ name, usedBytes }] of the workers alive now; a worker that does not answer within 5 s is left out. */
    async heaps() {
      const asks = [...sessions].map(async ([sessionId, name]) => {
        const id = nextId++;
        const answer = new Promise((resolve) => {
          waiting.set(id, resolve);
          setTimeout(() => resolve(undefined), 5_000);
        });
        await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) }).catch(() => {});
        const result = await answer;
        return result ? { name, usedBytes: result.usedSize } : undefined;
      });
      return (await Promise.all(asks)).filter(Boolean);
    },
  };
}

/**
 * Whose code a Long Animation Frame's script entered by (its `sourceURL`): CesiumJS's (/cesium/,
 * its render loop), Orbis's (/app/), the page's own (the bare page's inline loader and
 * /bench/bare-viewer.js), or none known (the bench's init script, native callbacks).
 */
export function scriptOwner(url) {
  if (!url) return 'unknown';
  const { pathname } = new URL(url);
  if (pathname.startsWith('/cesium/')) return 'cesium';
  if (pathname.startsWith('/app/')) return 'orbis';
  return 'page';
}

const describeScript = ([, duration, url, invoker, fn, frame]) =>
  `${Math.round(duration)} ms: ${invoker}${fn ? ` (${fn})` : ''} in ${url ? new URL(url).pathname : '?'}, in a frame of ${Math.round(frame)} ms`;

/**
 * Drags the globe with the mouse for `ms` (longer if fewer than MIN_PAN_FRAMES were drawn), back
 * and forth around the middle; returns frames drawn per second meanwhile.
 */
export async function pan(page, ms) {
  const frames = () => page.evaluate(() => Number(document.querySelector('[data-testid="viewer"]').dataset.frameCount ?? 'NaN'));
  const { width, height } = VIEWPORT;
  await page.mouse.move(width / 2, height / 2);
  await page.mouse.down();
  const before = await frames();
  const started = Date.now();
  let step = 0;
  // Under load a frame can take a second or more: drag on past `ms` (up to 3×) until a few are drawn.
  while (Date.now() - started < ms || (Date.now() - started < 3 * ms && (await frames()) - before < MIN_PAN_FRAMES)) {
    step++;
    const angle = step / 10;
    await page.mouse.move(width / 2 + 120 * Math.sin(angle), height / 2 + 60 * Math.sin(angle / 2));
  }
  const elapsed = Date.now() - started;
  const after = await frames();
  await page.mouse.up();
  return { fps: round(((after - before) * 1000) / elapsed, 2), frames: after - before, seconds: round(elapsed / 1000, 1), moves: step };
}

/**
 * One cold load of `url` in a fresh context with the HTTP cache disabled: ms from navigation
 * start to data-ready, the longest main-thread task before it, the JS heaps once ready, and the
 * frame rate while panning.
 */
async function loadOnce(browser, url, label, timeoutMs, problems, panMs = PAN_MS) {
  const note = (text) => problems.push(`${label}: ${text}`);
  const { context, page, cdp } = await coldPage(browser, PROBE, note);
  try {
    const workers = watchWorkers(cdp);
    await workers.start();
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    try {
      await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: timeoutMs, polling: 250 });
    } catch (err) {
      if (err.name !== 'TimeoutError') throw err;
      const state = await page
        .evaluate(() => ({
          dataReady: document.querySelector('[data-testid="viewer"]')?.getAttribute('data-ready') ?? null,
          frames: document.querySelector('[data-testid="viewer"]')?.dataset.frameCount ?? null,
          progress: document.querySelector('.layer-progress-text')?.textContent ?? null,
          longestTaskMs: Math.round(Math.max(0, ...window.__benchLongTasks.map(([, d]) => d))),
          scripts: window.__benchScripts,
          dataMs: window.__benchDataAt ?? null,
        }))
        .catch((e) => ({ evaluateFailed: e.message }));
      // Whose scripts were long up to then still says something: the page's own from the data on
      // (as a ready page's figure; before it, the app's start-up), CesiumJS's since navigation.
      if (state.scripts) {
        const own = label.endsWith('orbis') ? 'orbis' : 'page';
        const fromData = state.dataMs === null ? [] : state.scripts.filter(([start, duration]) => start + duration >= state.dataMs);
        const top = (owner, scripts = state.scripts) => scripts.filter(([, , url]) => scriptOwner(url) === owner).sort((a, b) => b[1] - a[1])[0];
        state.longestOwnScript = top(own) ? describeScript(top(own)) : null;
        state.longestOwnScriptFromData = top(own, fromData) ? describeScript(top(own, fromData)) : null;
        state.ownScriptsOver100MsFromData = fromData.filter(([, d, url]) => scriptOwner(url) === own && d > LONG_TASK_MS).length;
        state.longestCesiumScriptMs = Math.round(top('cesium')?.[1] ?? 0);
        delete state.scripts;
      }
      note(`not ready within ${timeoutMs / 1000} s: ${JSON.stringify(state)}`);
      return { timedOut: true };
    }
    const cutShort = await page.evaluate(() => window.__benchCutShort === true);
    if (cutShort) {
      // Orbis gave up waiting at 45 s: the layer is drawn at the first frame after its last batch.
      note(
        'data-ready came at the viewer\'s 45 s settle limit, before the layer was drawn: measured to the first frame after the progress read "N of N" instead',
      );
      const drawn = await page
        .waitForFunction(() => window.__benchDrawnAt !== undefined, null, { timeout: timeoutMs, polling: 250 })
        .then(
          () => true,
          () => false,
        );
      if (!drawn) {
        note(`the layer was not drawn within ${timeoutMs / 1000} s of data-ready`);
        return { timedOut: true };
      }
    }
    const { readyMs, dataMs, tasks, scripts } = await page.evaluate(
      (cut) => ({
        readyMs: cut ? Math.max(window.__benchDrawnAt, window.__benchReadyAt) : window.__benchReadyAt,
        dataMs: window.__benchDataAt ?? performance.getEntriesByName('bench:data')[0]?.startTime ?? null,
        tasks: window.__benchLongTasks,
        scripts: window.__benchScripts,
      }),
      cutShort,
    );
    const loading = tasks.filter(([start]) => start <= readyMs);
    // From the data's arrival to ready: what drawing the layer cost the main thread (CesiumJS's
    // start-up, before, is in longestTaskMs).
    const layer = dataMs === null ? [] : loading.filter(([start, duration]) => start + duration >= dataMs);
    // The same span's scripts by whose code they entered: the page's own (Orbis's, or the bare
    // page's loader) apart from CesiumJS's render.
    const spanScripts = dataMs === null ? [] : scripts.filter(([start, duration]) => start <= readyMs && start + duration >= dataMs);
    const longest = (owner) => spanScripts.filter(([, , url]) => scriptOwner(url) === owner).sort((a, b) => b[1] - a[1])[0];
    const own = longest(label.endsWith('orbis') ? 'orbis' : 'page');
    const cesium = longest('cesium');
    // Workers may still be finishing a task; their heaps are read once the page is ready.
    await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
    const mainHeap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    const workerHeaps = await workers.heaps();
    const cpuBefore = descendantsCpuMs('chromium');
    const panned = await pan(page, panMs);
    const cpuAfter = descendantsCpuMs('chromium');
    return {
      readyMs: round(readyMs),
      cutShort,
      longestTaskMs: round(Math.max(0, ...loading.map(([, d]) => d))),
      tasksOver100Ms: loading.filter(([, d]) => d > LONG_TASK_MS).length,
      dataMs: round(dataMs),
      longestLayerTaskMs: dataMs === null ? null : round(Math.max(0, ...layer.map(([, d]) => d))),
      layerTasksOver100Ms: dataMs === null ? null : layer.filter(([, d]) => d > LONG_TASK_MS).length,
      longestOwnScriptMs: dataMs === null ? null : round(own?.[1] ?? 0),
      longestOwnScript: own ? describeScript(own) : null,
      ownScriptsOver100Ms:
        dataMs === null
          ? null
          : spanScripts.filter(([, d, url]) => scriptOwner(url) === (label.endsWith('orbis') ? 'orbis' : 'page') && d > LONG_TASK_MS).length,
      longestCesiumScriptMs: dataMs === null ? null : round(cesium?.[1] ?? 0),
      mainHeapMb: mb(mainHeap),
      workerHeapMb: mb(workerHeaps.reduce((sum, w) => sum + w.usedBytes, 0)),
      workers: workerHeaps.map((w) => ({ name: w.name, heapMb: mb(w.usedBytes) })),
      panFps: panned.fps,
      panFrames: panned.frames,
      panSeconds: panned.seconds,
      panMoves: panned.moves,
      // What a pan frame cost SwiftShader (Chromium's GPU process), which a frame rate of one or two
      // frames a drag rounds away: the figure to compare when frames take seconds.
      panGpuMsPerFrame: round((cpuAfter['gpu-process'] - (cpuBefore['gpu-process'] ?? 0)) / Math.max(1, panned.frames)),
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * Uploads each case's file as a public asset of a project of its own, with its layer, and publishes
 * it. A case's `appearance`, `cluster` and `data` go into its layer, its `property` and `timeline`
 * into the scene.
 */
export async function publishCases(server, token, cases, log) {
  const admin = async (method, path, body) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: isForm ? body : body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return response.json();
  };
  const urls = {};
  for (const c of cases) {
    const started = Date.now();
    const file = c.file();
    const alias = `scale-${c.name.toLowerCase()}`;
    await admin('POST', '/api/projects', { alias, name: c.name, visibility: 'public' });
    const form = new FormData();
    form.append('public', 'true');
    form.append('file', new Blob([file]), `${c.name}.geojson`);
    const uploaded = await admin('POST', `/api/projects/${alias}/assets`, form);
    const asset = Array.isArray(uploaded) ? uploaded[0] : uploaded;
    const layer = {
      id: 'data',
      title: c.name,
      type: 'geojson',
      assetId: asset.id,
      visible: true,
      ...(c.appearance ? { appearance: c.appearance } : {}),
      ...(c.cluster ? { cluster: c.cluster } : {}),
      ...(c.data ? { data: c.data } : {}),
    };
    const scene = { property: c.property ?? {}, camera: c.camera, layers: [layer], widgets: [], story: { pages: [] } };
    await admin('PUT', `/api/projects/${alias}/scene`, c.timeline ? { ...scene, timeline: c.timeline } : scene);
    await admin('POST', `/api/projects/${alias}/publish`);
    urls[c.name] = { page: `/p/${alias}`, file: new URL(asset.url, server.url).pathname, bytes: Buffer.byteLength(file) };
    log(`${c.name}: ${mb(urls[c.name].bytes)} MB uploaded and published in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return urls;
}

/**
 * Measures every case of data-scale-data.js in one run: Orbis's published page and the bare page
 * (for cases that have one) load in turn, `runs` times (`runsOf1M` for the million points), each
 * in a new context with the cache disabled; medians and ratios Orbis / bare.
 */
export async function benchDataScale({ runs = 3, runsOf1M = runs, only, orbisOnly = false, log = () => {} } = {}) {
  const problems = [];
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-data-scale-'));
  let orbis;
  let front;
  let browser;
  const stopListening = cleanUpOnSignal(dataDir, () => orbis);
  try {
    const build = describeBuild();
    const busyBefore = await noteBusy(problems, 'before');
    orbis = await startOrbis(dataDir, problems);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const cases = dataScaleCases().filter((c) => !only || only.includes(c.name));
    if (cases.length === 0)
      throw new Error(
        `no case named ${only}; expected some of ${dataScaleCases()
          .map((c) => c.name)
          .join(', ')}`,
      );
    const urls = await publishCases(orbis, token, cases, log);
    const pages = {};
    for (const c of cases) {
      if (!c.bare) continue;
      const config = { camera: c.camera, url: urls[c.name].file, kind: c.bare };
      pages[`/bare/${c.name}`] = readFileSync(BARE_PAGE, 'utf8').replace(
        '<!--bench:config-->',
        `<script id="bench-config" type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`,
      );
    }
    front = await startFrontServer(orbis.url, pages, problems);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });

    const samples = Object.fromEntries(cases.map((c) => [c.name, { orbis: [], bare: [], timeouts: { orbis: 0, bare: 0 } }]));
    const maxRuns = Math.max(runs, runsOf1M);
    for (let run = 1; run <= maxRuns; run++) {
      for (const c of cases) {
        if (run > (c.is1M ? runsOf1M : runs)) continue;
        const which = c.bare && !orbisOnly ? ['orbis', 'bare'] : ['orbis'];
        // Alternate which page goes first, so that neither always follows the other.
        for (const side of run % 2 ? which : [...which].reverse()) {
          const url = side === 'orbis' ? `${front.url}${urls[c.name].page}` : `${front.url}/bare/${c.name}`;
          const sample = await loadOnce(browser, url, `${c.name} ${side}`, limitMs(c), problems, c.is1M ? PAN_MS_1M : PAN_MS);
          if (sample.timedOut) {
            samples[c.name].timeouts[side]++;
            log(`${c.name} ${side} run ${run}: not ready within ${limitMs(c) / 1000} s (a timeout, not counted)`);
            continue;
          }
          samples[c.name][side].push(sample);
          log(
            `${c.name} ${side} run ${run}: ready ${sample.readyMs} ms (data at ${sample.dataMs}), longest task ${sample.longestTaskMs} ms (${sample.tasksOver100Ms} over 100 ms), from the data on ${sample.longestLayerTaskMs} ms (${sample.layerTasksOver100Ms}); from then, longest script of the page's own ${sample.longestOwnScript ?? 'none over 5 ms in a long frame'} (${sample.ownScriptsOver100Ms} over 100 ms), of CesiumJS ${sample.longestCesiumScriptMs} ms; heap ${sample.mainHeapMb} MB + workers ${sample.workerHeapMb} MB, pan ${sample.panFps} fps (${sample.panFrames} frames, GPU process ${sample.panGpuMsPerFrame} ms of CPU a frame)`,
          );
        }
      }
    }
    const chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;
    if (statSync(VIEWER_DIST).mtime.toISOString() !== build.viewerBuiltAt) problems.push('run: the viewer was rebuilt during the run');
    const busyAfter = await noteBusy(problems, 'after');

    const FIELDS = [
      'readyMs',
      'dataMs',
      'panFps',
      'panGpuMsPerFrame',
      'mainHeapMb',
      'workerHeapMb',
      'longestTaskMs',
      'tasksOver100Ms',
      'longestLayerTaskMs',
      'layerTasksOver100Ms',
      'longestOwnScriptMs',
      'ownScriptsOver100Ms',
      'longestCesiumScriptMs',
    ];
    const medians = (list) =>
      Object.fromEntries(FIELDS.map((f) => [f, list.length && list.every((s) => s[f] !== null) ? round(median(list.map((s) => s[f])), 1) : null]));
    const ratio = (a, b) => (a === null || b === null || b === 0 ? null : round(a / b, 2));
    const figures = {};
    for (const c of cases) {
      const s = samples[c.name];
      const o = medians(s.orbis);
      const entry = { features: c.features, fileMb: mb(urls[c.name].bytes), runs: c.is1M ? runsOf1M : runs, orbis: o, timeouts: s.timeouts };
      if (c.bare && !orbisOnly) {
        const b = medians(s.bare);
        entry.bare = b;
        entry.ratios = {
          ready: ratio(o.readyMs, b.readyMs),
          // No bare load got ready: Orbis's time over the limit bounds the ratio from above.
          ...(b.readyMs === null && o.readyMs !== null ? { readyAtMost: ratio(o.readyMs, limitMs(c)) } : {}),
          panFps: ratio(o.panFps, b.panFps),
          // The bare page's GPU-process CPU per pan frame over Orbis's: as a frame rate ratio, without its rounding.
          panFrameCost: ratio(b.panGpuMsPerFrame, o.panGpuMsPerFrame),
          heap: ratio(o.mainHeapMb + o.workerHeapMb, b.mainHeapMb + b.workerHeapMb),
        };
      }
      entry.samples = s;
      figures[c.name] = entry;
    }
    const targets = {
      points100kReady: { value: figures.points100k?.ratios?.ready ?? null, target: '≤ 1.5' },
      points1MReady: { value: figures.points1M?.ratios?.ready ?? null, target: '≤ 2' },
      polygons100kReady: { value: figures.polygons100k?.ratios?.ready ?? figures.polygons100k?.ratios?.readyAtMost ?? null, target: '≤ 2' },
      points100kPanFps: { value: figures.points100k?.ratios?.panFps ?? null, target: '≥ 0.8' },
      // Issue 42: the pan at a million points and at 100,000 extruded polygons too.
      points1MPanFps: { value: figures.points1M?.ratios?.panFps ?? null, target: '≥ 0.8' },
      polygons100kPanFps: { value: figures.polygons100k?.ratios?.panFps ?? null, target: '≥ 0.8' },
      conditionsOverUnstyled: { value: ratio(figures.conditions100k?.orbis.readyMs ?? null, figures.points100k?.orbis.readyMs ?? null), target: '≤ 1.3' },
      // Orbis's own scripts while the million points load (Long Animation Frames' attribution); the
      // frames' tasks, CesiumJS's render of the growing layer included, are `longestLayerTaskMs`.
      points1MLongestOrbisScriptMs: { value: figures.points1M?.orbis.longestOwnScriptMs ?? null, target: '≤ 100' },
      // Issue 42: the million points clustered, against bare CesiumJS drawing every one of them.
      clustered1MReady: { value: figures.clustered1M?.ratios?.ready ?? null, target: '≤ 1' },
      clustered1MPanFps: { value: figures.clustered1M?.ratios?.panFps ?? null, target: '≥ 1.5' },
    };
    const holds = { '≤': (v, t) => v <= t, '≥': (v, t) => v >= t };
    if (figures.polygons100k?.ratios && figures.polygons100k.ratios.ready === null && figures.polygons100k.ratios.readyAtMost !== undefined)
      targets.polygons100kReady.bound = 'at most: the bare page was never ready within its limit';
    for (const t of Object.values(targets)) {
      const [op, limit] = t.target.split(' ');
      t.met = t.value === null ? null : holds[op](t.value, Number(limit));
    }
    return {
      measuredAt: new Date().toISOString(),
      seconds: round((Date.now() - started) / 1000),
      viewport: VIEWPORT,
      panSeconds: PAN_MS / 1000,
      panSecondsOf1M: PAN_MS_1M / 1000,
      heapCounted:
        'used JS heap after a forced GC once ready: the page main thread (CDP Runtime.getHeapUsage) plus every worker alive then (the layer worker on Orbis, CesiumJS geometry workers on the bare page; Runtime.getHeapUsage through CDP auto-attach). GPU buffers (SwiftShader, in the GPU process) not counted.',
      kinds: KINDS,
      machine: { cpus: cpus().length, node: process.version, chromium: chromiumVersion, busyBefore, busyAfter },
      build,
      targets,
      cases: figures,
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
