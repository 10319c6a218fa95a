import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { pointTileset } from './point-tileset.js';
import { uploadTileset } from './tileset-upload.js';
import { dominantColorIn, type ExpectedColor, isCloseTo, type Pixels, type Rgba, screenshotPixels, shareCloseTo } from './pixels.js';

/*
 * docs/contract.md §7 on the published page, judged by pixels, with one page load: a conditions style colours
 * polygons by a property; CSV points (default and named columns) in their colour and size where
 * their rows say; a GPX track; an XYZ layer and a WMS layer over it from a local server; a point
 * tileset (3D Tiles) coloured by its appearance; a click on a polygon or on a tile's feature shows
 * the infobox and highlights what was clicked, an empty click closes it; the legend's rows and colours.
 *
 * The camera looks straight down from 3,000 km over 10°E 10°N: near the centre one degree is
 * about 20 px on a 640×480 page.
 */
const CENTRE = { lng: 10, lat: 10 };
const PX_PER_DEGREE = 20;
const at = (lng: number, lat: number) => ({ fx: 0.5 + ((lng - CENTRE.lng) * PX_PER_DEGREE) / 640, fy: 0.5 - ((lat - CENTRE.lat) * PX_PER_DEGREE) / 480 });

const square = (w: number, s: number, e: number, n: number) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const polygons = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Green Park', category: 'park' }, geometry: { type: 'Polygon', coordinates: square(2, 8, 7, 13) } },
    { type: 'Feature', properties: { name: 'Market <b>Hall</b>', category: 'shop' }, geometry: { type: 'Polygon', coordinates: square(13, 8, 18, 13) } },
  ],
};
const cafesCsv = 'name,Latitude,LON,kind\nCafe One,4,7,cafe\n"Bar, Two",4,13,bar\n';
const namedCsv = 'label,Y,X\nNamed,2,10\n';
const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="orbis-test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Walk</name><trkseg>
<trkpt lat="16" lon="3"></trkpt><trkpt lat="16" lon="17"></trkpt></trkseg></trk></gpx>`;

const ORANGE: [number, number, number] = [200, 100, 0];
function solidPng(rgb: [number, number, number], alpha = 255): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, alpha], i);
  return PNG.sync.write(png);
}
/** The WMS layer is half-transparent blue: over the orange tiles, the two mix. */
const MIXED: ExpectedColor = [100, 50, 128];

const RED: ExpectedColor = [255, 0, 0];
const BLUE: ExpectedColor = [0, 0, 255];
const LIME: ExpectedColor = [0, 255, 0];
const YELLOW: ExpectedColor = [255, 255, 0];
const MAGENTA: ExpectedColor = [255, 0, 255];
const CYAN: ExpectedColor = [0, 255, 255];

function colorAt(pixels: Pixels, p: { fx: number; fy: number }, size = 8): Rgba {
  return dominantColorIn(pixels, { x: Math.round(pixels.width * p.fx - size / 2), y: Math.round(pixels.height * p.fy - size / 2), width: size, height: size });
}

async function waitForPixels(page: Page, ok: (p: Pixels) => boolean, what: string, describe: (p: Pixels) => string): Promise<Pixels> {
  const deadline = Date.now() + 60_000;
  let last: Pixels | undefined;
  while (Date.now() < deadline) {
    last = await screenshotPixels(page, page.getByTestId('viewer'));
    if (ok(last)) return last;
    await page.waitForTimeout(500);
  }
  throw new Error(`${what}: ${describe(last!)}`);
}

describe('layer appearance, CSV, GPX, imagery, infobox and legend in Chromium', () => {
  let files: Server;
  let filesUrl = '';
  const wmsRequests: string[] = [];

  beforeAll(async () => {
    files = createServer((req, res) => {
      res.setHeader('access-control-allow-origin', '*');
      if (req.url === '/named.csv') return res.writeHead(200, { 'content-type': 'text/csv' }).end(namedCsv);
      if (req.url?.startsWith('/tiles/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(ORANGE));
      if (req.url?.startsWith('/wms?')) {
        const query = new URL(req.url, 'http://x').searchParams;
        wmsRequests.push(`${query.get('request')}:${query.get('layers')}`);
        return res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng([0, 0, 255], 128));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => files?.close(resolve));
  });
  const fx = useBrowserAndServer();

  it('draws every layer as styled, shows the infobox on a click and the legend', async () => {
    const { h, tab } = fx;
    await h.project('styled');
    const upload = async (name: string, text: string) => {
      const form = new FormData();
      form.append('public', 'true');
      form.append('file', new Blob([text]), name);
      const res = await fetch(`${h.url}/api/projects/styled/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
      const body = await res.json();
      return (Array.isArray(body) ? body[0] : body).id as string;
    };
    const [zonesId, cafesId, trackId] = [
      await upload('zones.geojson', JSON.stringify(polygons)),
      await upload('cafes.csv', cafesCsv),
      await upload('walk.gpx', gpx),
    ];
    const tiles = pointTileset([
      { lng: 10, lat: 12, properties: { gml_id: 'tower-a', name: 'Tower A', height: 120 } },
      { lng: 11, lat: 14, properties: { gml_id: 'tower-b', name: 'Tower B', height: 80 } },
    ]);
    const tilesetUrl = await uploadTileset(h.url, 'styled', tiles, 'towers.zip');
    const scene = {
      property: LIGHT_PROPERTY,
      camera: { ...CENTRE, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
      layers: [
        { id: 'base', title: 'Orange tiles', type: 'imagery', url: `${filesUrl}/tiles/{z}/{x}/{y}.png`, visible: true, data: { maximumLevel: 2 } },
        { id: 'radar', title: 'Radar', type: 'wms', url: `${filesUrl}/wms`, visible: true, data: { layers: 'radar' } },
        {
          id: 'zones',
          title: 'Zones',
          type: 'geojson',
          assetId: zonesId,
          visible: true,
          appearance: {
            polygon: {
              fillColor: {
                conditions: [
                  ["${category} === 'park'", "color('#ff0000')"],
                  ['true', "color('#0000ff')"],
                ],
              },
              stroke: false,
            },
          },
          infobox: { title: '${name}', fields: [{ label: 'Category', value: '${category}' }] },
        },
        {
          id: 'cafes',
          title: 'Cafes',
          type: 'csv',
          assetId: cafesId,
          visible: true,
          appearance: {
            marker: {
              pointSize: 24,
              pointColor: {
                conditions: [
                  ["${kind} === 'cafe'", "color('lime')"],
                  ['true', "color('yellow')"],
                ],
              },
            },
          },
        },
        {
          id: 'named',
          title: 'Named',
          type: 'csv',
          url: `${filesUrl}/named.csv`,
          visible: true,
          data: { latColumn: 'Y', lngColumn: 'X' },
          appearance: { marker: { pointSize: 24, pointColor: '#ff00ff' } },
        },
        { id: 'walk', title: 'Walk', type: 'gpx', assetId: trackId, visible: true, appearance: { polyline: { strokeColor: 'cyan', strokeWidth: 12 } } },
        {
          id: 'towers',
          title: 'Towers',
          type: '3dtiles',
          url: tilesetUrl,
          visible: true,
          appearance: { '3dtiles': { color: 'white' } },
          infobox: { title: '${name}' },
        },
      ],
      widgets: [],
      story: { pages: [] },
    };
    const put = await h.admin('PUT', '/api/projects/styled/scene', scene);
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await h.admin('POST', '/api/projects/styled/publish')).status).toBe(200);

    const { page } = tab;
    await page.goto(`${h.url}/p/styled`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });

    const park = at(4.5, 10.5);
    const shop = at(15.5, 10.5);
    const cafe = at(7, 4);
    const bar = at(13, 4);
    const named = at(10, 2);
    const empty = at(10, 6.5);
    const tower = at(10, 12);
    const checks: [string, { fx: number; fy: number }, ExpectedColor][] = [
      ['park polygon red', park, RED],
      ['shop polygon blue', shop, BLUE],
      ['cafe point lime', cafe, LIME],
      ['bar point yellow', bar, YELLOW],
      ['named-column point magenta', named, MAGENTA],
      ['tileset point white', tower, [255, 255, 255]],
      ['orange XYZ tiles under half-blue WMS where nothing else is', empty, MIXED],
    ];
    const report = (p: Pixels) => checks.map(([what, where]) => `${what}: ${colorAt(p, where)}`).join('; ');
    // data-ready means drawn (docs/contract.md §4; layers are added after the globe's first frame): every
    // layer, the 3D tiles too, is in its colour in the frame that set it, with no further wait.
    const atReady = await screenshotPixels(page, page.getByTestId('viewer'));
    expect(
      checks.filter(([, where, color]) => !isCloseTo(colorAt(atReady, where), color, 70)).map(([what]) => what),
      report(atReady),
    ).toEqual([]);
    const pixels = await waitForPixels(
      page,
      (p) => checks.every(([, where, color]) => isCloseTo(colorAt(p, where), color, 70)),
      'every layer in its colour',
      report,
    );

    expect(wmsRequests.length).toBeGreaterThan(0);
    expect(new Set(wmsRequests)).toEqual(new Set(['GetMap:radar']));
    // Points are 24 px across: their colour fills a 12 px square at their place but not one 20 px beside it.
    expect(shareCloseTo(pixels, { x: Math.round(640 * cafe.fx) - 6, y: Math.round(480 * cafe.fy) - 6, width: 12, height: 12 }, LIME, 70)).toBeGreaterThan(0.8);
    expect(isCloseTo(colorAt(pixels, { fx: cafe.fx + 20 / 640, fy: cafe.fy }), LIME, 70)).toBe(false);
    // The GPX track: a cyan band across the upper part of the view, at 16°N.
    const trackY = Math.round(480 * at(10, 16).fy);
    expect(shareCloseTo(pixels, { x: 240, y: trackY - 20, width: 160, height: 40 }, CYAN, 80), 'the GPX track').toBeGreaterThan(0.1);

    // A click on the park: the infobox with its title and fields, as text; the park highlighted.
    const infobox = page.getByTestId('infobox');
    await expect.poll(() => infobox.isVisible()).toBe(false);
    await page.mouse.click(640 * park.fx, 480 * park.fy);
    await infobox.waitFor({ state: 'visible' });
    expect(await infobox.locator('h2').textContent()).toBe('Green Park');
    expect(await infobox.locator('dt').allTextContents()).toEqual(['Category']);
    expect(await infobox.locator('dd').allTextContents()).toEqual(['park']);
    await waitForPixels(
      page,
      (p) => isCloseTo(colorAt(p, park), YELLOW, 90),
      'the selected park is highlighted',
      (p) => `park: ${colorAt(p, park)}`,
    );
    // The shop's name holds markup: it shows as text.
    await page.mouse.click(640 * shop.fx, 480 * shop.fy);
    await expect.poll(() => infobox.locator('h2').textContent()).toBe('Market <b>Hall</b>');
    expect(await infobox.locator('b').count()).toBe(0);
    // A feature of a 3D Tiles layer: its batch table row, and it is highlighted.
    await page.mouse.click(640 * tower.fx, 480 * tower.fy);
    await expect.poll(() => infobox.locator('h2').textContent()).toBe('Tower A');
    expect(await infobox.locator('dt').allTextContents()).toEqual(['gml_id', 'name', 'height']);
    expect(await infobox.locator('dd').allTextContents()).toEqual(['tower-a', 'Tower A', '120']);
    await waitForPixels(
      page,
      (p) => isCloseTo(colorAt(p, tower), YELLOW, 90),
      'the selected tower is highlighted',
      (p) => `tower: ${colorAt(p, tower)}`,
    );
    // An empty spot of the globe closes it.
    await page.mouse.click(640 * empty.fx, 480 * empty.fy);
    await infobox.waitFor({ state: 'hidden' });

    // The legend: a row per condition with its colour, for both layers styled by conditions.
    const rows = page.getByTestId('legend').getByTestId('legend-row');
    // A 640×480 window is a small one: the legend starts folded, and a click on its title opens it.
    const legend = page.getByTestId('legend').locator('details');
    expect(await legend.getAttribute('open')).toBeNull();
    await legend.locator('summary').click();
    await expect.poll(() => legend.getAttribute('open')).toBe('');
    expect(await rows.allTextContents()).toEqual(['category = park', 'other', 'kind = cafe', 'other']);
    const legendPixels = await screenshotPixels(page, rows.first().locator('.orbis-legend-swatch'));
    expect(isCloseTo(dominantColorIn(legendPixels, { x: 2, y: 2, width: legendPixels.width - 4, height: legendPixels.height - 4 }), RED, 40)).toBe(true);
    const swatchOfLast = await screenshotPixels(page, rows.nth(3).locator('.orbis-legend-swatch'));
    expect(isCloseTo(dominantColorIn(swatchOfLast, { x: 2, y: 2, width: swatchOfLast.width - 4, height: swatchOfLast.height - 4 }), YELLOW, 40)).toBe(true);
    await page.screenshot({ path: '/tmp/orbis-layer-style.png' });
    tab.assertClean();
  });
});
