// The viewer benchmark: how long the published demo page takes to show its first ready frame, next
// to a bare CesiumJS page set up the same way, and how much JavaScript of its own the page loads.
// See bench/viewer-README-section.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BIN = fileURLToPath(new URL('../packages/server/bin/orbis.js', import.meta.url));
export const DIST = fileURLToPath(new URL('../packages/server/dist/cli/main.js', import.meta.url));
export const VIEWER_DIST = fileURLToPath(new URL('../packages/viewer/dist/published.html', import.meta.url));
const BARE_PAGE = fileURLToPath(new URL('./viewer-bare.html', import.meta.url));
/** The bare pages' CesiumJS setup, a browser module served at /bench/bare-viewer.js. */
const BARE_VIEWER_JS = fileURLToPath(new URL('./bare-viewer.js', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** packages/viewer/e2e/browser.ts's CHROMIUM_ARGS: WebGL 2 on SwiftShader, no calls to Google. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
/**
 * CHROMIUM_ARGS without `--disable-gpu`: Chromium composites on its GPU (SwiftShader here), as a
 * user's browser does on a real one. Under `--disable-gpu` the compositor is software, so it reads
 * every WebGL frame back on the main thread (`GLES2::ReadPixels`, waiting for SwiftShader to finish
 * the frame: 0.5-0.9 s of each frame's task on this machine, on every page alike).
 */
export const GPU_COMPOSITING_ARGS = CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu');
/**
 * Every host name but localhost fails to resolve: the e2e tests abort off-host requests through
 * Playwright's routing, which would put a round trip to this process in front of every request
 * and so into the measurement. Off-host requests are still recorded as problems.
 */
export const OFFLINE_ARG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

export const VIEWPORT = { width: 640, height: 480 };
const LOAD_TIMEOUT_MS = 120_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Runs in every page before its own scripts: records performance.now() (milliseconds since
 * navigation start) when the viewer element first gets data-ready="true", counts lost WebGL
 * contexts, and keeps every resource timing entry (the default buffer holds 250).
 */
const READY_PROBE = `(() => {
  performance.setResourceTimingBufferSize(100000);
  window.addEventListener('webglcontextlost', () => { window.__benchContextsLost = (window.__benchContextsLost ?? 0) + 1; }, true);
  const isReady = () => document.querySelector('[data-testid="viewer"][data-ready="true"]') !== null;
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && isReady()) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'], childList: true });
})();`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits = 0) => Number(value.toFixed(digits));

/** Which build was measured: the commit, whether the viewer's source differs from it, and when it was built. */
export function describeBuild() {
  const git = (...args) =>
    execFileSync('git', args, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  let commit = 'unknown';
  let viewerSourceChanged = null;
  try {
    commit = git('rev-parse', '--short', 'HEAD');
    viewerSourceChanged = git('status', '--porcelain', '--', 'packages/viewer/src', 'packages/viewer/published.html') !== '';
  } catch {
    // not a git checkout: the commit stays unknown
  }
  return { commit, viewerSourceChanged, viewerBuiltAt: statSync(VIEWER_DIST).mtime.toISOString() };
}

/** Busy and total CPU ticks of the whole machine so far (/proc/stat). */
function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/** The share of all CPUs busy during the next `ms`, while this benchmark runs nothing. */
export async function machineBusyShare(ms = 1000) {
  const before = cpuTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTicks();
  return after.total > before.total ? round((after.busy - before.busy) / (after.total - before.total), 2) : 0;
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. Resolves whether it had to kill. */
export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal === 'SIGKILL');
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `orbis serve` on a free port of 127.0.0.1 with a fresh data dir (so it creates and
 * publishes the demo). Its logged warnings and errors and its stderr go to `problems`.
 */
export async function startOrbis(dataDir, problems) {
  const env = { ...process.env, ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '', ORBIS_LOG_LEVEL: 'warn' };
  delete env.ORBIS_ADMIN_TOKEN; // the server writes a fresh one to <dataDir>/admin-token
  const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const note = (text) => problems.push(`server: ${text}`);
  let stderrTail = '';
  child.stderr.on('data', (d) => {
    stderrTail = (stderrTail + d).slice(-2000);
    note(`stderr: ${String(d).trim().slice(0, 300)}`);
  });
  let stopping = false;
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('orbis serve did not start within 60 s')), 60_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /Orbis listening on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
        return;
      }
      if (!line.startsWith('{')) return; // the banner's other lines
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 40) note(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
      } catch {
        note(line.slice(0, 300));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!stopping) note(`exited unexpectedly (${signal ?? code})`);
      reject(new Error(`orbis serve exited (${signal ?? code}) before it was ready: ${stderrTail.trim()}`));
    });
  });
  return {
    url,
    child,
    async stop() {
      stopping = true;
      if (await stopChild(child)) note('did not stop within 10 s of SIGTERM; killed');
      else if (child.exitCode !== 0 && child.exitCode !== null) note(`exited with ${child.exitCode} on SIGTERM`);
    },
  };
}

/** Headers of one connection, not of the request or answer passed through. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection'];

/**
 * The bench's own origin: each path of `pages` answers its HTML (viewer.js: `/bare`, the bare
 * CesiumJS page), `/bench/bare-viewer.js` the bare pages' CesiumJS setup; every other path is passed through to Orbis unchanged (its status, headers and
 * body). Both pages are loaded from here, so both take the same path to the same server for the
 * same Cesium files.
 */
export async function startFrontServer(orbisUrl, pages, problems) {
  const upstream = new URL(orbisUrl);
  const agent = new http.Agent({ keepAlive: true });
  const served = {
    ...Object.fromEntries(Object.entries(pages).map(([path, html]) => [path, { type: 'text/html; charset=utf-8', body: html }])),
    '/bench/bare-viewer.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(BARE_VIEWER_JS, 'utf8') },
  };
  const server = http.createServer((req, res) => {
    const own = req.method === 'GET' ? served[new URL(req.url, 'http://x').pathname] : undefined;
    if (own !== undefined) {
      res.writeHead(200, { 'content-type': own.type, 'cache-control': 'no-cache', 'content-length': Buffer.byteLength(own.body) });
      res.end(own.body);
      return;
    }
    let clientGone = false;
    const requestHeaders = { ...req.headers, host: upstream.host };
    for (const name of HOP_BY_HOP) delete requestHeaders[name];
    const forward = http.request(
      { agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: requestHeaders },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        res.writeHead(answer.statusCode, headers);
        answer.pipe(res);
        // An answer cut off upstream is cut off here too, or the browser would wait for its end.
        answer.on('error', (err) => {
          if (clientGone) return;
          problems.push(`proxy: ${req.method} ${req.url}: answer cut off: ${err.message}`);
          res.destroy();
        });
      },
    );
    forward.on('error', (err) => {
      if (clientGone) return;
      problems.push(`proxy: ${req.method} ${req.url}: ${err.message}`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    // The browser gave up on it (its context closed): stop asking upstream too.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      forward.destroy();
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async stop() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The published page's own JavaScript: every script and modulepreload under /app/ in its HTML,
 * plus the /app/ modules those import statically (dynamic imports are listed, not counted).
 */
async function measureAppJs(orbisUrl) {
  const pageUrl = new URL('/p/demo', orbisUrl);
  const html = await (await fetch(pageUrl)).text();
  const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const wanted = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) wanted.push(new URL(src, pageUrl));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && /^modulepreload$/i.test(attr(tag, 'rel') ?? '')) wanted.push(new URL(href, pageUrl));
  }
  const isApp = (url) => url.origin === pageUrl.origin && url.pathname.startsWith('/app/');
  const files = [];
  const lazy = new Set();
  const seen = new Set();
  const queue = wanted.filter(isApp);
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ path: url.pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    const text = body.toString('utf8');
    const relative = (specifier) => (/^(\.{0,2}\/)/.test(specifier) ? new URL(specifier, url) : undefined);
    for (const [, specifier] of text.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+)["']/g)) {
      const target = relative(specifier);
      if (target && isApp(target)) queue.push(target);
    }
    for (const [, specifier] of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
      const target = relative(specifier);
      if (target && isApp(target)) lazy.add(target.pathname);
    }
  }
  if (files.length === 0) throw new Error('the published page loads no JavaScript from /app/');
  for (const file of files) lazy.delete(file.path);
  return {
    gzipKb: round(files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024, 1),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    files,
    lazyNotCounted: [...lazy],
  };
}

/** The problems in the order first seen, each once, with `(N times)` when it came up more than once. */
export function countRepeats(problems) {
  const counts = new Map();
  for (const problem of problems) counts.set(problem, (counts.get(problem) ?? 0) + 1);
  return [...counts].map(([problem, n]) => (n > 1 ? `${problem} (${n} times)` : problem));
}

export function isLocal(url) {
  const { protocol, hostname } = new URL(url);
  return protocol === 'data:' || protocol === 'blob:' || LOCAL_HOSTS.has(hostname);
}

/**
 * A page in a fresh context with the HTTP cache disabled and `initScript` run before its own
 * scripts; what goes wrong on it (page errors, console errors and warnings, requests to another
 * host, failed requests, answers of 400 or more, a crash) is passed to `note`. Close `context`.
 */
export async function coldPage(browser, initScript, note) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  page.on('pageerror', (error) => note(`page error: ${error.message.split('\n')[0]}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // "Failed to load resource" names no URL in its text: take the message's location's.
    const where = message.location()?.url;
    note(`console ${message.type()}: ${message.text().slice(0, 300)}${where && !message.text().includes(where) ? ` (${where})` : ''}`);
  });
  page.on('request', (request) => {
    if (!isLocal(request.url())) note(`request to another host: ${request.url()}`);
  });
  page.on('requestfailed', (request) => note(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('crash', () => note('the page crashed'));
  return { context, page, cdp };
}

/**
 * One cold load of `url` in a fresh context with the HTTP cache disabled: milliseconds from
 * navigation start to data-ready="true" (in the page), plus what it fetched and what went wrong.
 */
async function loadOnce(browser, url, label, problems) {
  const note = (text) => problems.push(`${label}: ${text}`);
  const { context, page } = await coldPage(browser, READY_PROBE, note);
  try {
    const inFlight = new Map();
    page.on('request', (request) => inFlight.set(request, Date.now()));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    try {
      await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
    } catch (err) {
      if (err.name !== 'TimeoutError') throw err;
      // Not counted, but said where it stuck: the page's state and the requests still open.
      const state = await page
        .evaluate(() => ({
          readyState: document.readyState,
          dataReady: document.querySelector('[data-testid="viewer"]')?.getAttribute('data-ready') ?? null,
          canvases: document.querySelectorAll('canvas').length,
          webglContextsLost: window.__benchContextsLost ?? 0,
          cesiumErrorPanel: document.querySelector('.cesium-widget-errorPanel')?.textContent?.slice(0, 300) ?? null,
          resources: performance.getEntriesByType('resource').length,
        }))
        .catch((e) => ({ evaluateFailed: e.message }));
      const open = [...inFlight].map(([request, since]) => `${request.url()} (open ${Date.now() - since} ms)`);
      note(
        `not ready within ${LOAD_TIMEOUT_MS / 1000} s: ${JSON.stringify(state)}; ${open.length} requests open${open.length ? `: ${open.slice(0, 10).join(', ')}` : ''}`,
      );
      return { timedOut: true };
    }
    const wallMs = Date.now() - started;
    const measured = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const [navigation] = performance.getEntriesByType('navigation');
      // Orbis marks the first frame drawn with the globe's tiles loaded (the bare page's ready rule).
      const firstFrame = performance.getEntriesByName('orbis:first-frame')[0];
      return {
        readyMs: window.__benchReadyAt,
        firstFrameMs: firstFrame ? firstFrame.startTime : window.__benchReadyAt,
        requests: resources.length + 1,
        transferBytes: resources.reduce((sum, r) => sum + r.transferSize, navigation?.transferSize ?? 0),
        domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? null,
      };
    });
    return {
      ...measured,
      readyMs: round(measured.readyMs),
      firstFrameMs: round(measured.firstFrameMs),
      wallMs,
      domContentLoadedMs: measured.domContentLoadedMs === null ? null : round(measured.domContentLoadedMs),
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * On Ctrl-C or SIGTERM nothing in a run gets to clean up: kills the server `server()` returns and
 * drops `dataDir` then (Playwright closes the browser it launched on its own). Returns the function
 * that stops listening.
 */
export function cleanUpOnSignal(dataDir, server) {
  const onSignal = () => {
    server()?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/** The share of all CPUs busy with other work in the next second; above 15% it is noted in `problems` (`when`: before or after the run). */
export async function noteBusy(problems, when) {
  const share = await machineBusyShare();
  if (share > 0.15) problems.push(`run: ${Math.round(share * 100)}% of the CPUs were busy with other work ${when} the run: times are long and vary`);
  return share;
}

/**
 * Measures, in one run: the published demo `/p/demo` and the bare CesiumJS page, `runs` cold
 * loads each (after one warm-up load of each, not counted), alternating, at 640×480; the medians
 * of their time to the first frame drawn with the globe's tiles loaded and its ratio, Orbis's
 * time to data-ready (layers and plugins done too); and the gzip size of the page's own JavaScript.
 */
export async function benchViewer({ runs = 5, log = () => {} } = {}) {
  if (!existsSync(DIST)) throw new Error('the server is not built: run `npm run build` first');
  if (!existsSync(VIEWER_DIST)) throw new Error('the viewer is not built: run `npm run build` first');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing: install it with \`apt-get install -y chromium\` so that ${CHROMIUM_PATH} exists`);

  const problems = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-viewer-'));
  let orbis;
  let front;
  let browser;
  const stopListening = cleanUpOnSignal(dataDir, () => orbis);
  try {
    const build = describeBuild();
    const busyBefore = await noteBusy(problems, 'before');

    const serverStarted = Date.now();
    orbis = await startOrbis(dataDir, problems);
    const serverStartSeconds = round((Date.now() - serverStarted) / 1000, 2);
    log(`orbis serve at ${orbis.url} (${serverStartSeconds} s)`);
    const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const sceneResponse = await fetch(new URL('/api/projects/demo/scene', orbis.url), { headers: { authorization: `Bearer ${adminToken}` } });
    if (!sceneResponse.ok) throw new Error(`GET /api/projects/demo/scene answered ${sceneResponse.status}`);
    const { camera } = await sceneResponse.json();

    const appJs = await measureAppJs(orbis.url);
    log(`app JS: ${appJs.files.length} files, ${appJs.gzipKb} KiB gzipped`);

    const bareHtml = readFileSync(BARE_PAGE, 'utf8').replace(
      '<!--bench:camera-->',
      `<script id="bench-camera" type="application/json">${JSON.stringify(camera).replace(/</g, '\\u003c')}</script>`,
    );
    front = await startFrontServer(orbis.url, { '/bare': bareHtml }, problems);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });
    const pages = { orbis: `${front.url}/p/demo`, bare: `${front.url}/bare` };
    const samples = { orbis: [], bare: [] };

    const timeouts = { orbis: 0, bare: 0 };
    for (const which of ['orbis', 'bare']) {
      const warm = await loadOnce(browser, pages[which], which, problems);
      log(`${which} warm-up: ${warm.timedOut ? `not ready within ${LOAD_TIMEOUT_MS / 1000} s` : `ready in ${warm.readyMs} ms`} (not counted)`);
    }
    for (let run = 1; run <= runs; run++) {
      // Alternate which page goes first, so that neither always follows the other.
      const order = run % 2 ? ['orbis', 'bare'] : ['bare', 'orbis'];
      for (const which of order) {
        const sample = await loadOnce(browser, pages[which], which, problems);
        if (sample.timedOut) {
          timeouts[which]++;
          log(`${which} run ${run}/${runs}: not ready within ${LOAD_TIMEOUT_MS / 1000} s (not counted)`);
          continue;
        }
        samples[which].push(sample);
        log(`${which} run ${run}/${runs}: ready in ${sample.readyMs} ms, ${sample.requests} requests, ${(sample.transferBytes / 2 ** 20).toFixed(1)} MB`);
      }
    }
    for (const which of ['orbis', 'bare']) {
      if (samples[which].length === 0) throw new Error(`no load of the ${which} page got ready within ${LOAD_TIMEOUT_MS / 1000} s`);
    }
    const chromiumVersion = browser.version();
    await browser.close();
    browser = undefined;

    if (statSync(VIEWER_DIST).mtime.toISOString() !== build.viewerBuiltAt) problems.push('run: the viewer was rebuilt during the run');
    const busyAfter = await noteBusy(problems, 'after');

    const summary = (list) => ({
      firstFrameMs: list.map((s) => s.firstFrameMs),
      readyMs: list.map((s) => s.readyMs),
      wallMs: list.map((s) => s.wallMs),
      domContentLoadedMs: list.map((s) => s.domContentLoadedMs),
      medianRequests: median(list.map((s) => s.requests)),
      medianTransferMb: round(median(list.map((s) => s.transferBytes)) / 2 ** 20, 2),
    });
    // First frame: the first frame drawn with the globe's tiles loaded, the same rule on both pages.
    // Orbis's data-ready comes later (its layers built and plugins started too): reported beside it.
    const orbisFirstFrameMs = round(median(samples.orbis.map((s) => s.firstFrameMs)));
    const orbisReadyMs = round(median(samples.orbis.map((s) => s.readyMs)));
    const bareCesiumFirstFrameMs = round(median(samples.bare.map((s) => s.readyMs)));
    const cesiumVersion = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cesium/package.json'), 'utf8')).version;
    return {
      measuredAt: new Date().toISOString(),
      runs,
      viewport: VIEWPORT,
      machine: { cpus: cpus().length, node: process.version, chromium: chromiumVersion, busyBefore, busyAfter },
      cesium: cesiumVersion,
      build,
      orbisFirstFrameMs,
      bareCesiumFirstFrameMs,
      firstFrameRatio: round(orbisFirstFrameMs / bareCesiumFirstFrameMs, 2),
      orbisReadyMs,
      readyRatio: round(orbisReadyMs / bareCesiumFirstFrameMs, 2),
      appJsGzipKb: appJs.gzipKb,
      appJs: { bytes: appJs.bytes, files: appJs.files, lazyNotCounted: appJs.lazyNotCounted },
      samples: { orbis: summary(samples.orbis), bare: summary(samples.bare) },
      timeouts,
      serverStartSeconds,
      problems: countRepeats(problems),
    };
  } catch (err) {
    if (problems.length === 0) throw err;
    throw new Error(`${err.message}\nproblems so far:\n  ${countRepeats(problems).join('\n  ')}`, { cause: err });
  } finally {
    stopListening();
    await browser?.close().catch(() => {});
    await front?.stop().catch(() => {});
    await orbis?.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
