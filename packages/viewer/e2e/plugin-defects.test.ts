import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, emptyScene, reports as reportsOf, SAY, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { isCloseTo, screenshotPixels } from './pixels.js';

/** The scene's own feature, a little north of where the plugin's land. */
const SCENE_POINTS = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'scene-point', properties: { name: 'scene' }, geometry: { type: 'Point', coordinates: [139, 35.3] } }],
};

/** Two labels of one layer about 30 px apart on screen, each wider than that: red (the first feature) and green. */
const CROWDED = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', id: 'first', properties: { name: 'WWWWWWWW', kind: 'first' }, geometry: { type: 'Point', coordinates: [139.7, 35.66] } },
    { type: 'Feature', id: 'second', properties: { name: 'WWWWWWWW', kind: 'second' }, geometry: { type: 'Point', coordinates: [140.3, 35.66] } },
  ],
};

/** A plugin that asks the viewer at start-up, adds layers (two that cannot load), and asks for every feature on screen once its own has loaded. */
function prober(base: string): string {
  return `
${SAY}
say('globeHeight', app.viewer.tools.getGlobeHeight(140, 35.5));
const place = { type: 'FeatureCollection', features: [
  { type: 'Feature', id: 'plugin-point', properties: { name: 'point' }, geometry: { type: 'Point', coordinates: [139, 35] } },
  { type: 'Feature', id: 'plugin-line', properties: { name: 'line' }, geometry: { type: 'LineString', coordinates: [[138.9, 34.8], [139.1, 34.9]] } },
] };
const added = app.layers.add({ type: 'geojson', data: { value: place } });
say('missing', [app.layers.add({ type: 'czml', url: '${base}/missing-plugin.czml' }), app.layers.add({ type: 'geojson', url: '${base}/missing-plugin.geojson' })]);
app.layers.on('load', ({ layerId }) => {
  if (layerId !== added) return;
  app.camera.flyTo({ lng: 139, lat: 35.1, height: 200000, heading: 0, pitch: -Math.PI / 2, roll: 0 }, { duration: 0 });
  const { width, height } = app.viewer.viewport;
  say('inRect', app.layers.getFeaturesInScreenRect([0, 0, width, height]).map((f) => f.layerId + '/' + f.id).sort());
});
say('added', added);
`;
}

describe('issue 25: defects found while trying the product', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 640, height: 480 },
    setUp: async (h) => {
      const project = await h.project('defects');
      const [points] = await h.server.ctx.assets.add(
        project,
        [{ name: 'points.geojson', stream: Readable.from([Buffer.from(JSON.stringify(SCENE_POINTS))]) }],
        true,
      );
      await h.admin('PUT', '/api/projects/defects/scene', {
        ...emptyScene(),
        layers: [
          { id: 'scene-points', title: 'Points', type: 'geojson', assetId: points!.id, visible: true },
          { id: 'broken', title: 'Broken', type: 'czml', url: `${h.url}/missing-scene.czml`, visible: true },
        ],
      });
      expect((await h.admin('POST', '/api/projects/defects/plugins', widgetPlugin('prober', prober(h.url)))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/defects/publish')).status).toBe(200);
      const labels = await h.project('labels');
      const [crowded] = await h.server.ctx.assets.add(
        labels,
        [{ name: 'crowded.geojson', stream: Readable.from([Buffer.from(JSON.stringify(CROWDED))]) }],
        true,
      );
      const red = "color('#ff0000')";
      const labelColor = {
        conditions: [
          ["${kind} === 'first'", red],
          ['true', "color('#00ff00')"],
        ],
      };
      await h.admin('PUT', '/api/projects/labels/scene', {
        ...emptyScene({ lng: 140, lat: 35.66, height: 1_000_000, heading: 0, pitch: -90, roll: 0 }),
        property: { ...LIGHT_PROPERTY, globe: { ...LIGHT_PROPERTY.globe, baseColor: '#000000' } },
        layers: [
          {
            id: 'crowded',
            title: 'Crowded',
            type: 'geojson',
            assetId: crowded!.id,
            visible: true,
            appearance: { marker: { pointColor: '#000000', label: true, labelText: { expression: '${name}' }, labelSize: 24, labelColor } },
          },
        ],
      });
      expect((await h.admin('POST', '/api/projects/labels/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/p/defects`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    },
  });

  const reports = () => reportsOf(fx.tab, 'prober/main');
  const settled = () =>
    expect.poll(() => Object.keys(reports()), { timeout: 120_000 }).toEqual(expect.arrayContaining(['globeHeight', 'added', 'missing', 'inRect']));

  it('getGlobeHeight answers the ellipsoid, 0, with terrain off, even before the globe has drawn its tiles there', async () => {
    await settled();
    expect(reports().globeHeight).toBe(0);
  });

  it("a layer that cannot load says why, the same way for the scene's and a plugin's, whatever its type", async () => {
    await settled();
    const [czml, geojson] = reports().missing as [string, string];
    const errors = () => fx.tab.consoleMessages.filter((m) => m.text.includes('could not be loaded')).map((m) => m.text);
    await expect.poll(errors, { timeout: 60_000 }).toHaveLength(3);
    expect(errors().sort()).toEqual(
      [
        `[orbis] layer "broken" could not be loaded: ${fx.h.url}/missing-scene.czml answered 404`,
        `[orbis] plugin layer "${czml}" could not be loaded: ${fx.h.url}/missing-plugin.czml answered 404`,
        `[orbis] plugin layer "${geojson}" could not be loaded: ${fx.h.url}/missing-plugin.geojson answered 404`,
      ].sort(),
    );
  });

  it('getFeaturesInScreenRect lists every visible feature on screen, a plugin layer just loaded and flown to included', async () => {
    await settled();
    const added = reports().added as string;
    expect(reports().inRect).toEqual([`${added}/plugin-line`, `${added}/plugin-point`, 'scene-points/scene-point'].sort());
  });

  // Last: it leaves the page of the tests above for another project's.
  it("labels of one layer do not pile up: of two that would overlap, the first feature's shows, judged by pixels", async () => {
    await fx.tab.page.goto(`${fx.h.url}/p/labels`);
    const viewer = fx.tab.page.locator('[data-testid="viewer"][data-ready="true"]');
    await viewer.waitFor({ timeout: 120_000 });
    const count = async () => {
      const pixels = await screenshotPixels(fx.tab.page, viewer);
      let [red, green] = [0, 0];
      for (let y = 0; y < pixels.height; y++) {
        for (let x = 0; x < pixels.width; x++) {
          const at = pixels.at(x, y);
          if (isCloseTo(at, [255, 0, 0], 60)) red++;
          else if (isCloseTo(at, [0, 255, 0], 60)) green++;
        }
      }
      return { red, green };
    };
    await expect.poll(async () => (await count()).red, { timeout: 30_000 }).toBeGreaterThan(50);
    // The page may draw a frame more before the labels settle: the second label is hidden by then.
    await expect.poll(async () => (await count()).green, { timeout: 60_000 }).toBeLessThan(5);
    expect((await count()).red).toBeGreaterThan(50);
  });
});
