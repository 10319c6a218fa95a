import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, reportLines, reports as reportsOf, SAY, useBrowserAndServer } from './fixture.js';
import { dominantColorIn, isCloseTo, screenshotPixels } from './pixels.js';

/** A Re:Earth package: reearth.yml, code that names the API `reearth`, steps sent by its own UI frame. */
const MANIFEST = `id: re-driver
name: Driver
version: 1.0.0
extensions:
  - id: driver
    type: widget
    name: Driver
    widgetLayout:
      defaultLocation: { zone: inner, section: left, area: bottom }
  - id: block
    type: block
    name: Not run
`;

const AREA = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'area',
      properties: { name: 'Area' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [130, 28],
            [150, 28],
            [150, 43],
            [130, 43],
            [130, 28],
          ],
        ],
      },
    },
  ],
};

const DRIVER = `
${SAY}
reearth.ui.show('<p style="color:#fff;margin:0">driver</p>', { width: 80, height: 24 });
let layer;
reearth.layers.on('load', (e) => say('load', e.layerId));
reearth.layers.on('select', (layerId, featureId) => say('select', [layerId, featureId, reearth.layers.selectedFeature]));
const steps = {
  fly: () => { reearth.camera.flyTo({ lng: 139, lat: 36, height: 2000000, heading: 0.3, pitch: -1.2, roll: 0 }, { duration: 0 }); return reearth.camera.position; },
  setView: () => { reearth.camera.setView({ lng: 140, lat: 35.5, height: 6000000, heading: 0, pitch: -Math.PI / 2, roll: 0 }); return reearth.camera.position; },
  // Terrain is off: withTerrain answers the ellipsoid's place, as without it.
  terrainless: () => [reearth.viewer.tools.getLocationFromScreenCoordinate(240, 180, true), reearth.viewer.tools.getLocationFromScreenCoordinate(240, 180)],
  // Re:Earth's enableForceHorizontalRoll: a rolled camera is levelled before the next frame, until turned off.
  roll: () => { reearth.camera.setView({ roll: 0.3 }); const rolled = reearth.camera.position.roll; reearth.camera.enableForceHorizontalRoll(true); return rolled; },
  rollNow: () => reearth.camera.position.roll,
  unlevel: () => { reearth.camera.enableForceHorizontalRoll(false); reearth.camera.setView({ roll: 0.3 }); return reearth.camera.position.roll; },
  zoom: () => { const before = reearth.camera.position.height; reearth.camera.zoomIn(0.5); return [before, reearth.camera.position.height]; },
  // lookAt straight down at a place on the ellipsoid: the camera's height is its distance. A radius
  // without a range fits that sphere in the view; a range wins over it; fov is set first. Then back.
  lookAt: () => {
    const back = reearth.camera.position;
    const look = (target, options) => { reearth.camera.lookAt({ lng: 139, lat: 35, height: 0, heading: 0, pitch: -Math.PI / 2, ...target }, { withoutAnimation: true, ...options }); const p = reearth.camera.position; return [p.height, p.fov]; };
    const answers = [look({ radius: 10000 }, { fov: 0.8 }), look({ radius: 20000 }), look({ radius: 20000, range: 5000 }), look({ radius: 10000 }, { fov: 1.2 })];
    reearth.camera.setView(back);
    return answers;
  },
  add: () => (layer = reearth.layers.add({ type: 'simple', title: 'Area', data: { type: 'geojson', value: ${JSON.stringify(AREA)} }, polygon: { fillColor: { expression: "color('#ff0000')" } } })),
  hide: () => reearth.layers.hide(layer),
  show: () => reearth.layers.show(layer),
  recolour: () => reearth.layers.override(layer, { appearance: { polygon: { fillColor: '#0000ff' } } }),
  read: () => [reearth.layers.findById(layer), reearth.layers.findFeatureById(layer, 'area'), reearth.camera.getGlobeIntersection({ calcViewSize: true })],
  delete: () => { reearth.layers.delete(layer); return reearth.layers.layers.map((l) => l.id); },
  // Re:Earth's gestures: a left drag zooms and nothing else does; then no argument puts CesiumJS's back.
  leftDragZooms: () => {
    reearth.camera.setView({ lng: 140, lat: 35.5, height: 6000000, heading: 0, pitch: -Math.PI / 2, roll: 0 });
    reearth.camera.overrideScreenSpaceCameraController({ zoomEventTypes: ['left_drag'], rotateEventTypes: [], translateEventTypes: [], tiltEventTypes: [], lookEventTypes: [] });
    return reearth.camera.position;
  },
  defaultGestures: () => { reearth.camera.overrideScreenSpaceCameraController(); return reearth.camera.position; },
  where: () => reearth.camera.position,
};
reearth.extension.on('message', (m) => { try { say(m.step, steps[m.step]()); } catch (e) { say(m.step, e.name + ': ' + e.message); } });
`;

describe('app.camera and app.layers from a Re:Earth package, in Chromium with the real engine', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      await h.project('driven');
      await h.admin('PUT', '/api/projects/driven/scene', {
        property: { ...LIGHT_PROPERTY, globe: { ...LIGHT_PROPERTY.globe, enableLighting: false } },
        camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [],
        widgets: [],
        story: { pages: [] },
      });
      expect((await h.admin('POST', '/api/projects/driven/plugins', { files: { 'reearth.yml': MANIFEST, 'driver.js': DRIVER } })).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/driven/publish')).status).toBe(200);
    },
  });

  const reports = () => reportsOf(fx.tab, 're-driver/driver');
  let frame: Frame;
  /** Sends a step from the plugin's own UI frame and waits for the plugin's answer to it (not an earlier step's). */
  const step = async (name: string): Promise<unknown> => {
    const answers = () => reportLines(fx.tab, 're-driver/driver').filter(([reported]) => reported === name).length;
    const before = answers();
    await frame.evaluate(`parent.postMessage(${JSON.stringify({ step: name })}, '*')`);
    await expect.poll(answers, { timeout: 60_000 }).toBeGreaterThan(before);
    return reports()[name];
  };
  const centre = async () => {
    const pixels = await screenshotPixels(fx.tab.page, fx.tab.page.getByTestId('viewer'));
    return dominantColorIn(pixels, { x: 230, y: 170, width: 20, height: 20 });
  };
  /** Two animation frames: the engine has drawn what the last step changed. */
  const settle = () => fx.tab.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');

  it('runs with the reearth global; its UI frame\'s messages reach extension.on("message"); the camera flies, sets and zooms in radians', async () => {
    await fx.tab.page.goto(`${fx.h.url}/p/driven`);
    await fx.tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    const element = fx.tab.page.locator('iframe[data-plugin="re-driver/driver"]');
    // widgetLayout's default location: bottom left.
    await expect.poll(() => element.evaluate((e) => e.parentElement!.className)).toContain('bottom-left');
    frame = (await (await element.elementHandle())!.contentFrame())!;
    const flown = (await step('fly')) as Record<string, number>;
    expect(flown.lng).toBeCloseTo(139, 4);
    expect(flown.lat).toBeCloseTo(36, 4);
    expect(flown.height).toBeCloseTo(2_000_000, -1);
    expect(flown.heading).toBeCloseTo(0.3, 4);
    expect(flown.pitch).toBeCloseTo(-1.2, 4);
    expect(flown.fov).toBeGreaterThan(0.5);
    expect(flown.fov).toBeLessThan(1.5);
    // enableForceHorizontalRoll levels a rolled camera before the next frame, heading and pitch kept; off, a roll stays.
    expect(await step('roll')).toBeCloseTo(0.3, 4);
    // A level roll reads as 0 or just under 2π (angles are given in [0, 2π)).
    const offLevel = (roll: number) => Math.min(Math.abs(roll), Math.abs(2 * Math.PI - roll));
    await expect.poll(async () => offLevel((await step('rollNow')) as number), { timeout: 30_000 }).toBeLessThan(1e-5);
    expect(await step('unlevel')).toBeCloseTo(0.3, 4);
    // (step answers the last report of a name: the poll waits for a read after `unlevel`.)
    await expect.poll(async () => (await step('rollNow')) as number, { timeout: 30_000 }).toBeCloseTo(0.3, 4);
    const set = (await step('setView')) as Record<string, number>;
    expect([set.lng, set.lat, set.heading, set.pitch]).toEqual([
      expect.closeTo(140, 4),
      expect.closeTo(35.5, 4),
      expect.closeTo(0, 4),
      expect.closeTo(-Math.PI / 2, 4),
    ]);
    const [withTerrain, without] = (await step('terrainless')) as [Record<string, number>, Record<string, number>];
    expect(withTerrain).toEqual(without);
    expect(withTerrain.lat).toBeCloseTo(35.5, 0);
    const [before, after] = (await step('zoom')) as [number, number];
    expect(before).toBeCloseTo(6_000_000, -2);
    expect(after / before).toBeGreaterThan(0.45);
    expect(after / before).toBeLessThan(0.55);
    const [fitted, twice, ranged, wider] = (await step('lookAt')) as [number, number][];
    // The sphere fills the view: farther than its radius, twice as far for twice the radius.
    expect(fitted![1]).toBeCloseTo(0.8, 6);
    expect(fitted![0]).toBeGreaterThan(10000);
    expect(twice![0] / fitted![0]).toBeCloseTo(2, 3);
    expect(ranged![0]).toBeCloseTo(5000, 0);
    // A wider field of view fits the same sphere from nearer.
    expect(wider![1]).toBeCloseTo(1.2, 6);
    expect(wider![0]).toBeLessThan(fitted![0]);
  });

  it("adds a red polygon in Re:Earth's form that shows, hides, shows, turns blue, is read back and selected by a click, then deleted", async () => {
    const id = await step('add');
    await expect.poll(() => reports().load, { timeout: 30_000 }).toBe(id);
    const red: [number, number, number] = [255, 0, 0];
    const blue: [number, number, number] = [0, 0, 255];
    // Software WebGL draws a change within a few frames: each colour is awaited, not sampled once.
    const shows = (colour: [number, number, number], expected: boolean) =>
      expect.poll(async () => (await settle(), isCloseTo(await centre(), colour, 40)), { timeout: 60_000, interval: 250 }).toBe(expected);
    await shows(red, true);
    await step('hide');
    await shows(red, false);
    await step('show');
    await shows(red, true);
    await step('recolour');
    await shows(blue, true);
    const [layer, feature, hit] = (await step('read')) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    expect(layer).toMatchObject({
      id,
      type: 'geojson',
      title: 'Area',
      visible: true,
      pluginId: 're-driver',
      appearance: { polygon: { fillColor: '#0000ff' } },
      polygon: { fillColor: { expression: "color('#ff0000')" } },
    });
    expect(feature).toEqual({ id: 'area', layerId: id, properties: { name: 'Area' }, geometry: AREA.features[0]!.geometry });
    expect((hit.center as { lat: number }).lat).toBeCloseTo(35.5, 0);
    expect(hit.viewSize).toBeGreaterThan(100_000);
    const box = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    await fx.tab.page.mouse.click(box.x + 240, box.y + 180);
    await expect.poll(() => reports().select, { timeout: 60_000 }).toBeDefined();
    expect(reports().select).toEqual([id, 'area', { id: 'area', layerId: id, properties: { name: 'Area' }, geometry: AREA.features[0]!.geometry }]);
    expect(await step('delete')).toEqual([]);
    await shows(blue, false);
    expect(isCloseTo(await centre(), red, 40)).toBe(false);
    // Plugin layers are never saved: the scene still has none.
    expect(((await (await fx.h.admin('GET', '/api/projects/driven/scene')).json()) as { layers: unknown[] }).layers).toEqual([]);
    fx.tab.assertClean();
  });

  it("applies overrideScreenSpaceCameraController's gestures to CesiumJS's controller: a left drag zooms, then turns the globe again", async () => {
    const box = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    const drag = async (from: [number, number], to: [number, number]) => {
      await fx.tab.page.mouse.move(box.x + from[0], box.y + from[1]);
      await fx.tab.page.mouse.down();
      await fx.tab.page.mouse.move(box.x + to[0], box.y + to[1], { steps: 8 });
      await fx.tab.page.mouse.up();
    };
    type Spot = { lng: number; lat: number; height: number };
    const start = (await step('leftDragZooms')) as Spot;
    // From the centre straight down: a zoom toward the place under the centre, which stays put.
    await drag([240, 180], [240, 260]);
    await expect.poll(async () => Math.abs(((await step('where')) as Spot).height / start.height - 1), { timeout: 60_000 }).toBeGreaterThan(0.05);
    const zoomed = (await step('where')) as Spot;
    expect(Math.abs(zoomed.lng - start.lng)).toBeLessThan(0.5);
    expect(Math.abs(zoomed.lat - start.lat)).toBeLessThan(0.5);
    // CesiumJS's default: a left drag across turns the globe under the camera.
    const reset = (await step('defaultGestures')) as Spot;
    await drag([180, 180], [320, 180]);
    await expect.poll(async () => Math.abs(((await step('where')) as Spot).lng - reset.lng), { timeout: 60_000 }).toBeGreaterThan(2);
    fx.tab.assertClean();
  });
});
