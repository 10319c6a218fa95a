import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cartographicToCartesian } from '@orbis/geo';
import { readPluginSource } from '../../packages/server/src/plugins/plugin-source.js';
import { PluginHost } from '../../packages/viewer/src/plugins/plugin-host.js';
import type { ViewerServices } from '../../packages/viewer/src/plugins/viewer-services.js';
import { loadQuickJs } from '../../packages/viewer/src/plugins/quickjs/quickjs.js';
import { fakeServices, testCamera, testLayers } from '../../packages/viewer/testing/test-services.js';
import { testTools } from '../../packages/viewer/testing/test-tools.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const examples = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** An example as `orbis plugin install <folder>` reads it (plugin.json or reearth.yml). */
const load = (name: string) => readPluginSource(join(here, name));

function services(log: string[], ui: unknown[], tools = testTools()): ViewerServices {
  const fake = fakeServices().services;
  // The fake's members (frames, storage, the geoid, widget places …), and what these tests watch.
  return {
    ...fake,
    tools: tools.services,
    env: { inEditor: false, isBuilt: true },
    viewport: () => ({ width: 640, height: 480, isMobile: false, query: {} }),
    ellipsoidRadii: [6378137, 6378137, 6356752.314245179],
    applyProperty: () => undefined,
    setInteractionMode: () => undefined,
    locationAt: () => undefined,
    screenOf: () => undefined,
    globeHeight: () => undefined,
    terrainHeight: async () => undefined,
    offsetOnScreen: () => undefined,
    isVisible: () => true,
    currentLocation: async () => ({ lat: 35.6812, lng: 139.7671, height: 3 }),
    capture: () => 'data:image/png;base64,AAAA',
    open: () => undefined,
    reload: () => undefined,
    showUi: () => undefined,
    camera: testCamera().camera,
    layers: testLayers().layers,
    flyToLayer: () => undefined,
    postToUi: (_source, message) => ui.push(message),
    log: (_source, level, text) => log.push(`${level}: ${text}`),
  };
}

describe('example plugins', () => {
  it.each(examples)('%s installs, starts and answers its UI without errors', async (name) => {
    const plugin = await load(name);
    const log: string[] = [];
    const ui: unknown[] = [];
    const host = new PluginHost(await loadQuickJs(), services(log, ui), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    const widgets = plugin.manifest.extensions.filter((e) => e.type === 'widget');
    expect(host.sandboxes.map((s) => s.status)).toEqual(widgets.map(() => 'running'));
    host.emit('mouseMove', { x: 1, y: 2, lat: 35.6586, lng: 139.7454, height: 0 });
    host.emit('click', { x: 1, y: 2, lat: 35.6586, lng: 139.7454, height: 10 });
    for (const message of [
      'capture',
      'sky',
      'terrain',
      'locate',
      { zoom: 20 },
      { action: 'right' },
      { action: 'home' },
      'next',
      'prev',
      { id: 'landmarks', visible: false },
      { id: 'landmarks', fly: true },
    ]) {
      for (const w of widgets) host.uiMessage(`${plugin.manifest.id}/${w.id}`, message);
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(host.sandboxes.map((s) => s.status)).toEqual(widgets.map(() => 'running'));
    host.stopAll();
  });

  it('spatial-id-picker inspects the voxel app.spatialId picks, at the zoom chosen in its UI', async () => {
    const geo = await import('../../packages/geo/src/index.js');
    const plugin = await load('spatial-id-picker');
    const log: string[] = [];
    const ui: unknown[] = [];
    const tools = testTools();
    const host = new PluginHost(await loadQuickJs(), services(log, ui, tools), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    host.uiMessage('spatial-id-picker/main', { zoom: 20 });
    expect(tools.calls.map((c) => c.args[0])).toEqual([
      { color: 'rgba(255,210,0,0.45)', outlineColor: '#ffd200', rightClickToExit: true },
      { zoom: 20, color: 'rgba(255,210,0,0.45)', outlineColor: '#ffd200', rightClickToExit: true },
    ]);
    const space = geo.spatialIdSpace(geo.spatialIdFromLngLatHeight(139.7454, 35.6586, 10, 20));
    tools.pick(space);
    expect(log).toContain(`log: spatial id ${space.zfxyStr}`);
    expect(ui.at(-1)).toContainEqual(['hilbert', space.hilbertTilehash]);
    host.stopAll();
  });

  it('measure sketches a line or a polygon and shows its length or area', async () => {
    const plugin = await load('measure');
    const log: string[] = [];
    const ui: unknown[] = [];
    const tools = testTools();
    const host = new PluginHost(await loadQuickJs(), services(log, ui, tools), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    host.uiMessage('measure/main', { tool: 'polygon' });
    expect(tools.services.sketch.state().tool).toBe('polygon');
    // A square of 0.01° at the equator: 1111.95 m a side, 1.236 km².
    const ring: [number, number, number][] = [
      [0, 0, 0],
      [0.01, 0, 0],
      [0.01, 0.01, 0],
      [0, 0.01, 0],
      [0, 0, 0],
    ];
    // As the sketch layer hands it over: degrees in the geometry, Cartesian ECEF metres in `positions` (Re:Earth's).
    const positions = ring.slice(0, 4).map(([lng, lat, height]) => cartographicToCartesian(lng, lat, height)!);
    const feature = {
      type: 'Feature' as const,
      id: 'sketch-1',
      geometry: { type: 'Polygon' as const, coordinates: [ring] },
      properties: { id: 'sketch-1', type: 'polygon' as const, positions, extrudedHeight: 0 },
    };
    tools.draw({ layerId: 'sketch', featureId: 'sketch-1', feature });
    const line = {
      ...feature,
      geometry: { type: 'LineString' as const, coordinates: ring.slice(0, 3) },
      properties: { ...feature.properties, type: 'polyline' as const },
    };
    tools.draw({ layerId: 'sketch', featureId: 'sketch-2', feature: line });
    expect(log.filter((l) => l.startsWith('log: measured'))).toEqual(['log: measured Area 1.24 km² · perimeter 4.45 km', 'log: measured Length 2.22 km']);
    host.uiMessage('measure/main', { tool: 'stop' });
    expect(tools.services.sketch.state().tool).toBe(null);
    host.stopAll();
  });

  it('time-slider plays, scrubs and sets the speed of the timeline', async () => {
    const plugin = await load('time-slider');
    const ui: { current: number; playing: boolean; speed: number }[] = [];
    const tools = testTools();
    const host = new PluginHost(await loadQuickJs(), services([], ui, tools), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    expect(tools.wanted).toBe(true);
    const clock = tools.services.timeline;
    host.uiMessage('time-slider/main', 'play');
    host.uiMessage('time-slider/main', { speed: 300 });
    host.uiMessage('time-slider/main', { at: 0.5 });
    expect(clock.snapshot()).toMatchObject({ isPlaying: true, speed: 300, current: Date.parse('2026-11-21T00:45:00Z') });
    await new Promise((r) => setTimeout(r, 10));
    expect(ui.at(-1)).toMatchObject({ playing: true, speed: 300, current: Date.parse('2026-11-21T00:45:00Z') });
    host.uiMessage('time-slider/main', 'pause');
    expect(clock.snapshot().isPlaying).toBe(false);
    host.stopAll();
  });

  it('runs the Re:Earth package reearth-compass unchanged: reearth global, widget property, UI messages, camera', async () => {
    const plugin = await load('reearth-compass');
    expect(plugin.manifest.reearth).toBe(true);
    expect(plugin.manifest.extensions.map((e) => [e.id, e.type])).toEqual([
      ['compass', 'widget'],
      ['note', 'block'],
    ]);
    const log: string[] = [];
    const ui: unknown[] = [];
    const camera = testCamera();
    const host = new PluginHost(await loadQuickJs(), { ...services(log, ui), camera: camera.camera }, [{ ...plugin.manifest, files: plugin.files }], {});
    host.start(undefined, () => ({ default: { lng: 10, lat: 20 } }));
    expect(ui).toEqual([{ heading: 0 }]);
    host.uiMessage('reearth-compass/compass', { action: 'right' });
    host.uiMessage('reearth-compass/compass', { action: 'home' });
    expect(camera.calls).toEqual([
      { op: 'rotateRight', args: [Math.PI / 8] },
      { op: 'flyTo', args: [{ lng: 10, lat: 20, height: 20000, heading: 0, pitch: -Math.PI / 2, roll: 0 }, 0] },
    ]);
    camera.frame({ heading: Math.PI / 2 });
    expect(ui.at(-1)).toEqual({ heading: 90 });
    expect(log).toEqual(['log: compass right 0', 'log: compass home 0']);
    host.stopAll();
  });

  it('layer-switcher lists the layers in its UI, shows, hides and flies to them', async () => {
    const plugin = await load('layer-switcher');
    const log: string[] = [];
    const ui: unknown[] = [];
    const layers = testLayers();
    const flown: string[] = [];
    const host = new PluginHost(
      await loadQuickJs(),
      { ...services(log, ui), layers: layers.layers, flyToLayer: (id) => void flown.push(id) },
      [{ ...plugin.manifest, files: plugin.files }],
      {},
    );
    host.start();
    expect(ui).toEqual([
      {
        layers: [
          { id: 'landmarks', title: 'Landmarks', visible: true },
          { id: 'city', title: 'City', visible: false },
        ],
      },
    ]);
    host.uiMessage('layer-switcher/main', { id: 'city', visible: true });
    host.uiMessage('layer-switcher/main', { id: 'landmarks', fly: true });
    host.uiMessage('layer-switcher/main', { id: 'nope', visible: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(layers.calls.filter((c) => c.op === 'setVisible').map((c) => c.args)).toEqual([['city', true]]);
    expect(flown).toEqual(['landmarks']);
    // The visible event made it send the list again.
    expect(ui.at(-1)).toEqual({
      layers: [
        { id: 'landmarks', title: 'Landmarks', visible: true },
        { id: 'city', title: 'City', visible: true },
      ],
    });
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    host.stopAll();
  });

  it('tour adds its styled stops inline and flies between them', async () => {
    const plugin = await load('tour');
    const log: string[] = [];
    const ui: unknown[] = [];
    const layers = testLayers();
    const camera = testCamera();
    const host = new PluginHost(
      await loadQuickJs(),
      { ...services(log, ui), layers: layers.layers, camera: camera.camera },
      [{ ...plugin.manifest, files: plugin.files }],
      {},
    );
    host.start();
    const added = layers.calls.find((c) => c.op === 'add')!.args[0] as { id: string; inline: { features: unknown[] }; appearance: object };
    expect(added.inline.features).toHaveLength(3);
    expect(added.appearance).toHaveProperty('marker.pointColor.conditions');
    host.uiMessage('tour/main', 'next');
    host.uiMessage('tour/main', 'next');
    host.uiMessage('tour/main', 'prev');
    expect(camera.calls.map((c) => (c.args[0] as { lng: number }).lng)).toEqual([139.7671, 139.7454, 139.7671]);
    expect(camera.calls[0]).toEqual({ op: 'lookAt', args: [{ lng: 139.7671, lat: 35.6812, range: 3000, heading: 0, pitch: -Math.PI / 4 }, 2] });
    expect(layers.calls.filter((c) => c.op === 'select').map((c) => c.args[0])).toEqual([
      [{ layerId: added.id, featureId: 'stop-1' }],
      [{ layerId: added.id, featureId: 'stop-2' }],
      [{ layerId: added.id, featureId: 'stop-1' }],
    ]);
    expect(ui.at(-1)).toEqual({ name: '1/3 Tokyo Station' });
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    host.stopAll();
  });

  it('bookmarks keeps views in clientStorage across a restart, flies back and pins a popup to the place', async () => {
    const plugin = await load('bookmarks');
    const until = async (test: () => boolean) => {
      for (let i = 0; i < 4000 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(test()).toBe(true);
    };
    const fake = fakeServices();
    const ui: unknown[] = [];
    const log: string[] = [];
    const page = () => ({
      ...services(log, ui),
      clientStorage: fake.services.clientStorage,
      frames: fake.services.frames,
      camera: fake.camera.camera,
      resizeUi: fake.services.resizeUi,
    });
    const first = new PluginHost(await loadQuickJs(), page(), [{ ...plugin.manifest, files: plugin.files }], {});
    first.start();
    await until(() => ui.length === 1);
    expect(ui[0]).toEqual({ bookmarks: [] });
    first.uiMessage('bookmarks/main', { action: 'add', name: 'Home' });
    await until(() => ui.length === 2);
    first.stopAll();
    // A new page over the same browser storage (a reload): the bookmark is still there.
    const second = new PluginHost(await loadQuickJs(), page(), [{ ...plugin.manifest, files: plugin.files }], {});
    second.start();
    await until(() => ui.length === 3);
    // The popup's place is the middle of the view (the test camera's globe intersection).
    const saved = { name: 'Home', lng: 139, lat: 35, height: 1000, heading: 0, pitch: -Math.PI / 2, roll: 0, place: { lng: 139, lat: 35 } };
    expect(ui[2]).toEqual({ bookmarks: [saved] });
    second.uiMessage('bookmarks/main', { action: 'go', index: 0 });
    expect(fake.camera.calls.at(-1)).toEqual({ op: 'flyTo', args: [{ lng: 139, lat: 35, height: 1000, heading: 0, pitch: -Math.PI / 2, roll: 0 }, 2] });
    expect(fake.calls.filter((c) => c.op === 'popup.show').map((c) => (c.args[2] as { anchor: unknown }).anchor)).toEqual([{ lng: 139, lat: 35 }]);
    second.uiMessage('bookmarks/main', { action: 'remove', index: 0 });
    await until(() => ui.length === 4);
    expect(ui[3]).toEqual({ bookmarks: [] });
    // The UI says how tall its list is; the widget takes that height, within bounds.
    second.uiMessage('bookmarks/main', { action: 'height', height: 51.5 });
    second.uiMessage('bookmarks/main', { action: 'height', height: 900 });
    expect(fake.calls.filter((c) => c.op === 'ui.resize').map((c) => c.args.slice(1, 3))).toEqual([
      [undefined, 52],
      [undefined, 160],
    ]);
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    second.stopAll();
  });
});

describe('the example blocks', () => {
  it('feature-chart draws the selected feature`s numbers in its infobox block, and its story note follows the camera', async () => {
    const plugin = await load('feature-chart');
    const log: string[] = [];
    const ui: unknown[] = [];
    const shown: { source: string; html: string; height: unknown }[] = [];
    const layers = testLayers();
    const page = {
      ...services(log, ui),
      layers: layers.layers,
      showUi: (source: string, html: string, o: Record<string, unknown>) => void shown.push({ source, html, height: o.height }),
    };
    const host = new PluginHost(await loadQuickJs(), page, [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    layers.layers.select([{ layerId: 'landmarks', featureId: 'tower' }]);
    const bars = host.startBlock('infobox', 'infobox-landmarks-0', {
      pluginId: 'feature-chart',
      extensionId: 'bars',
      property: { default: { color: '#ff0000' } },
    });
    expect(bars).toBe('feature-chart/bars/infobox-landmarks-0');
    // One row: `height` 333 (the name is not a number), full width, in the chosen colour.
    expect(shown.at(-1)).toMatchObject({ source: bars, height: 20 });
    expect(shown.at(-1)!.html).toContain('<span title="height">height</span><i style="width:100.0%"></i><b>333</b>');
    expect(shown.at(-1)!.html).toContain('background:#ff0000');
    // A colour that is not one is not written into the style.
    host.setBlockProperty(bars!, { default: { color: 'red;}body{display:none' } });
    expect(shown.at(-1)!.html).toContain('background:#3b82f6');
    const note = host.startBlock('story', 'story-p1-0', { pluginId: 'feature-chart', extensionId: 'note', property: { default: { text: 'Look north' } } });
    expect(note).toBe('feature-chart/note/story-p1-0');
    expect(ui.at(-1)).toEqual({ text: 'Look north', height: '1 km' });
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    host.stopAll();
  });
});
