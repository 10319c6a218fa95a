import { describe, expect, it } from 'vitest';
import { widgetPlugin as plugin, pluginLines, emptyScene, overJapan, useBrowserAndServer } from './fixture.js';

/**
 * SPEC §11 on a real page: hostile plugins, each in its worker, beside a well-behaved one. They
 * start when the good plugin's UI button is pressed (an extension message each), so the window
 * measured holds only them. The page records how long each of its tasks that handled a plugin
 * worker's message took (wrapping Worker's onmessage): every main-thread task a plugin causes is
 * one of those (its calls, its console, its stop). PerformanceObserver's long tasks cannot tell
 * them from Cesium's own frames, which software WebGL on a busy machine makes long.
 */
const GOOD = `
  let beats = 0;
  setInterval(() => console.log('BEAT ' + ++beats), 100);
  app.viewer.on('click', () => console.log('CLICK'));
  app.camera.on('move', (p) => console.log('MOVE ' + p.lng.toFixed(4)));
  app.ui.show('<button id="go" onclick="parent.postMessage(\\'go\\', \\'*\\')">go</button>', { width: 80, height: 40 });
  app.ui.on('message', () => {
    for (const e of app.extension.list) if (e.id !== 'good/main') app.extension.postMessage(e.id, 'go');
    console.log('SENT');
  });
`;

/** Each runs when told to: in built-ins, without end. */
const HOGS: Record<string, string> = {
  spin: `for (;;) 'z'.repeat(1 << 20);`,
  strings: `const parts = []; for (;;) parts.push('x'.repeat(1 << 24) + parts.length);`,
  backtrack: `/^(a+)+$/.test('a'.repeat(40) + '!');`,
  allocate: `const a = []; for (;;) a.push(new Array(100000).fill(1));`,
  search: `const s = 'a'.repeat(1 << 20); s.indexOf('a'.repeat(1 << 19) + 'b');`,
};
/** Never stopped: 300 ms of work every 100 ms, each within its slice, for ever. */
const BUSY = `app.extension.on('extensionMessage', () => setInterval(() => { const t = Date.now(); while (Date.now() - t < 300) {} }, 100));`;


/** Installed before the page's scripts: when each worker message handler ran and how long it took. */
const PROBE = `
  window.__pluginTasks = [];
  // Only the plugins' workers (worker-sandbox.ts names them "plugin …"), not Cesium's.
  const set = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage').set;
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      if (!String(options && options.name).startsWith('plugin ')) return;
      Object.defineProperty(this, 'onmessage', { set(handler) {
        set.call(this, (event) => { const t = performance.now(); try { handler(event); } finally { window.__pluginTasks.push([t, performance.now() - t]); } });
      } });
    }
  };
`;

describe('plugin isolation in Chromium: no plugin holds the page (SPEC §11)', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      await h.project('isolated');
      await h.admin('PUT', '/api/projects/isolated/scene', emptyScene(overJapan()));
      const plugins = [plugin('good', GOOD), plugin('busy', BUSY), ...Object.entries(HOGS).map(([id, hog]) => plugin(id, `app.extension.on('extensionMessage', () => { ${hog} });`))];
      for (const p of plugins) expect((await h.admin('POST', '/api/projects/isolated/plugins', p)).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/isolated/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.addInitScript(PROBE);
      await tab.page.goto(`${h.url}/p/isolated`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    },
  });

  const lines = (id: string) => pluginLines(fx.tab, `${id}/main`);
  const beats = () => lines('good').filter((l) => l.startsWith('BEAT ')).length;

  it('is cross-origin isolated, so plugins run in workers', async () => {
    for (const path of ['/p/isolated', '/editor/isolated', '/app/plugin-frame.html']) {
      const response = await fetch(`${fx.h.url}${path}`);
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy'), path).toBe('credentialless');
    }
    expect(await fx.tab.page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated)).toBe(true);
    expect(fx.tab.consoleMessages.some((m) => m.text.includes('plugins run on the main thread'))).toBe(false);
    await expect.poll(beats, { timeout: 30_000 }).toBeGreaterThan(2);
  });

  it('stops each hog, reports it, and never holds the main thread for 50 ms on a plugin\'s account', async () => {
    const started = await fx.tab.page.evaluate(() => performance.now());
    await fx.tab.page.frameLocator('iframe[data-plugin="good/main"]').locator('#go').click();
    await expect.poll(() => lines('good').includes('SENT'), { timeout: 30_000 }).toBe(true);
    for (const id of Object.keys(HOGS)) {
      await expect.poll(() => lines(id).filter((l) => l.startsWith('stopped: ')), { timeout: 60_000, message: `${id}: ${JSON.stringify(lines(id))}` }).toHaveLength(1);
    }
    const beatsThen = beats();
    await expect.poll(beats, { timeout: 30_000 }).toBeGreaterThan(beatsThen + 3);
    const tasks = await fx.tab.page.evaluate((since) => (globalThis as unknown as { __pluginTasks: [number, number][] }).__pluginTasks.filter(([t]) => t >= since), started);
    expect(tasks.length).toBeGreaterThan(10);
    // The plugins' longest main-thread task: a few milliseconds (a stop: terminate, frame and layers out).
    expect(Math.max(...tasks.map(([, d]) => d))).toBeLessThan(50);
    expect(lines('busy').some((l) => l.startsWith('stopped: '))).toBe(false);
  });

  it('keeps drawing while the globe is dragged beside a plugin that never rests, and the good plugin hears clicks', async () => {
    const box = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    const moves = () => new Set(lines('good').filter((l) => l.startsWith('MOVE '))).size;
    const before = moves();
    const { x, y } = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await fx.tab.page.mouse.move(x, y);
    await fx.tab.page.mouse.down();
    // A few moves: each is a frame that software WebGL draws slowly.
    for (let i = 1; i <= 4; i++) await fx.tab.page.mouse.move(x + i * 25, y + i * 8);
    await fx.tab.page.mouse.up();
    // Each camera move event is one drawn frame in which the camera moved.
    await expect.poll(moves, { timeout: 60_000 }).toBeGreaterThan(before + 1);
    const clicks = lines('good').filter((l) => l === 'CLICK').length;
    await fx.tab.page.mouse.click(x, y);
    await expect.poll(() => lines('good').filter((l) => l === 'CLICK').length, { timeout: 30_000 }).toBe(clicks + 1);
    fx.tab.assertClean();
  });
});
