import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { type Rgba, screenshotPixels } from './pixels.js';
import { shot } from './shots.js';

/*
 * docs/viewer.md "Tiles": a polygon that spans several tiles of an `mvt` layer draws no outline
 * where a tile's edge cuts it, and its translucent fill no darker strip there. The polygon is the
 * square from 2°W 2°S to 2°E 2°N: the meridian 0° and the equator are edges of tiles at every zoom
 * from 1, so its four quarters lie in four tiles. Straight down from 1,500 km over 0° 0°, one
 * degree is about 40 px: the square spans about x 240–400, y 160–320. The same feature has a
 * second, small square (3°E–4°E, 0.5°S–1.5°S: x 440–480, y 260–300), in the south-east quarter's
 * tile: a selection highlights both parts there. A second feature, the rectangle from 0° to 1.5°E
 * and 2.5°N to 4°N (x 320–380, y 80–140), has its west side on the meridian, a tile's edge: its own
 * side, drawn (the server's tiles have a buffer, so its cuts end past the edge).
 *
 * A second project draws the square (without the small one) extruded to 150 km under a translucent
 * fill, seen straight down from 1,500 km over 2.5°W 2.5°S: the west half's top covers about x
 * 340–430, y 40–220, and through it the east half's side along the meridian would show, as a
 * darker band, if the cut had a wall. A third draws it opaque and 1,000 km tall from 3,000 km over
 * 5°W 0°: its west side (x about 380–410) faces the camera.
 */
const SQUARE = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 1,
      properties: { name: 'square' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [-2, -2],
              [2, -2],
              [2, 2],
              [-2, 2],
              [-2, -2],
            ],
          ],
          [
            [
              [3, -1.5],
              [4, -1.5],
              [4, -0.5],
              [3, -0.5],
              [3, -1.5],
            ],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      id: 2,
      properties: { name: 'on the edge' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 2.5],
            [1.5, 2.5],
            [1.5, 4],
            [0, 4],
            [0, 2.5],
          ],
        ],
      },
    },
  ],
};
const TALL = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 1,
      properties: { name: 'tall' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-2, -2],
            [2, -2],
            [2, 2],
            [-2, 2],
            [-2, -2],
          ],
        ],
      },
    },
  ],
};

/** The outline's colour: red, drawn opaque over a translucent green fill. */
const isOutline = ([r, g, b]: Rgba) => r > 150 && g < 110 && b < 110;

describe("an mvt layer's polygon cut by tile edges (docs/contract.md §13)", () => {
  const t = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('cut');
      const assetId = await uploadPublicAsset(h, 'cut', 'square.geojson', JSON.stringify(SQUARE));
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 0, lat: 0, height: 1_500_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'square',
            title: 'Square',
            type: 'mvt',
            assetId,
            visible: true,
            infobox: { title: '${name}' },
            appearance: { polygon: { fillColor: { expression: "color('#00c800', 0.5)" }, stroke: true, strokeColor: '#ff0000' } },
          },
        ],
        widgets: [],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/cut/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/cut/publish')).status).toBe(200);
      await h.project('cut3d');
      const tallId = await uploadPublicAsset(h, 'cut3d', 'tall.geojson', JSON.stringify(TALL));
      const tall = {
        ...scene,
        camera: { lng: -2.5, lat: -2.5, height: 1_500_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'tall',
            title: 'Tall',
            type: 'mvt',
            assetId: tallId,
            visible: true,
            appearance: { polygon: { fillColor: { expression: "color('#00c800', 0.5)" }, stroke: false, extrudedHeight: 150_000 } },
          },
        ],
      };
      expect((await h.admin('PUT', '/api/projects/cut3d/scene', tall)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/cut3d/publish')).status).toBe(200);
      await h.project('cut3d-opaque');
      const opaqueId = await uploadPublicAsset(h, 'cut3d-opaque', 'tall.geojson', JSON.stringify(TALL));
      const opaque = {
        ...scene,
        camera: { lng: -5, lat: 0, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'tall',
            title: 'Tall',
            type: 'mvt',
            assetId: opaqueId,
            visible: true,
            appearance: { polygon: { fillColor: '#00c800', stroke: false, extrudedHeight: 1_000_000 } },
          },
        ],
      };
      expect((await h.admin('PUT', '/api/projects/cut3d-opaque/scene', opaque)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/cut3d-opaque/publish')).status).toBe(200);
    },
  });

  it("draws the outline along the polygon's own sides only, its fill evenly across the tiles' edges, and highlights every part of it", async () => {
    const { page } = t.tab;
    const asked: Request[] = [];
    page.on('request', (request) => {
      if (/\/orbis-tiles\/\d+\/\d+\/\d+\.pbf$/.test(request.url())) asked.push(request);
    });
    await page.goto(`${t.h.url}/p/cut`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 180_000 });
    await shot(page, 'vector-tiles-cut');
    const drawn: [number, number, number][] = [];
    for (const request of asked) {
      const [z, x, y] = /(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(request.url())!.slice(1).map(Number);
      if ((await request.response())?.status() === 200) drawn.push([z!, x!, y!]);
    }
    // The square lies in four tiles, which meet at 0° 0°.
    expect(drawn.length).toBe(4);
    const [z] = drawn[0]!;
    expect(z).toBeGreaterThanOrEqual(1);
    const half = 2 ** (z! - 1);
    expect(new Set(drawn.map(([, x, y]) => `${x}/${y}`))).toEqual(
      new Set([`${half - 1}/${half - 1}`, `${half}/${half - 1}`, `${half - 1}/${half}`, `${half}/${half}`]),
    );

    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    // Across a row at about 1°N and down a column at about 1°W: the outline where the square's sides
    // are, more than 100 px apart, and none between them, where the tiles' edges (x 320, y 240) are.
    const row = Array.from({ length: 640 }, (_, x) => x).filter((x) => isOutline(pixels.at(x, 200)));
    const column = Array.from({ length: 480 }, (_, y) => y).filter((y) => isOutline(pixels.at(280, y)));
    for (const [hits, middle] of [
      [row, 320],
      [column, 240],
    ] as const) {
      expect(hits.length, `outline pixels ${hits}`).toBeGreaterThan(1);
      const [first, last] = [hits[0]!, hits[hits.length - 1]!];
      expect(first).toBeLessThan(middle - 50);
      expect(last).toBeGreaterThan(middle + 50);
      expect(
        hits.filter((at) => at > first + 4 && at < last - 4),
        `outline inside the square, along ${hits}`,
      ).toEqual([]);
    }
    // The rectangle's west side, on the meridian, is drawn as its east side is.
    const across = Array.from({ length: 640 }, (_, x) => x).filter((x) => isOutline(pixels.at(x, 110)));
    expect(
      across.filter((x) => x >= 314 && x <= 326),
      `outline along ${across}`,
    ).not.toEqual([]);
    expect(
      across.filter((x) => x >= 370 && x <= 390),
      `outline along ${across}`,
    ).not.toEqual([]);
    // The fill is as dark on the tiles' edges as beside them: no strip drawn twice.
    const fillAt = (x: number, y: number) => pixels.at(x, y);
    for (const [edge, beside] of [
      [fillAt(320, 200), fillAt(300, 200)],
      [fillAt(280, 240), fillAt(280, 220)],
      [fillAt(319, 239), fillAt(300, 260)],
    ] as const) {
      expect(edge[1] > 80 && edge[1] > edge[0] + 30, `fill ${edge}`).toBe(true);
      for (let c = 0; c < 3; c++) expect(Math.abs(edge[c]! - beside[c]!), `fill on the edge ${edge}, beside it ${beside}`).toBeLessThanOrEqual(12);
    }

    // A click selects the feature: both its parts turn the highlight's yellow, in every tile.
    await page.mouse.click(300, 200);
    await page.getByTestId('infobox').waitFor({ state: 'visible' });
    const isYellow = ([r, g, b]: Rgba) => r > 150 && g > 150 && b < 110;
    await expect
      .poll(async () => {
        const now = await screenshotPixels(page, page.getByTestId('viewer'));
        return [
          [300, 200],
          [340, 280],
          [460, 280],
        ].map(([px, py]) => isYellow(now.at(px!, py!)));
      })
      .toEqual([true, true, true]);
    await shot(page, 'vector-tiles-cut-selected');
  }, 300_000);

  it('draws no wall along the cut of an extruded polygon, only its own sides', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/cut3d`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 180_000 });
    await shot(page, 'vector-tiles-cut-extruded');
    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    // Along a row across the west half's top at about 1°N: as green where a wall on the meridian
    // would show through it (x 420–430) as nearer its middle.
    const top = pixels.at(385, 90);
    expect(top[1] > 80 && top[1] > top[0] + 30, `top ${top}`).toBe(true);
    for (let x = 360; x <= 428; x += 4) {
      const here = pixels.at(x, 90);
      for (let c = 0; c < 3; c++) expect(Math.abs(here[c]! - top[c]!), `at x ${x}: ${here}, at 385: ${top}`).toBeLessThanOrEqual(12);
    }
    // The east and north sides' walls show through the top (x 500–520, y 40–60), their inner faces
    // as CesiumJS draws a translucent closed volume's: a shade of the fill, over the ocean.
    const wall = pixels.at(510, 130);
    expect(wall[1] > 80 && wall[1] > wall[2] + 60, `wall ${wall}`).toBe(true);

    // Opaque, from farther west: the west side's wall faces the camera and shows, lit (a wall facing
    // inward would be culled, and the ocean show through).
    await page.goto(`${t.h.url}/p/cut3d-opaque`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 180_000 });
    await shot(page, 'vector-tiles-cut-extruded-opaque');
    const opaque = await screenshotPixels(page, page.getByTestId('viewer'));
    for (const y of [200, 240, 280]) {
      const side = opaque.at(395, y);
      expect(side[1] > 60 && side[1] > side[2] + 40, `west wall at 395,${y}: ${side}`).toBe(true);
    }
  }, 300_000);
});
