import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import orbisPackage from '../../../../package.json';
import { PLUGIN_API_VERSION, type PluginHost } from './plugin-host.js';
import type { InstalledPlugin } from './viewer-services.js';
import { loadQuickJs } from './quickjs/quickjs.js';
import { runPlugins, widgetPlugin as plugin } from '../../testing/test-services.js';

/** Runs plugins on the host against the test engine; `lines()` are a plugin's console.log values. */
describe('plugin namespaces: app.version, app.camera, app.extension', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(plugins: InstalledPlugin[], widgetProperty?: (p: string, e: string) => Record<string, unknown> | undefined) {
    const started = runPlugins(module, plugins, { widgetProperty });
    host = started.host;
    return started;
  }

  it('gives app.version, app.apiVersion and app.engine, read-only', () => {
    const { lines } = run([
      plugin(
        'p',
        `
      console.log([app.version, app.apiVersion, app.engine]);
      (function () { 'use strict'; for (const f of [() => (app.version = 'x'), () => (app.engine.name = 'x'), () => (app.camera = {})]) try { f(); } catch (e) { console.log(e.name); } })();
      console.log([app.version, app.engine.name, typeof app.camera.flyTo, typeof reearth]);
    `,
      ),
    ]);
    expect(lines()).toEqual([
      [orbisPackage.version, PLUGIN_API_VERSION, { name: 'cesium' }],
      'TypeError',
      'TypeError',
      'TypeError',
      [orbisPackage.version, 'cesium', 'function', 'undefined'],
    ]);
    expect(PLUGIN_API_VERSION).toMatch(/^2\.\d+\.\d+$/);
  });

  it('reads the live camera position in radians, fov, aspect ratio and the view rectangle', () => {
    const fake = run([
      plugin(
        'p',
        `
      console.log(app.camera.position);
      globalThis.read = () => console.log([app.camera.position.heading, app.camera.fov, app.camera.aspectRatio, app.camera.viewport]);
      app.viewer.on('click', () => read());
    `,
      ),
    ]);
    expect(fake.lines()[0]).toEqual({ lng: 139, lat: 35, height: 1000, heading: 0, pitch: -Math.PI / 2, roll: 0, fov: 1 });
    fake.camera.frame({ heading: 1.5 });
    fake.host.emit('click', {});
    expect(fake.lines()[1]).toEqual([1.5, 1, 4 / 3, { west: 138, south: 34, east: 140, north: 36 }]);
  });

  it('passes every camera call to the engine, radians and seconds as given', () => {
    const fake = run([
      plugin(
        'p',
        `
      const c = app.camera;
      c.flyTo({ lng: 10, lat: 20, heading: 0.5 }, { duration: 3 });
      c.flyTo({ height: 500 }, { duration: 0 });
      c.flyTo({ pitch: -1 });
      c.flyTo('landmarks');
      c.flyToBoundingBox({ west: 1, south: 2, east: 3, north: 4 }, { duration: 0, pitch: -1.2 });
      c.setView({ lng: 5, roll: 0.1 });
      c.lookAt({ lng: 1, lat: 2, range: 300 }, { duration: 1 });
      c.zoomIn(); c.zoomIn(0.25); c.zoomOut(); c.zoomOut(2);
      c.rotateRight(0.1); c.rotateAround(0.2); c.orbit(0.3);
      for (const d of ['forward', 'backward', 'up', 'down', 'left', 'right']) c.move(d, 10);
      c.moveOverTerrain(); c.moveOverTerrain(50);
      c.enableScreenSpaceCameraController(false);
      c.overrideScreenSpaceCameraController({ enableZoom: false, minimumZoomDistance: 10 });
      c.overrideScreenSpaceCameraController({ zoomEventTypes: ['wheel', { eventType: 'left_drag', modifier: 'ctrl' }], lookEventTypes: [] });
      c.overrideScreenSpaceCameraController();
      console.log([c.getGlobeIntersection(), c.getGlobeIntersection({ withTerrain: true, calcViewSize: true })]);
    `,
      ),
    ]);
    expect(fake.errors()).toEqual([]);
    expect(fake.camera.calls).toEqual([
      { op: 'flyTo', args: [{ lng: 10, lat: 20, heading: 0.5 }, 3] },
      { op: 'flyTo', args: [{ height: 500 }, 0] },
      { op: 'flyTo', args: [{ pitch: -1 }, 2] },
      {
        op: 'flyToBoundingBox',
        args: [
          { west: 1, south: 2, east: 3, north: 4 },
          { seconds: 0, heading: undefined, pitch: -1.2, range: undefined },
        ],
      },
      { op: 'flyTo', args: [{ lng: 5, roll: 0.1 }, 0] },
      { op: 'lookAt', args: [{ lng: 1, lat: 2, range: 300 }, 1] },
      { op: 'zoom', args: [0.5] },
      { op: 'zoom', args: [0.25] },
      { op: 'zoom', args: [-1] },
      { op: 'zoom', args: [-2] },
      { op: 'rotateRight', args: [0.1] },
      { op: 'rotateAround', args: [0.2] },
      { op: 'orbit', args: [0.3] },
      ...['forward', 'backward', 'up', 'down', 'left', 'right'].map((d) => ({ op: 'move', args: [d, 10] })),
      { op: 'moveOverTerrain', args: [0] },
      { op: 'moveOverTerrain', args: [50] },
      { op: 'enableController', args: [false] },
      { op: 'overrideController', args: [{ enableZoom: false, minimumZoomDistance: 10 }] },
      { op: 'overrideController', args: [{ zoomEventTypes: ['wheel', { eventType: 'left_drag', modifier: 'ctrl' }], lookEventTypes: [] }] },
      // Re:Earth's no-argument call: every gesture back to its default.
      { op: 'overrideController', args: [{}] },
    ]);
    expect(fake.lines()).toEqual([
      [
        { center: { lng: 139, lat: 35, height: 0 }, distance: 1000 },
        { center: { lng: 139, lat: 35, height: 5 }, distance: 1000, viewSize: 1500 },
      ],
    ]);
  });

  it("takes Re:Earth's move options: withoutAnimation jumps, fov as an option, an easing function is left behind", () => {
    const fake = run([
      plugin(
        'p',
        `
      const c = app.camera;
      c.flyTo({ lng: 10 }, { duration: 3, withoutAnimation: true });
      c.flyTo({ lat: 20 }, { duration: 0, easing: (t) => t * t });
      c.flyTo({ height: 500 }, { fov: 0.8 });
      c.lookAt({ lng: 1, lat: 2 }, { withoutAnimation: true });
      c.lookAt({ lng: 1, lat: 2, radius: 500 }, { duration: 1, fov: 0.9 });
      c.lookAt({ lng: 1, lat: 2, range: 300, radius: 500 });
      c.flyToBoundingBox({ west: 1, south: 2, east: 3, north: 4 }, { withoutAnimation: true });
      c.enableScreenSpaceCameraController();
      c.enableForceHorizontalRoll(true);
      try { c.enableForceHorizontalRoll('yes'); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    expect(fake.errors()).toEqual([]);
    expect(fake.camera.calls).toEqual([
      { op: 'flyTo', args: [{ lng: 10 }, 0] },
      { op: 'flyTo', args: [{ lat: 20 }, 0] },
      { op: 'flyTo', args: [{ height: 500, fov: 0.8 }, 2] },
      { op: 'lookAt', args: [{ lng: 1, lat: 2 }, 0] },
      { op: 'lookAt', args: [{ lng: 1, lat: 2, radius: 500, fov: 0.9 }, 1] },
      { op: 'lookAt', args: [{ lng: 1, lat: 2, range: 300, radius: 500 }, 0] },
      {
        op: 'flyToBoundingBox',
        args: [
          { west: 1, south: 2, east: 3, north: 4 },
          { seconds: 0, heading: undefined, pitch: undefined, range: undefined },
        ],
      },
      // Re:Earth's enableScreenSpaceCameraController() is !!undefined: off.
      { op: 'enableController', args: [false] },
      { op: 'forceHorizontalRoll', args: [true] },
    ]);
    expect(fake.lines()).toEqual(['TypeError']);
  });

  it('throws a TypeError naming the argument for every wrong type, and moves nothing', () => {
    const bad = [
      ['flyTo', [3]],
      ['flyTo', [{ lng: 'east' }]],
      ['flyTo', [{ lng: 1 }, { duration: '2' }]],
      ['flyToBoundingBox', [{ west: 1, south: 2, east: 3 }]],
      ['flyToBoundingBox', [{ west: 1, south: 2, east: 3, north: 4 }, { range: 'far' }]],
      ['setView', ['here']],
      ['lookAt', [{ lat: 1 }]],
      ['zoomIn', ['a lot']],
      ['zoomOut', [{}]],
      ['rotateRight', []],
      ['rotateAround', ['x']],
      ['orbit', [Infinity]],
      ['move', ['sideways', 1]],
      ['move', ['up']],
      ['moveOverTerrain', [true]],
      ['enableScreenSpaceCameraController', [1]],
      ['overrideScreenSpaceCameraController', [{ enableZoom: 'no' }]],
      ['overrideScreenSpaceCameraController', [7]],
      ['overrideScreenSpaceCameraController', [{ zoomEventTypes: 'wheel' }]],
      ['overrideScreenSpaceCameraController', [{ tiltEventTypes: ['middle_drag', 'scroll'] }]],
      ['overrideScreenSpaceCameraController', [{ lookEventTypes: [{ eventType: 'left_drag', modifier: 'meta' }] }]],
      ['overrideScreenSpaceCameraController', [{ rotateEventTypes: [{ eventType: 'left_drag' }], enableZoom: false }]],
      ['getGlobeIntersection', [{ withTerrain: 1 }]],
      ['lookAt', [{ lng: 1, lat: 2, radius: -5 }]],
      ['lookAt', [{ lng: 1, lat: 2 }, { fov: 'wide' }]],
      ['lookAt', [{ lng: 1, lat: 2 }, { fov: 0 }]],
      ['flyTo', [{ lng: 1, lat: 2 }, { fov: 4 }]],
    ];
    const fake = run([
      plugin(
        'p',
        `
      for (const [name, args] of ${JSON.stringify(bad).replace(/null/g, 'null')}) {
        try { app.camera[name](...args); console.log(name + ' did not throw'); }
        catch (e) { console.log([e instanceof TypeError, e.message]); }
      }
    `,
      ),
    ]);
    const answers = fake.lines() as [boolean, string][];
    expect(answers).toHaveLength(bad.length);
    for (const [isTypeError] of answers) expect(isTypeError).toBe(true);
    expect(answers.map(([, message]) => message).slice(0, 7)).toEqual([
      'camera.flyTo: target must be a layer id or a camera position whose lng, lat, height, heading, pitch, roll and fov are finite numbers, not 3',
      'camera.flyTo: target must be a layer id or a camera position whose lng, lat, height, heading, pitch, roll and fov are finite numbers, not an object',
      'camera.flyTo: options.duration must be a finite number, not "2"',
      'camera.flyToBoundingBox: box.north is missing; it must be a finite number',
      'camera.flyToBoundingBox: options.range must be a finite number, not "far"',
      'camera.setView: position must be an object, not "here"',
      'camera.lookAt: target.lng is missing; it must be a finite number',
    ]);
    expect(answers[12]![1]).toBe('camera.move: direction must be one of forward, backward, up, down, left, right, not "sideways"');
    expect(answers[13]![1]).toBe('camera.move: amount is missing; it must be a finite number');
    const gestures = 'a list of gestures, each one of left_drag, right_drag, middle_drag, wheel, pinch or {eventType, modifier: ctrl | shift | alt}';
    expect(answers.slice(16, 22).map(([, message]) => message)).toEqual([
      'camera.overrideScreenSpaceCameraController: options.enableZoom must be a boolean, not "no"',
      'camera.overrideScreenSpaceCameraController: options must be an object, not 7',
      `camera.overrideScreenSpaceCameraController: options.zoomEventTypes must be ${gestures}, not "wheel"`,
      `camera.overrideScreenSpaceCameraController: options.tiltEventTypes must be ${gestures}, not ["middle_drag","scroll"]`,
      `camera.overrideScreenSpaceCameraController: options.lookEventTypes must be ${gestures}, not [{"eventType":"left_drag","modifier":"meta"}]`,
      `camera.overrideScreenSpaceCameraController: options.rotateEventTypes must be ${gestures}, not [{"eventType":"left_drag"}]`,
    ]);
    expect(answers.slice(-4).map(([, message]) => message)).toEqual([
      'camera.lookAt: target.radius must be a finite number, 0 or more, not -5',
      'camera.lookAt: options.fov must be a field of view in radians, more than 0 and less than π, not "wide"',
      'camera.lookAt: options.fov must be a field of view in radians, more than 0 and less than π, not 0',
      'camera.flyTo: options.fov must be a field of view in radians, more than 0 and less than π, not 4',
    ]);
    expect(fake.camera.calls).toEqual([]);
  });

  it('fires camera move once per moving frame, only to listeners, with once and unsubscribe', () => {
    const fake = run([
      plugin(
        'p',
        `
        const off = app.camera.on('move', (p) => console.log(['all', p.heading]));
        app.camera.on('move', (p) => console.log(['once', p.heading]), { once: true });
        app.viewer.on('click', () => off());
        try { app.camera.on('moved', () => 0); } catch (e) { console.log([e.name, e.message]); }
        try { app.camera.off('fly', () => 0); } catch (e) { console.log([e.name]); }
      `,
      ),
      plugin('deaf', `console.log('started');`),
    ]);
    expect(fake.lines()).toEqual([['TypeError', 'camera.on: "moved" is not an event; events: move'], ['TypeError']]);
    fake.camera.frame({ heading: 1 });
    fake.camera.frame({ heading: 2 });
    fake.host.emit('click', {});
    fake.camera.frame({ heading: 3 });
    expect(fake.lines().slice(2)).toEqual([
      ['all', 1],
      ['once', 1],
      ['all', 2],
    ]);
    expect(fake.host.sandboxes[0]!.subscribed.has('camera.move')).toBe(false);
    expect(fake.host.sandboxes[1]!.subscribed.size).toBe(0);
    expect(fake.host.wants('camera.move')).toBe(false);
  });

  it("gives app.extension.widget with the scene widget's property, and the running extensions", () => {
    const fake = run(
      [
        plugin(
          'p',
          `console.log(app.extension.widget); app.extension.widget.property.x = 2;
      app.viewer.on('click', () => console.log([app.extension.widget.property, app.extension.list]));`,
        ),
        plugin('q', ''),
      ],
      (pluginId) => (pluginId === 'p' ? { default: { imageUrl: 'https://example.org/a.png' } } : undefined),
    );
    fake.host.emit('click', {});
    expect(fake.lines()).toEqual([
      {
        id: 'p/main',
        pluginId: 'p',
        extensionId: 'main',
        property: { default: { imageUrl: 'https://example.org/a.png' } },
        // Where the page puts it (the test page: bottom-left), in Re:Earth's terms.
        extended: { horizontally: false, vertically: false },
        layout: { location: { zone: 'inner', section: 'left', area: 'bottom' }, align: 'start' },
      },
      [
        { default: { imageUrl: 'https://example.org/a.png' } },
        [
          { id: 'p/main', pluginId: 'p', extensionId: 'main', name: 'p widget', extensionType: 'widget', runTimes: 1 },
          { id: 'q/main', pluginId: 'q', extensionId: 'main', name: 'q widget', extensionType: 'widget', runTimes: 1 },
        ],
      ],
    ]);
  });

  it("delivers a UI frame's message to app.ui and app.extension listeners, with once and off", () => {
    const fake = run([
      plugin(
        'p',
        `
      app.extension.on('message', (m) => console.log(['extension', m]), { once: true });
      const stop = app.ui.on('message', (m) => { console.log(['ui', m]); stop(); });
      try { app.extension.on('extensionMessages', () => 0); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    fake.host.uiMessage('p/main', { n: 1 });
    fake.host.uiMessage('p/main', { n: 2 });
    expect(fake.lines()).toEqual(['TypeError', ['ui', { n: 1 }], ['extension', { n: 1 }]]);
    expect(fake.host.sandboxes[0]!.subscribed.size).toBe(0);
  });

  it('gives a Re:Earth package the global reearth, the same object as app', () => {
    const fake = run([plugin('re', `console.log([reearth === app, typeof reearth.camera.flyTo, reearth.apiVersion]);`, { reearth: true })]);
    expect(fake.lines('re/main')).toEqual([[true, 'function', PLUGIN_API_VERSION]]);
  });
});
