import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { PluginHost } from './plugin-host.js';
import type { InstalledPlugin } from './viewer-services.js';
import type { SandboxLimits } from './sandbox/sandbox-limits.js';
import { loadQuickJs } from './quickjs/quickjs.js';
import { setLanguage } from '../ui/i18n.js';
import { runPlugins, widgetPlugin as plugin } from '../../testing/test-services.js';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('PluginHost', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(plugins: InstalledPlugin[], property = {}, limits?: Partial<SandboxLimits>) {
    const started = runPlugins(module, plugins, { property, limits });
    host = started.host;
    return started;
  }

  it('gives env, viewport and the live property; defaults are not included', () => {
    const { lines } = run(
      [
        plugin(
          'p',
          `
      console.log(app.viewer.env);
      console.log(app.viewer.viewport);
      console.log(app.viewer.property);
    `,
        ),
      ],
      { terrain: { enabled: false } },
    );
    expect(lines()).toEqual([
      { inEditor: true, isBuilt: false, language: 'en' },
      { width: 640, height: 480, isMobile: false, query: { tab: 'map' } },
      { terrain: { enabled: false } },
    ]);
  });

  it('overrides the property in per-plugin layers, in install order, live for every plugin', async () => {
    const { lines, calls, host } = run(
      [
        plugin(
          'a',
          `app.viewer.overrideProperty({ terrain: { enabled: true }, sky: { atmosphere: false } }); console.log(app.viewer.property);
        app.viewer.on('click', () => console.log(app.viewer.property));`,
        ),
        plugin(
          'b',
          `app.viewer.overrideProperty({ terrain: { enabled: false, exaggeration: 2 } }); console.log(app.viewer.property);
        app.viewer.on('click', () => { app.viewer.overrideProperty({ terrain: null }); console.log(app.viewer.property); });`,
        ),
      ],
      { globe: { baseColor: '#000000' } },
    );
    expect(lines('a/main')[0]).toEqual({ globe: { baseColor: '#000000' }, terrain: { enabled: true }, sky: { atmosphere: false } });
    expect(lines('b/main')[0]).toEqual({ globe: { baseColor: '#000000' }, terrain: { enabled: false, exaggeration: 2 }, sky: { atmosphere: false } });
    host.emit('click', { x: 1, y: 2 });
    // a reads after b? no: a's listener ran first, before b removed its layer.
    expect(lines('a/main')[1]).toEqual({ globe: { baseColor: '#000000' }, terrain: { enabled: false, exaggeration: 2 }, sky: { atmosphere: false } });
    expect(lines('b/main')[1]).toEqual({ globe: { baseColor: '#000000' }, terrain: { enabled: true }, sky: { atmosphere: false } });
    host.setSceneProperty({ globe: { baseColor: '#ffffff' } });
    expect(host.effectiveProperty()).toEqual({ globe: { baseColor: '#ffffff' }, terrain: { enabled: true }, sky: { atmosphere: false } });
    expect(calls.filter((c) => c.op === 'applyProperty').at(-1)!.args[0]).toEqual(host.effectiveProperty());
    await tick();
  });

  it('refuses a property that is not an object', () => {
    const { lines } = run([
      plugin(
        'p',
        `for (const bad of [null, 3, 'x', []]) { try { app.viewer.overrideProperty(bad); console.log('no'); } catch (e) { console.log(e instanceof TypeError); } }`,
      ),
    ]);
    expect(lines()).toEqual([true, true, true, true]);
  });

  it('starts in default mode; override changes it, and a bad mode throws TypeError and changes nothing', () => {
    const { lines, calls } = run([
      plugin(
        'p',
        `
      console.log(app.viewer.interactionMode.mode);
      app.viewer.interactionMode.override('sketch');
      console.log(app.viewer.interactionMode.mode);
      try { app.viewer.interactionMode.override('fly'); } catch (e) { console.log(e.name + ': ' + e.message); }
      console.log(app.viewer.interactionMode.mode);
    `,
      ),
    ]);
    expect(lines()).toEqual([
      'default',
      'sketch',
      'TypeError: interactionMode.override: "fly" is not one of default, move, selection, sketch, spatialId',
      'sketch',
    ]);
    expect(calls.filter((c) => c.op === 'mode')).toEqual([{ op: 'mode', args: ['sketch'] }]);
  });

  it('delivers events with on/off, once, the returned unsubscribe, and only to listeners', () => {
    const { lines, host } = run([
      plugin(
        'p',
        `
      const seen = (name) => (e) => console.log([name, e]);
      const a = seen('a');
      app.viewer.on('click', a);
      app.viewer.on('click', seen('once'), { once: true });
      const stop = app.viewer.on('mouseMove', seen('move'));
      app.viewer.on('wheel', seen('wheel'));
      app.viewer.on('click', () => { app.viewer.off('click', a); });
      globalThis.stop = stop;
      try { app.viewer.on('hover', a); } catch (e) { console.log(e.name); }
      try { app.viewer.off('hover', a); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    expect(lines()).toEqual(['TypeError', 'TypeError']);
    host.emit('click', { x: 10, y: 20, lat: 35, lng: 139, height: 0, layerId: 'landmarks' });
    host.emit('click', { x: 11, y: 21 });
    host.emit('mouseMove', { x: 1, y: 2 });
    host.emit('wheel', { x: 1, y: 2, delta: -120 });
    host.emit('rightClick', { x: 1, y: 2 });
    expect(lines().slice(2)).toEqual([
      ['a', { x: 10, y: 20, lat: 35, lng: 139, height: 0, layerId: 'landmarks' }],
      ['once', { x: 10, y: 20, lat: 35, lng: 139, height: 0, layerId: 'landmarks' }],
      ['move', { x: 1, y: 2 }],
      ['wheel', { x: 1, y: 2, delta: -120 }],
    ]);
    const sandbox = host.sandboxes[0]!;
    expect([...sandbox.subscribed].sort()).toEqual(['click', 'mouseMove', 'wheel']);
  });

  it('removes a listener with the function that on() returned', () => {
    const { lines, host } = run([plugin('p', `const off = app.viewer.on('mouseMove', (e) => console.log(e.x)); app.viewer.on('click', () => off());`)]);
    host.emit('mouseMove', { x: 1 });
    host.emit('click', {});
    host.emit('mouseMove', { x: 2 });
    expect(lines()).toEqual([1]);
    expect(host.sandboxes[0]!.subscribed.has('mouseMove')).toBe(false);
  });

  it("gives the page's language in env, and tells languagechange after pushing the new one (docs/contract.md §19)", () => {
    const { lines } = run([
      plugin('p', `app.viewer.on('languagechange', (e) => console.log([e.language, app.viewer.env.language])); console.log(app.viewer.env.language);`),
    ]);
    setLanguage('ja');
    setLanguage('en');
    expect(lines()).toEqual(['en', ['ja', 'ja'], ['en', 'en']]);
  });

  it('pushes the new viewport before resize is delivered', () => {
    const fake = run([plugin('p', `app.viewer.on('resize', (e) => console.log([e, app.viewer.viewport.width]));`)]);
    fake.resize(800, 600);
    fake.host.resized();
    expect(fake.lines()).toEqual([[{ width: 800, height: 600, isMobile: false }, 800]]);
  });

  it('converts coordinates inside the sandbox, on WGS84 or the globe ellipsoid', () => {
    const { lines } = run([
      plugin(
        'p',
        `
      const t = app.viewer.tools;
      console.log(t.cartographicToCartesian(0, 0, 0));
      console.log(t.cartographicToCartesian(0, 0, 0, { useGlobeEllipsoid: true }));
      const c = t.cartographicToCartesian(139.7454, 35.6586, 333);
      const back = t.cartesianToCartographic(c[0], c[1], c[2]);
      console.log(back.map((v) => Math.round(v * 1e6) / 1e6));
      console.log([t.cartographicToCartesian('a', 0, 0), t.cartesianToCartographic(0, 0, 0), t.cartographicToCartesian(NaN, 0, 0)]);
    `,
      ),
    ]);
    const [equator, globe, back, bad] = lines();
    expect(equator).toEqual([6378137, 0, 0]);
    expect(globe).toEqual([7_000_000, 0, 0]);
    expect(back).toEqual([139.7454, 35.6586, 333]);
    expect(bad).toEqual([null, null, null]);
  });

  it('computes in the sandbox what @orbis/geo computes, to the micrometre', async () => {
    const geo = await import('../../../geo/src/index.js');
    // 100 points keep the console line under its 10,000-character cut.
    const points = Array.from({ length: 100 }, (_, i) => [((i * 37) % 360) - 180, ((i * 53) % 180) - 90, ((i * 977_003) % 40_000_000) - 10_000]);
    const { lines } = run([
      plugin(
        'p',
        `
      const points = ${JSON.stringify(points)};
      console.log(points.map(([lng, lat, h]) => app.viewer.tools.cartographicToCartesian(lng, lat, h)));
    `,
      ),
    ]);
    const sandboxed = lines()[0] as number[][];
    points.forEach(([lng, lat, h], i) => {
      const expected = geo.cartographicToCartesian(lng!, lat!, h!)!;
      for (let k = 0; k < 3; k++) expect(Math.abs(sandboxed[i]![k]! - expected[k]!)).toBeLessThan(1e-6);
      const back = geo.cartesianToCartographic(sandboxed[i]![0]!, sandboxed[i]![1]!, sandboxed[i]![2]!)!;
      expect(Math.abs(back[2]! - h!)).toBeLessThan(1e-4);
    });
  });

  it('answers the host tools, and undefined for bad arguments', () => {
    const { lines } = run([
      plugin(
        'p',
        `
      const t = app.viewer.tools;
      console.log([t.getLocationFromScreenCoordinate(100, 200), t.getLocationFromScreenCoordinate(100, 200, true), t.getLocationFromScreenCoordinate('x', 1)]);
      console.log([t.getScreenCoordinateFromPosition([1, 2, 3]), t.getScreenCoordinateFromPosition([1, 2])]);
      console.log([t.getGlobeHeight(139, 35), t.getGlobeHeight(139, 35, 5000), t.transformByOffsetOnScreen([1, 2, 3], [10, 20]), t.isPositionVisibleOnGlobe([0, 0, 1]), t.isPositionVisibleOnGlobe([0, 0, -1]), t.isPositionVisibleOnGlobe('x')]);
    `,
      ),
    ]);
    expect(lines()).toEqual([
      [{ lng: 10, lat: 20, height: 0 }, { lng: 10, lat: 20, height: 42 }, null],
      [[320, 240], null],
      [12.5, 12.5, [11, 22, 3], true, false, false],
    ]);
  });

  it("resolves the async tools inside the sandbox, with the seed's default options", async () => {
    const { lines, calls } = run([
      plugin(
        'p',
        `
      app.viewer.tools.getTerrainHeightAsync(138.7274, 35.3606).then((h) => console.log(['fuji', h]));
      app.viewer.tools.getTerrainHeightAsync(-1, 0).then((h) => console.log(['sea', h === undefined]));
      app.viewer.tools.getCurrentLocationAsync().then((l) => console.log(['here', l]));
      app.viewer.tools.getCurrentLocationAsync({ timeout: 500 });
    `,
      ),
    ]);
    await tick();
    expect(lines()).toEqual([
      ['fuji', 3776],
      ['sea', true],
      ['here', { lat: 35.68, lng: 139.77, height: 40 }],
    ]);
    expect(calls.filter((c) => c.op === 'location').map((c) => c.args[0])).toEqual([{}, { timeout: 500 }]);
  });

  it('captures, opens only http(s), reloads', () => {
    const { lines, calls } = run([
      plugin(
        'p',
        `
      console.log([app.viewer.capture(), app.viewer.capture('image/jpeg', 0.5)]);
      app.viewer.open('https://example.org/a');
      for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', '//evil']) { try { app.viewer.open(bad); } catch (e) { console.log(e.name); } }
      app.viewer.reload();
    `,
      ),
    ]);
    expect(lines()).toEqual([['data:image/png;q=default', 'data:image/jpeg;q=0.5'], 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(calls.filter((c) => c.op === 'open' || c.op === 'reload')).toEqual([
      { op: 'open', args: ['https://example.org/a'] },
      { op: 'reload', args: [] },
    ]);
  });

  it('runs timers, and clears them', async () => {
    const { lines } = run([
      plugin(
        'p',
        `
      setTimeout((a, b) => console.log(['timeout', a, b]), 5, 1, 2);
      const never = setTimeout(() => console.log('never'), 5); clearTimeout(never);
      let n = 0; const every = setInterval(() => { n += 1; if (n === 3) { clearInterval(every); console.log(['interval', n]); } }, 5);
      Promise.resolve().then(() => console.log('microtask'));
    `,
      ),
    ]);
    // Waited for, not slept on: on a busy machine three 5 ms intervals can take longer than any fixed sleep.
    for (let i = 0; i < 500 && lines().length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 30));
    expect(lines()).toEqual(['microtask', ['timeout', 1, 2], ['interval', 3]]);
  });

  it('sees no DOM, no network, no host: only app, console, timers and the language', () => {
    const { lines } = run([
      plugin(
        'p',
        `
      console.log([typeof window, typeof document, typeof fetch, typeof XMLHttpRequest, typeof require, typeof process, typeof globalThis.app, typeof setTimeout]);
      const global = app.viewer.on.constructor('return this')();
      console.log([global === globalThis, typeof global.process, Object.isFrozen(app)]);
    `,
      ),
    ]);
    expect(lines()).toEqual([
      ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'object', 'function'],
      [true, 'undefined', true],
    ]);
  });

  it('stops a plugin that loops forever, exhausts memory or throws, while a good one keeps working', () => {
    const fake = run(
      [
        plugin('loop', 'for (;;) {}'),
        plugin('hog', 'const a = []; for (;;) a.push(new Array(100000).fill(1));'),
        plugin('thrower', 'throw new Error("boom")'),
        plugin('late', `app.viewer.on('click', () => { for (;;) {} });`),
        plugin('good', `app.viewer.on('click', (e) => console.log(e.x));`),
      ],
      {},
      { sliceMs: 100, memoryBytes: 8 << 20 },
    );
    const status = () => Object.fromEntries(fake.host.sandboxes.map((s) => [s.pluginId, s.status]));
    expect(status()).toEqual({ loop: 'failed', hog: 'failed', thrower: 'failed', late: 'running', good: 'running' });
    fake.host.emit('click', { x: 7 });
    expect(status()).toMatchObject({ late: 'failed', good: 'running' });
    fake.host.emit('click', { x: 8 });
    expect(fake.lines('good/main')).toEqual([7, 8]);
    const errors = fake.logs.filter((l) => l.level === 'error');
    expect(errors.find((l) => l.source === 'loop/main')?.text).toMatch(/interrupted/);
    expect(errors.find((l) => l.source === 'hog/main')?.text).toMatch(/memory/);
    expect(errors.find((l) => l.source === 'thrower/main')?.text).toMatch(/boom/);
  });

  it('forwards console lines with the plugin and extension, cutting gigantic ones', () => {
    const { logs } = run([plugin('p', `console.warn('careful', { a: 1 }); console.error('x'.repeat(50000));`)]);
    expect(logs[0]).toEqual({ source: 'p/main', level: 'warn', text: 'careful {"a":1}' });
    expect(logs[1]!.level).toBe('error');
    expect(logs[1]!.text.length).toBeLessThan(10_100);
  });

  it('shows plugin UI and passes messages both ways', () => {
    const { calls, lines, host } = run([
      plugin('p', `app.ui.show('<b>hi</b>', { width: 200, height: 100 }); app.ui.on('message', (m) => { console.log(m); app.ui.postMessage({ echo: m }); });`),
    ]);
    expect(calls.find((c) => c.op === 'ui.show')!.args).toEqual(['p/main', '<b>hi</b>', { width: 200, height: 100 }]);
    host.uiMessage('p/main', { clicked: true });
    expect(lines()).toEqual([{ clicked: true }]);
    expect(calls.find((c) => c.op === 'ui.post')!.args).toEqual(['p/main', { echo: { clicked: true } }]);
  });
});
