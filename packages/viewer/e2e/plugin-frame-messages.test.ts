import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyScene, reportLines, reports, SAY, useBrowserAndServer, widgetPlugin } from './fixture.js';

/** A stylesheet the test serves only when it chooses (https:, which the frame's policy allows). */
const SLOW_CSS = 'https://styles.orbis.test/slow.css';

/**
 * Frame HTML as Re:Earth's presets write it: a stylesheet from the network, then the script that
 * listens. Each message it gets goes back to the plugin, marked with the frame's `kind`.
 */
const html = (kind: string) =>
  `<link rel="stylesheet" href="${SLOW_CSS}"><p>${kind}</p><script>addEventListener('message', (e) => parent.postMessage({ kind: '${kind}', got: e.data }, '*'))</script>`;

/** Posts to its UI and modal right after showing them, before the frames can have loaded anything. */
const POSTER = `
${SAY}
app.ui.on('message', (m) => say('got', m));
app.modal.on('message', (m) => say('got', m));
app.ui.show(${JSON.stringify(html('ui'))}, { width: 80, height: 40 });
for (let i = 1; i <= 3; i++) app.ui.postMessage(i);
app.modal.show(${JSON.stringify(html('modal'))}, { width: 80, height: 40 });
app.modal.postMessage('m1');
app.modal.postMessage('m2');
// A second show before the first HTML is ready: what is posted reaches the HTML that shows, in order.
app.modal.show(${JSON.stringify(html('modal'))}, { width: 80, height: 40 });
app.modal.postMessage('m3');
say('posted', true);
setTimeout(() => { app.ui.postMessage(4); say('postedLate', true); }, 0);
`;

/** The queue's frame waits for its own stylesheet, which the second test holds. */
const QUEUE_CSS = 'https://styles.orbis.test/queue.css';

/**
 * Posts 1,200 messages to a frame that is not ready, 100 every 1.1 s, then says so. Its frame counts what it gets and
 * answers once, when no more come. (A tick the worker runs late is followed by the next at once, so two may fall in
 * one second: 200, the budget's most.)
 */
const QUEUER = `
${SAY}
app.ui.on('message', (m) => say('summary', m));
app.ui.show(${JSON.stringify(
  `<link rel="stylesheet" href="${QUEUE_CSS}"><script>let got = []; let quiet; addEventListener('message', (e) => { got.push(e.data); clearTimeout(quiet); quiet = setTimeout(() => parent.postMessage({ count: got.length, first: got[0], last: got[got.length - 1] }, '*'), 500); })</script>`,
)}, { width: 80, height: 40 });
let next = 1;
const tick = setInterval(() => {
  for (let i = 0; i < 100; i++) app.ui.postMessage(next++);
  if (next > 1200) { clearInterval(tick); say('queued', next - 1); }
}, 1100);
`;

describe('docs/contract.md §8: messages to a plugin frame are delivered in order once its own scripts have run', () => {
  const held: Route[] = [];
  const queueHeld: Route[] = [];
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('frame-messages');
      await h.admin('PUT', '/api/projects/frame-messages/scene', emptyScene());
      expect((await h.admin('POST', '/api/projects/frame-messages/plugins', widgetPlugin('poster', POSTER))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/frame-messages/plugins', widgetPlugin('queuer', QUEUER))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/frame-messages/publish')).status).toBe(200);
    },
    // The stylesheet is held until the test lets it go: the frames' scripts cannot run before.
    onPage: async (tab) => {
      await tab.page.route(SLOW_CSS, (route) => void held.push(route));
      await tab.page.route(QUEUE_CSS, (route) => void queueHeld.push(route));
    },
  });

  it('holds every message posted right after show while the frame waits for a stylesheet, then delivers them in order', async () => {
    await fx.tab.page.goto(`${fx.h.url}/p/frame-messages`);
    const sent = () => reports(fx.tab, 'poster/main');
    await expect.poll(() => sent().postedLate, { timeout: 120_000 }).toBe(true);
    // Both frames asked for the stylesheet (the modal's second HTML too) and nothing has reached them.
    await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    expect('got' in sent()).toBe(false);
    const release = () => {
      // A request of a document already replaced (the modal's first) is gone: fulfilling it fails, and nothing waits for it.
      for (const route of held.splice(0)) route.fulfill({ status: 200, contentType: 'text/css', body: 'p { color: rgb(1, 2, 3) }' }).catch(() => undefined);
    };
    release();
    const got = () =>
      reportLines(fx.tab, 'poster/main')
        .filter(([name]) => name === 'got')
        .map(([, value]) => value as { kind: string; got: unknown });
    const of = (kind: string) =>
      got()
        .filter((m) => m.kind === kind)
        .map((m) => m.got);
    // A re-shown modal asks for its stylesheet again; each request is answered as it comes.
    await expect.poll(() => (release(), of('modal')), { timeout: 60_000 }).toEqual(['m1', 'm2', 'm3']);
    await expect.poll(() => of('ui'), { timeout: 60_000 }).toEqual([1, 2, 3, 4]);
    // The frame's stylesheet applied before its script ran: the page it shows is the plugin's own.
    const frame = fx.tab.page.frameLocator('iframe.orbis-widget[data-plugin="poster/main"]');
    expect(await frame.locator('p').evaluate((p) => p.ownerDocument.defaultView!.getComputedStyle(p).color)).toBe('rgb(1, 2, 3)');
    fx.tab.assertClean();
  });

  it('holds at most 1,000 messages for a frame that is not ready: the oldest go, with one warning (issue 30)', async () => {
    const said = () => reports(fx.tab, 'queuer/main');
    await expect.poll(() => said().queued, { timeout: 120_000 }).toBe(1200);
    await expect.poll(() => queueHeld.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    expect('summary' in said()).toBe(false);
    const warnings = fx.tab.consoleMessages.filter((m) => m.text.includes('[plugin queuer/main] its UI is not ready and holds 1000 messages'));
    expect(warnings).toHaveLength(1);
    for (const route of queueHeld.splice(0)) await route.fulfill({ status: 200, contentType: 'text/css', body: 'p {}' });
    await expect.poll(() => said().summary, { timeout: 60_000 }).toEqual({ count: 1000, first: 201, last: 1200 });
  });
});
