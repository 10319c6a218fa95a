// The bytes of the published demo's first load (`/p/demo`, cold, in headless Chromium), as the
// browser received them, compressed (the browser's own Accept-Encoding) against identity (every
// request sent with `Accept-Encoding: identity`), in one run on one server.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, OFFLINE_ARG, startOrbis, VIEWPORT } from './viewer.js';

const READY_TIMEOUT_MS = 120_000;
/** The load counts as over when no request has started or finished for this long after data-ready. */
const QUIET_MS = 2_000;

/**
 * One cold load in a fresh context, the HTTP cache off: every response's bytes on the wire
 * (headers and body, CDP's `encodedDataLength`), dedicated workers' included, until the viewer is
 * data-ready and the network has been quiet for QUIET_MS.
 */
async function loadOnce(browser, url, { identity }) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const responses = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', () => (lastActivity = Date.now()));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      responses.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity', bytes: 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      lastActivity = Date.now();
      const entry = responses.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
    await page.waitForSelector('[data-testid="viewer"][data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
    while (Date.now() - lastActivity < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 250));
    const all = [...responses.values()].filter((r) => !r.url.startsWith('data:') && !r.url.startsWith('blob:'));
    const byEncoding = {};
    for (const r of all) byEncoding[r.encoding] = (byEncoding[r.encoding] ?? 0) + 1;
    const largest = [...all]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((r) => ({ path: new URL(r.url).pathname, encoding: r.encoding, bytes: r.bytes }));
    return { requests: all.length, bytes: all.reduce((sum, r) => sum + r.bytes, 0), responsesByEncoding: byEncoding, largest };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Measures the demo's first load twice on one fresh server: compressed, then identity. */
export async function benchFirstLoadBytes({ log = () => {} } = {}) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing: install it with \`apt-get install -y chromium\` so that ${CHROMIUM_PATH} exists`);
  const problems = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-first-load-'));
  let orbis;
  let browser;
  try {
    orbis = await startOrbis(dataDir, problems);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, OFFLINE_ARG] });
    const url = `${orbis.url}/p/demo`;
    const compressed = await loadOnce(browser, url, { identity: false });
    log(`compressed: ${compressed.requests} requests, ${compressed.bytes} bytes`);
    const identity = await loadOnce(browser, url, { identity: true });
    log(`identity: ${identity.requests} requests, ${identity.bytes} bytes`);
    if (identity.responsesByEncoding.br || identity.responsesByEncoding.gzip) problems.push('run: the identity load received compressed answers');
    return { page: '/p/demo', compressed, identity, ratio: Number((compressed.bytes / identity.bytes).toFixed(3)), problems };
  } finally {
    await browser?.close().catch(() => {});
    await orbis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
