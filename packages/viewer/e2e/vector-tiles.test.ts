import { describe, expect, it } from 'vitest';
import { MAX_TILES } from '../src/engine/vector/tile-cover.js';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { dominantColorIn, screenshotPixels } from './pixels.js';

/*
 * docs/contract.md §13 on the published page: an `mvt` layer of an uploaded GeoJSON of 120,000 points, drawn
 * from the tiles the server cuts of it, only those in view. The points fill a 10° × 6° grid
 * around 10°E 10°N (400 × 300): the western half `kind: "west"` (red by the style), the eastern
 * `"east"` (blue). The camera looks straight down from 3,000 km, where one degree is about 20 px.
 */
const COLUMNS = 400;
const ROWS = 300;

function grid(): string {
  const features: string[] = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const i = r * COLUMNS + c;
      const kind = c < COLUMNS / 2 ? 'west' : 'east';
      features.push(
        `{"type":"Feature","id":"P${i}","properties":{"name":"P${i}","kind":"${kind}"},"geometry":{"type":"Point","coordinates":[${(5 + (c * 10) / COLUMNS).toFixed(4)},${(7 + (r * 6) / ROWS).toFixed(4)}]}}`,
      );
    }
  }
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

// Once a point is selected: finds it by id among the tiles' features, then flies closer.
const CLOSER = `
const watch = () => {
  const selected = app.layers.selectedFeature;
  if (!selected) return setTimeout(watch, 250);
  const found = app.layers.findFeatureById('grid', String(selected.id));
  console.log('FOUND ' + JSON.stringify(found && found.properties));
  app.camera.flyTo({ lng: 7.5, lat: 10, height: 300000, heading: 0, pitch: -Math.PI / 2 }, { duration: 0 });
};
watch();`;

describe('an mvt layer drawn from the tiles the server cuts (docs/contract.md §13)', () => {
  const t = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('tiles');
      const assetId = await uploadPublicAsset(h, 'tiles', 'grid.geojson', grid());
      expect((await h.admin('POST', '/api/projects/tiles/plugins', widgetPlugin('closer', CLOSER))).status).toBe(201);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 10, lat: 10, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'grid',
            title: 'Grid',
            type: 'mvt',
            assetId,
            visible: true,
            appearance: {
              marker: {
                pointSize: 6,
                pointColor: {
                  conditions: [
                    ["${kind} === 'west'", "color('#ff0000')"],
                    ['true', "color('#0000ff')"],
                  ],
                },
              },
            },
            infobox: { title: '${name}', fields: [{ label: 'Kind', value: '${kind}' }] },
          },
        ],
        widgets: [{ pluginId: 'closer', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/tiles/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/tiles/publish')).status).toBe(200);
    },
  });

  it('draws the tiles in view in their colours, explains a click, lets a plugin find the feature, and loads deeper tiles as the camera comes closer', async () => {
    const { page, consoleMessages } = t.tab;
    const tiles: [number, number, number][] = [];
    page.on('request', (request) => {
      const match = /\/orbis-tiles\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(request.url());
      if (match) tiles.push([Number(match[1]), Number(match[2]), Number(match[3])]);
    });
    await page.goto(`${t.h.url}/p/tiles`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 180_000 });
    // Only the tiles that cover the view, at one zoom.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(MAX_TILES);
    const first = tiles[0]![0];
    expect(tiles.every(([z]) => z === first)).toBe(true);

    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    // The west half spans 5°–10°E (x 220–320), the east 10°–15°E (x 320–420); 7°–13°N is y 180–300.
    const west = dominantColorIn(pixels, { x: 250, y: 220, width: 40, height: 40 });
    const east = dominantColorIn(pixels, { x: 350, y: 220, width: 40, height: 40 });
    expect(west[0] > 120 && west[1] < 50 && west[2] < 50, `west ${west}`).toBe(true);
    expect(east[2] > 120 && east[0] < 50 && east[1] < 50, `east ${east}`).toBe(true);

    const infobox = page.getByTestId('infobox');
    const before = tiles.length;
    // A click finds a drawn point near 7.5°E 10°N: search a few pixels around it.
    for (const [dx, dy] of [
      [0, 0],
      [2, 0],
      [0, 2],
      [-2, 0],
      [0, -2],
      [3, 3],
    ]) {
      await page.mouse.click(270 + dx!, 240 + dy!);
      if (await infobox.isVisible()) break;
    }
    await infobox.waitFor({ state: 'visible' });
    expect(await infobox.locator('h2').textContent()).toMatch(/^P\d+$/);
    expect(await infobox.locator('dd').allTextContents()).toEqual(['west']);
    const title = await infobox.locator('h2').textContent();

    // The plugin finds the selected feature by id, and flies closer: deeper tiles, still only those in view.
    const prefix = '[plugin closer/main] FOUND ';
    await expect.poll(() => consoleMessages.some((m) => m.text.startsWith(prefix)), { timeout: 30_000 }).toBe(true);
    expect(JSON.parse(consoleMessages.find((m) => m.text.startsWith(prefix))!.text.slice(prefix.length))).toEqual({ name: title, kind: 'west' });
    await expect.poll(() => tiles.slice(before).some(([z]) => z > first), { timeout: 60_000 }).toBe(true);
    expect(tiles.slice(before).filter(([z]) => z > first).length).toBeLessThanOrEqual(MAX_TILES);
  }, 300_000);
});
