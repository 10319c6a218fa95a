import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerSpawner } from '../../../testing/node-sandbox-workers.js';
import type { PluginHost } from '../plugin-host.js';
import type { SandboxMaker } from './sandbox.js';
import { runPlugins, widgetPlugin as plugin } from '../../../testing/test-services.js';
import { type WorkerHandle, workerSandboxes } from './worker-sandbox.js';

/** Waits for a condition (never for a fixed time): the workers run on their own threads. */
async function until<T>(read: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('worker sandboxes (worker_threads: the browser worker code under Node)', () => {
  let spawn: (label: string) => WorkerHandle;
  let host: PluginHost | undefined;
  let workers: SandboxMaker;
  beforeAll(async () => {
    spawn = await nodeWorkerSpawner();
  });
  afterEach(() => host?.stopAll());

  function run(...args: Parameters<typeof runPlugins> extends [unknown, ...infer R] ? R : never) {
    workers = workerSandboxes(spawn);
    return runWith(workers, ...args);
  }

  function runWith(made: SandboxMaker, ...args: Parameters<typeof runPlugins> extends [unknown, ...infer R] ? R : never) {
    workers = made;
    const started = runPlugins(workers, ...args);
    host = started.host;
    return started;
  }

  it('instantiates the QuickJS module the page compiled and posted, not its own', async () => {
    const file = readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'));
    const shared = runWith(workerSandboxes(spawn, undefined, await WebAssembly.compile(file)), [plugin('p', 'console.log(1 + 1)')]);
    expect(await until(() => shared.lines()[0], "the plugin's line")).toBe(2);
    host?.stopAll();
    // An empty module has none of QuickJS's exports: the worker fails with it instead of loading its own.
    const empty = await WebAssembly.compile(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    const broken = runWith(workerSandboxes(spawn, undefined, empty), [plugin('p', 'console.log(1)')]);
    await until(() => broken.host.sandboxes[0]!.status === 'failed', 'the start to fail');
    expect(broken.host.sandboxes[0]!.failure).toMatch(/QuickJS could not load in the worker/);
    expect(broken.lines()).toEqual([]);
  });

  it('answers every synchronous member synchronously inside the worker', async () => {
    const { lines } = run([
      plugin(
        'p',
        `
        const t = app.viewer.tools;
        const out = {
          location: t.getLocationFromScreenCoordinate(100, 200, true),
          screen: t.getScreenCoordinateFromPosition([1, 2, 3]),
          height: t.getGlobeHeight(139, 35),
          offset: t.transformByOffsetOnScreen([1, 2, 3], [10, 20]),
          visible: t.isPositionVisibleOnGlobe([1, 2, 3]),
          cartesian: t.cartographicToCartesian(0, 0, 0),
          cartographic: t.cartesianToCartographic(6378137, 0, 0),
          mode: app.viewer.interactionMode.mode,
          viewport: app.viewer.viewport,
          env: app.viewer.env,
          capture: app.viewer.capture('image/jpeg', 0.5),
          position: app.camera.position,
          fov: app.camera.fov,
          aspectRatio: app.camera.aspectRatio,
          cameraViewport: app.camera.viewport,
          intersection: app.camera.getGlobeIntersection({ withTerrain: true }),
          layers: app.layers.layers.map((l) => l.id),
          found: app.layers.findById('landmarks').title,
          feature: app.layers.findFeatureById('landmarks', 'tower').properties.name,
          inRect: app.layers.getFeaturesInScreenRect([90, 90, 20, 20]),
          extensions: app.extension.list.map((e) => e.id),
          widget: app.extension.widget.id,
          version: typeof app.version,
        };
        app.viewer.overrideProperty({ terrain: { enabled: true } });
        out.property = app.viewer.property;
        app.viewer.interactionMode.override('move');
        out.modeAfter = app.viewer.interactionMode.mode;
        const id = app.layers.add({ type: 'geojson', data: { value: { type: 'FeatureCollection', features: [] } } });
        out.added = typeof id === 'string' && app.layers.findById(id) !== undefined;
        app.camera.setView({ lng: 10, lat: 20 });
        out.afterSetView = [app.camera.position.lng, app.camera.position.lat];
        console.log(out);
      `,
      ),
    ]);
    const out = (await until(() => lines()[0], "the plugin's answers")) as Record<string, unknown>;
    expect(out).toMatchObject({
      location: { lng: 10, lat: 20, height: 42 },
      screen: [320, 240],
      height: 12.5,
      offset: [11, 22, 3],
      visible: true,
      mode: 'default',
      viewport: { width: 640, height: 480 },
      env: { inEditor: true, isBuilt: false },
      capture: 'data:image/jpeg;q=0.5',
      position: { lng: 139, lat: 35, height: 1000 },
      fov: 1,
      aspectRatio: 4 / 3,
      cameraViewport: { west: 138, south: 34, east: 140, north: 36 },
      intersection: { center: { lng: 139, lat: 35, height: 5 }, distance: 1000 },
      layers: ['landmarks', 'city'],
      found: 'Landmarks',
      feature: 'Tokyo Tower',
      inRect: [expect.objectContaining({ layerId: 'landmarks' })],
      extensions: ['p/main'],
      widget: 'p/main',
      version: 'string',
      property: { terrain: { enabled: true } },
      modeAfter: 'move',
      added: true,
      afterSetView: [10, 20],
    });
    expect((out.cartesian as number[])[0]).toBeCloseTo(6378137);
  });

  it('throws TypeErrors for wrong arguments at once, posted operations included, and changes nothing', async () => {
    const { lines, camera } = run([
      plugin(
        'p',
        `
        const errors = [];
        for (const f of [() => app.camera.zoomIn('far'), () => app.camera.flyTo({ lng: 'x' }), () => app.ui.resize('a', 1), () => app.layers.delete('landmarks'), () => app.viewer.open('javascript:1')]) {
          try { f(); errors.push('none'); } catch (e) { errors.push(e.name); }
        }
        console.log(errors);
      `,
      ),
    ]);
    expect(await until(() => lines()[0], 'the errors')).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(camera.calls).toEqual([]);
  });

  it('delivers events, timers and async answers; a long answer crosses whole', async () => {
    const big = 'x'.repeat(200_000);
    const { lines, host } = run([
      plugin(
        'p',
        `
        app.viewer.on('click', (e) => console.log({ click: e.x }));
        setTimeout(() => console.log({ timer: true }), 5);
        app.viewer.tools.getTerrainHeightAsync(138.7, 35.3).then((h) => console.log({ terrain: h }));
        app.viewer.overrideProperty({ big: '${big}' });
        console.log({ big: app.viewer.property.big.length });
      `,
      ),
    ]);
    await until(() => host.wants('click'), 'the click listener');
    host.emit('click', { x: 7 });
    await until(() => lines().length >= 4 || undefined, 'four lines');
    expect(lines()).toEqual(expect.arrayContaining([{ click: 7 }, { timer: true }, { terrain: 3776 }, { big: 200_000 }]));
  });

  it('reads the camera from its mirror, pushed each frame the camera moves', async () => {
    const { lines, host, camera } = run([plugin('p', `app.viewer.on('click', () => console.log(app.camera.position.lng));`)]);
    await until(() => host.wants('click'), 'the click listener');
    host.emit('click', {});
    await until(() => lines()[0], 'the first answer');
    camera.frame({ lng: 140.5 });
    host.emit('click', {});
    await until(() => lines()[1], 'the second answer');
    expect(lines()).toEqual([139, 140.5]);
  });

  it('ends a plugin stuck inside a built-in, says so once, and the other plugin goes on', async () => {
    const { lines, logs, host, calls } = run(
      [
        // One call into a built-in that QuickJS's interrupt cannot reach: a naive search, O(n·m).
        plugin('hog', `app.ui.show('<p>hog</p>', {}); app.viewer.on('click', () => { const s = 'a'.repeat(1 << 20); s.indexOf('a'.repeat(1 << 19) + 'b'); });`),
        plugin('p', `app.viewer.on('click', (e) => console.log({ click: e.x }));`),
      ],
      { limits: { sliceMs: 200 } },
    );
    await until(() => host.wants('click') && host.sandboxes.every((s) => s.subscribed.has('click')), 'both listeners');
    host.emit('click', { x: 1 });
    await until(() => host.sandboxes[0]!.status === 'failed', 'the hog stopped');
    expect(host.sandboxes[0]!.failure).toBe('ran past its time limit (200 ms)');
    const stops = logs.filter((l) => l.source === 'hog/main' && l.text.startsWith('stopped: '));
    expect(stops).toHaveLength(1);
    expect(calls).toContainEqual({ op: 'ui.close', args: ['hog/main'] });
    // The editor's notice: which plugin, and why.
    expect(calls.filter((c) => c.op === 'stopped')).toEqual([{ op: 'stopped', args: ['hog/main', 'ran past its time limit (200 ms)'] }]);
    host.emit('click', { x: 2 });
    await until(() => lines().length >= 2 || undefined, "the good plugin's clicks");
    expect(lines()).toEqual([{ click: 1 }, { click: 2 }]);
    expect(host.sandboxes[1]!.status).toBe('running');
  });

  it('stops a plugin in a worker that floods its UI past the TypeErrors, with one console line', async () => {
    // A long slice: the budget, not the time limit, must stop it, also on a machine too loaded to run 400 calls in 500 ms.
    const { logs, host, calls } = run(
      [plugin('flood', `app.ui.show('<p>x</p>', {}); for (;;) try { app.ui.postMessage('x'.repeat(1000)); } catch { /* ignored */ }`)],
      { limits: { sliceMs: 15_000 } },
    );
    await until(() => host.sandboxes[0]!.status === 'failed', 'the flood stopped');
    expect(host.sandboxes[0]!.failure).toMatch(/went on sending messages after \d+ were refused in one second/);
    expect(logs.filter((l) => l.source === 'flood/main' && l.text.startsWith('stopped: '))).toHaveLength(1);
    expect(calls).toContainEqual({ op: 'ui.close', args: ['flood/main'] });
  });
});
