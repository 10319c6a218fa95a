import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { dominantColorIn, type Pixels, screenshotPixels, shareCloseTo } from './pixels.js';

/*
 * docs/contract.md §13 on the published page: a GeoJSON layer of 100,000 points (the batched path, drawn from
 * the layer worker's batches), styled by conditions, read back from the pixels; a click on one of
 * its points shows that point's infobox; a plugin finds a feature of it by id. Beside it, 6,000
 * extruded polygons styled by conditions, read back from the pixels, and clicked; then a plugin's
 * `override` restyles the points.
 *
 * The points fill a 10° × 6° grid around 10°E 10°N, 500 × 200 of them: the western half is
 * `kind: "west"` (red by the style), the eastern half `"east"` (blue). The camera looks straight
 * down from 3,000 km, where one degree is about 20 px.
 */
const COLUMNS = 500;
const ROWS = 200;

function grid(): string {
  const features: string[] = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const i = r * COLUMNS + c;
      const kind = c < COLUMNS / 2 ? 'west' : 'east';
      const lng = 5 + (c * 10) / COLUMNS;
      const lat = 7 + (r * 6) / ROWS;
      features.push(
        `{"type":"Feature","id":"P${i}","properties":{"name":"P${i}","kind":"${kind}","value":${i % 1000}},"geometry":{"type":"Point","coordinates":[${lng.toFixed(4)},${lat.toFixed(4)}]}}`,
      );
    }
  }
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

/** 6,000 squares (100 × 60) over 5°–15°E, 14°–16°N: the batched path's polygons, extruded by `floors`. */
function blocks(): string {
  const features: string[] = [];
  for (let r = 0; r < 60; r++) {
    for (let c = 0; c < 100; c++) {
      const [w, s] = [5 + c * 0.1, 14 + r * (2 / 60)];
      const [e, n] = [w + 0.08, s + 0.025];
      const ring = [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ]
        .map(([x, y]) => `[${x!.toFixed(4)},${y!.toFixed(4)}]`)
        .join(',');
      features.push(
        `{"type":"Feature","id":"B${r * 100 + c}","properties":{"name":"Block ${r * 100 + c}","side":"${c < 50 ? 'west' : 'east'}","floors":${1 + (c % 5)}},"geometry":{"type":"Polygon","coordinates":[[${ring}]]}}`,
      );
    }
  }
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
}

// Finds a point by id once it is drawn; then, when a block is selected, overrides the points'
// appearance to green (docs/contract.md §8 `override` on a layer of the batched path).
const FINDER = `
const look = () => {
  const found = app.layers.findFeatureById('big', 'P12100');
  if (found) console.log('REPORT ' + JSON.stringify(found.properties));
  else setTimeout(look, 250);
};
look();
const watch = () => {
  const selected = app.layers.selectedFeature;
  if (selected && String(selected.id).startsWith('B')) {
    app.layers.override('big', { appearance: { marker: { pointSize: 6, pointColor: '#00ff00' } } });
    console.log('OVERRIDDEN');
  } else setTimeout(watch, 250);
};
watch();`;

describe('large layers on the batched path in Chromium', () => {
  const t = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('big');
      const assetId = await uploadPublicAsset(h, 'big', 'grid.geojson', grid());
      const blocksId = await uploadPublicAsset(h, 'big', 'blocks.geojson', blocks());
      expect((await h.admin('POST', '/api/projects/big/plugins', widgetPlugin('finder', FINDER))).status).toBe(201);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 10, lat: 10, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'big',
            title: 'Grid',
            type: 'geojson',
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
          {
            id: 'blocks',
            title: 'Blocks',
            type: 'geojson',
            assetId: blocksId,
            visible: true,
            appearance: {
              polygon: {
                stroke: false,
                extrudedHeight: { expression: '${floors} * 3000' },
                fillColor: {
                  conditions: [
                    ["${side} === 'west'", "color('#00ff00')"],
                    ['true', "color('#ff00ff')"],
                  ],
                },
              },
            },
            infobox: { title: '${name}', fields: [{ label: 'Side', value: '${side}' }] },
          },
        ],
        widgets: [{ pluginId: 'finder', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/big/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/big/publish')).status).toBe(200);
    },
  });

  it('draws every point in its colour, explains a click and lets a plugin find a feature', async () => {
    const { page, consoleMessages } = t.tab;
    await page.goto(`${t.h.url}/p/big`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 180_000 });
    const pixels: Pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    // 1° ≈ 20 px: the west half spans 5°–10°E (x 220–320), the east 10°–15°E (x 320–420); 7°–13°N is y 180–300.
    const west = dominantColorIn(pixels, { x: 250, y: 220, width: 40, height: 40 });
    const east = dominantColorIn(pixels, { x: 350, y: 220, width: 40, height: 40 });
    // Points this dense overlap their antialiased edges, which CesiumJS darkens: the hue is what counts.
    expect(west[0] > 120 && west[1] < 50 && west[2] < 50, `west ${west}`).toBe(true);
    expect(east[2] > 120 && east[0] < 50 && east[1] < 50, `east ${east}`).toBe(true);
    // The blocks (14°–16°N: y 120–160) in their colours, on the batched path's polygons.
    const blocksWest = dominantColorIn(pixels, { x: 250, y: 130, width: 30, height: 20 });
    const blocksEast = dominantColorIn(pixels, { x: 360, y: 130, width: 30, height: 20 });
    expect(blocksWest[1] > 120 && blocksWest[0] < 90 && blocksWest[2] < 90, `west blocks ${blocksWest}`).toBe(true);
    expect(blocksEast[0] > 120 && blocksEast[2] > 120 && blocksEast[1] < 90, `east blocks ${blocksEast}`).toBe(true);
    // The progress line is gone once every feature is drawn.
    expect(await page.getByTestId('layer-progress').isVisible()).toBe(false);

    const infobox = page.getByTestId('infobox');
    await page.mouse.click(270, 240);
    await infobox.waitFor({ state: 'visible' });
    expect(await infobox.locator('h2').textContent()).toMatch(/^P\d+$/);
    expect(await infobox.locator('dd').allTextContents()).toEqual(['west']);
    // The selected point is drawn yellow (the points drawn after it cover most of it: a share of the pixels around the click).
    await expect
      .poll(async () => shareCloseTo(await screenshotPixels(page, page.getByTestId('viewer')), { x: 262, y: 232, width: 16, height: 16 }, [255, 255, 0], 90), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await page.mouse.click(380, 140);
    await expect.poll(() => infobox.locator('h2').textContent()).toMatch(/^Block \d+$/);
    expect(await infobox.locator('dd').allTextContents()).toEqual(['east']);
    // The plugin overrides the points' appearance: the worker restyles them, and they turn green.
    await expect.poll(() => consoleMessages.some((m) => m.text.endsWith('OVERRIDDEN')), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        async () => {
          const c = dominantColorIn(await screenshotPixels(page, page.getByTestId('viewer')), { x: 350, y: 220, width: 40, height: 40 });
          return c[1] > 120 && c[0] < 60 && c[2] < 60;
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    const prefix = '[plugin finder/main] REPORT ';
    await expect
      .poll(() => consoleMessages.some((m) => m.text.startsWith(prefix)), { timeout: 30_000, message: consoleMessages.map((m) => m.text).join('\n') })
      .toBe(true);
    const found = JSON.parse(consoleMessages.find((m) => m.text.startsWith(prefix))!.text.slice(prefix.length));
    expect(found).toEqual({ name: 'P12100', kind: 'west', value: 100 });
  }, 300_000);
});
