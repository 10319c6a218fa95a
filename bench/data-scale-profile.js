// `node bench/data-scale-profile.js CASE [--pan]`: where one data-scale case's load goes on the
// published page (CASE: points100k, conditions100k, polygons100k or points1M; see data-scale.js).
// One cold load with CPU profiles of the page's main thread and of the layer worker (CDP
// `Profiler`, the worker reached by auto-attach), and a timeline of the worker's messages to the
// page (an init script wraps `Worker`); prints the timeline and the functions with the most self
// time on each thread. --pan: also profiles the main thread while the globe is dragged for 4 s.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { selfTimes } from './cpu-profile.js';
import { dataScaleCases } from './data-scale-data.js';
import { publishCases } from './data-scale.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, coldPage, OFFLINE_ARG, startFrontServer, startOrbis } from './viewer.js';

const name = process.argv[2];
const withPan = process.argv.includes('--pan');
const chosen = dataScaleCases().find((c) => c.name === name);
if (!chosen)
  throw new Error(
    `usage: node bench/data-scale-profile.js CASE [--pan]; CASE is one of ${dataScaleCases()
      .map((c) => c.name)
      .join(', ')}`,
  );

/** Records each message a worker sends the page: [ms since navigation start, type, features in it]. */
const TIMELINE = `(() => {
  window.__benchMessages = [];
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      window.__benchMessages.push([performance.now(), 'worker created', 0]);
      this.addEventListener('message', (event) => {
        const d = event.data;
        // CesiumJS's own workers (geometry, decoding) answer without a string type: left out.
        if (typeof d?.type === 'string') window.__benchMessages.push([performance.now(), d?.type, d?.batch?.count ?? d?.features ?? 0]);
      });
    }
  };
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="viewer"][data-ready="true"]')) { window.__benchReadyAt = performance.now(); observer.disconnect(); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'], childList: true });
})();`;

const problems = [];
const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-data-profile-'));
const orbis = await startOrbis(dataDir, problems);
let browser;
let front;
try {
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const urls = await publishCases(orbis, token, [chosen], (line) => process.stderr.write(`${line}\n`));
  front = await startFrontServer(orbis.url, {}, problems);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });
  const { page, cdp } = await coldPage(browser, TIMELINE, (text) => problems.push(text));
  // The worker's profiler, by messages through the page's session (non-flattened auto-attach).
  let nextId = 1;
  const waiting = new Map();
  const workerSessions = [];
  const toWorker = (sessionId, method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => resolve(undefined));
    });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message);
    if (parsed.id === undefined) return;
    waiting.get(parsed.id)?.(parsed.result);
    waiting.delete(parsed.id);
  });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    workerSessions.push({ sessionId, title: targetInfo.title || targetInfo.url });
    toWorker(sessionId, 'Profiler.enable').then(() => toWorker(sessionId, 'Profiler.start'));
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await page.goto(`${front.url}${urls[name].page}`, { waitUntil: 'commit' });
  // Not ready in time: the profiles up to then still say where the time went.
  const limitMs = Number(process.env.PROFILE_LIMIT_S ?? chosen.timeoutMs / 1000) * 1000;
  await page
    .waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: limitMs, polling: 250 })
    .catch(() => console.log(`not ready within ${limitMs / 1000} s: profiled up to then`));
  const main = (await cdp.send('Profiler.stop')).profile;
  const { readyAt, messages, tasks, progress } = await page.evaluate(() => ({
    readyAt: window.__benchReadyAt ?? performance.now(),
    messages: window.__benchMessages,
    tasks: window.__benchLongTasks,
    progress: document.querySelector('.layer-progress-text')?.textContent,
  }));
  const workers = [];
  for (const w of workerSessions) {
    const result = await Promise.race([toWorker(w.sessionId, 'Profiler.stop'), new Promise((r) => setTimeout(r, 10_000))]);
    if (result?.profile) workers.push({ title: w.title, profile: result.profile });
  }

  console.log(`${name} on Orbis: ready (or given up) at ${Math.round(readyAt)} ms after navigation start; progress: ${progress}`);
  console.log("timeline of the worker's messages (ms since navigation start, type, features):");
  const batches = messages.filter(([, type]) => type === 'batch');
  for (const [at, type, n] of messages.filter(([, type]) => type !== 'batch')) console.log(`  ${String(Math.round(at)).padStart(7)}  ${type} ${n || ''}`);
  if (batches.length)
    console.log(
      `  batches: ${batches.length}, first at ${Math.round(batches[0][0])} ms, last at ${Math.round(batches.at(-1)[0])} ms, ${batches[0][2]} features each`,
    );
  const loading = tasks.filter(([start]) => start <= readyAt).sort((a, b) => b[1] - a[1]);
  console.log(
    `main-thread long tasks before ready: ${loading.length}, over 100 ms: ${loading.filter(([, d]) => d > 100).length}; longest: ${loading
      .slice(0, 8)
      .map(([s, d]) => `${Math.round(d)} ms at ${Math.round(s)}`)
      .join(', ')}`,
  );
  const m = selfTimes(main);
  console.log(`\nmain thread, navigation to ready: ${m.totalMs} ms sampled; self time by function:\n${m.rows.join('\n')}`);
  for (const w of workers) {
    const s = selfTimes(w.profile);
    console.log(`\nworker "${w.title}": ${s.totalMs} ms sampled; self time by function:\n${s.rows.join('\n')}`);
  }
  if (withPan) {
    await cdp.send('Profiler.start');
    const frames = () => page.evaluate(() => Number(document.querySelector('[data-testid="viewer"]').dataset.frameCount));
    await page.mouse.move(320, 240);
    await page.mouse.down();
    const before = await frames();
    const started = Date.now();
    for (let step = 1; Date.now() - started < 4_000; step++) await page.mouse.move(320 + 120 * Math.sin(step / 10), 240 + 60 * Math.sin(step / 20));
    const drawn = (await frames()) - before;
    await page.mouse.up();
    const p = selfTimes((await cdp.send('Profiler.stop')).profile);
    console.log(
      `\npan: ${drawn} frames in ${((Date.now() - started) / 1000).toFixed(1)} s; main thread ${p.totalMs} ms sampled; self time by function:\n${p.rows.join('\n')}`,
    );
  }
  if (problems.length) console.log(`\nproblems:\n  ${problems.join('\n  ')}`);
} finally {
  await browser?.close().catch(() => {});
  await front?.stop().catch(() => {});
  await orbis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
