import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeatureCollection, Polygon } from 'geojson';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { gdalFile, geopackageOf, shapefileZip } from '../../server/src/test/gdal-fixtures.js';
import { ADMIN_TOKEN, type Harness } from '../../server/src/test/harness.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { type ExpectedColor, type Pixels, screenshotPixels, shareCloseTo } from './pixels.js';

/*
 * docs/contract.md §13 on the published page: a shapefile (JGD2011 plane zone IX, Shift_JIS), a FlatGeobuf
 * (Web Mercator), a GeoPackage (zone IX) and a GeoJSON sequence, each written by GDAL, each a
 * square beside Tokyo in its own colour; and a CSV of WKT geometries, a small square at the centre. The camera looks straight down from 400 km over the
 * centre: the four squares fill the four quarters of a 640×480 page.
 */
const CENTRE = { lng: 139.75, lat: 35.65 };
function square(name: string, dx: number, dy: number): FeatureCollection<Polygon> {
  const [w, e] = dx < 0 ? [CENTRE.lng - 1.5, CENTRE.lng - 0.1] : [CENTRE.lng + 0.1, CENTRE.lng + 1.5];
  const [s, n] = dy < 0 ? [CENTRE.lat - 1.5, CENTRE.lat - 0.1] : [CENTRE.lat + 0.1, CENTRE.lat + 1.5];
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name, kind: 'square' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
      },
    ],
  };
}

const LAYERS: { id: string; file: string; color: ExpectedColor; css: string; at: { x: number; y: number }; bytes: () => Buffer }[] = [
  {
    id: 'shapefile',
    file: 'wards.zip',
    color: [255, 0, 0],
    css: '#ff0000',
    at: { x: 200, y: 150 },
    bytes: () => shapefileZip(square('千代田区の北西', -1, 1), 'EPSG:6677', { encoding: 'CP932' }),
  },
  {
    id: 'flatgeobuf',
    file: 'ne.fgb',
    color: [0, 0, 255],
    css: '#0000ff',
    at: { x: 440, y: 150 },
    bytes: () => gdalFile(square('北東', 1, 1), 'FlatGeobuf', 'EPSG:3857'),
  },
  {
    id: 'geopackage',
    file: 'sw.gpkg',
    color: [0, 255, 0],
    css: '#00ff00',
    at: { x: 200, y: 330 },
    bytes: () => gdalFile(square('南西', -1, -1), 'GPKG', 'EPSG:6677'),
  },
  {
    id: 'geojsonseq',
    file: 'se.geojsonl',
    color: [255, 255, 0],
    css: '#ffff00',
    at: { x: 440, y: 330 },
    bytes: () => gdalFile(square('南東', 1, -1), 'GeoJSONSeq', 'EPSG:4326'),
  },
];

/** A file host beside the server, as a city's open-data portal is: the same files, by URL. */
let host: Server | undefined;
let hostUrl = '';
function serveFiles(files: Record<string, Buffer | string>): Promise<string> {
  host = createServer((req, res) => {
    const body = files[(req.url ?? '/').slice(1)];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  return new Promise((resolve) => host!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(host!.address() as AddressInfo).port}`)));
}

/** Uploads a public asset; resolves with its id. */
async function uploadPublic(h: Harness, alias: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const form = new FormData();
  form.append('public', 'true');
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${h.url}/api/projects/${alias}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

// A CSV of WKT geometries (data.wktColumn): a small magenta square at the centre.
const D = 0.08;
const WKT = `name,WKT\n中心,"POLYGON ((${CENTRE.lng - D} ${CENTRE.lat - D},${CENTRE.lng + D} ${CENTRE.lat - D},${CENTRE.lng + D} ${CENTRE.lat + D},${CENTRE.lng - D} ${CENTRE.lat + D},${CENTRE.lng - D} ${CENTRE.lat - D}))"\n`;

/** Publishes project `alias` with the five layers, each from `source(file name, bytes)`: an uploaded asset, or a URL. */
async function publishLayers(h: Harness, alias: string, source: (file: string, bytes: Buffer | string) => Promise<Record<string, string>>): Promise<void> {
  await h.project(alias);
  const layers: Record<string, unknown>[] = [];
  for (const layer of LAYERS) {
    layers.push({
      id: layer.id,
      title: layer.file,
      type: layer.id,
      ...(await source(layer.file, layer.bytes())),
      visible: true,
      appearance: { polygon: { fillColor: layer.css, stroke: false } },
      infobox: { title: '${name}' },
    });
  }
  layers.push({
    id: 'wkt',
    title: 'centre.csv',
    type: 'csv',
    ...(await source('centre.csv', WKT)),
    visible: true,
    data: { wktColumn: 'WKT' },
    appearance: { polygon: { fillColor: '#ff00ff', stroke: false } },
    infobox: { title: '${name}' },
  });
  const scene = {
    property: LIGHT_PROPERTY,
    camera: { ...CENTRE, height: 400_000, heading: 0, pitch: -90, roll: 0 },
    layers,
    widgets: [],
    story: { pages: [] },
  };
  const put = await h.admin('PUT', `/api/projects/${alias}/scene`, scene);
  expect(put.status, await put.clone().text()).toBe(200);
  expect((await h.admin('POST', `/api/projects/${alias}/publish`)).status).toBe(200);
}

async function setUp(h: Harness): Promise<void> {
  await publishLayers(h, 'gis', async (file, bytes) => ({ assetId: await uploadPublic(h, 'gis', file, bytes) }));
  // The same files by URL (docs/contract.md §13): the server reads and converts them.
  const files: Record<string, Buffer | string> = { 'centre.csv': WKT };
  for (const layer of LAYERS) files[layer.file] = layer.bytes();
  hostUrl = await serveFiles(files);
  await publishLayers(h, 'gisurl', async (file) => ({ url: `${hostUrl}/${file}` }));
}

/** The published page of `alias` draws the four squares in their colours and places, and the WKT one at the centre. */
async function expectSquaresDrawn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
  const box = (at: { x: number; y: number }) => ({ x: at.x - 10, y: at.y - 10, width: 20, height: 20 });
  const drawn = (p: Pixels) => LAYERS.filter((l) => shareCloseTo(p, box(l.at), l.color, 70) < 0.8).map((l) => l.id);
  let pixels = await screenshotPixels(page, page.getByTestId('viewer'));
  for (let i = 0; i < 60 && drawn(pixels).length > 0; i++) {
    await page.waitForTimeout(500);
    pixels = await screenshotPixels(page, page.getByTestId('viewer'));
  }
  expect(drawn(pixels), 'layers not in their colour at their place').toEqual([]);
  expect(shareCloseTo(pixels, { x: 316, y: 236, width: 8, height: 8 }, [255, 0, 255], 70), 'the WKT CSV square at the centre').toBeGreaterThan(0.8);
}

/** The titles of the Map tab's layer rows (each an input: layers are renamed in place). */
function layerTitles(page: Page): Promise<string[]> {
  return page.locator('[data-layer] input.layer-title').evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
}

describe('GIS files as layers on the published page in Chromium (docs/contract.md §13)', () => {
  // The file host is on this machine's loopback, which a deployment reads only when told to.
  const fixture = useBrowserAndServer({ setUp, env: { ORBIS_URL_LAYERS_PRIVATE: 'on' } });
  afterAll(() => void host?.close());

  it('draws a shapefile, a FlatGeobuf, a GeoPackage, a GeoJSON sequence and a WKT CSV where they are, and picks their features', async () => {
    const { page } = fixture.tab;
    await expectSquaresDrawn(page, `${fixture.h.url}/p/gis`);

    const infobox = page.getByTestId('infobox');
    await page.mouse.click(LAYERS[0]!.at.x, LAYERS[0]!.at.y);
    await infobox.waitFor({ state: 'visible' });
    expect(await infobox.locator('h2').textContent()).toBe('千代田区の北西');
  });

  it('draws the same five files named by URL, which the server reads and converts', async () => {
    await expectSquaresDrawn(fixture.tab.page, `${fixture.h.url}/p/gisurl`);
  });

  it('in the editor, offers "Add as layer" with the right type (a WKT CSV with its column), and adds a file dropped on the globe as a layer', async () => {
    const { page } = fixture.tab;
    const { h } = fixture;
    await h.project('drop');
    await page.goto(`${h.url}/editor/drop?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await page.getByTestId('upload-input').setInputFiles({ name: 'ne.fgb', mimeType: 'application/octet-stream', buffer: LAYERS[1]!.bytes() });
    await page.getByTestId('add-layer-ne.fgb').click();
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    // A CSV of WKT geometries: added with its WKT column as data.wktColumn.
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'shapes.csv', mimeType: 'text/csv', buffer: Buffer.from('name,geom\n中心,"POINT (139.75 35.65)"\n') });
    await page.getByTestId('add-layer-shapes.csv').click();
    await expect.poll(() => layerTitles(page)).toContain('shapes.csv');
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();

    // A shapefile's zip dropped on the globe: uploaded, added as a shapefile layer, drawn from its WGS84 GeoJSON.
    const drawn = page.waitForResponse((r) => r.url().endsWith('/orbis-wgs84.geojson') && r.url().includes('/api/projects/drop/files/') && r.status() === 200);
    const zip = LAYERS[0]!.bytes().toString('base64');
    // In the page (DOM code, as text: these tests compile without the DOM's types).
    await page.evaluate(`(() => {
      const element = document.querySelector('[data-testid="viewer"]');
      const bytes = Uint8Array.from(atob(${JSON.stringify(zip)}), (c) => c.charCodeAt(0));
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([bytes], 'wards.zip', { type: 'application/zip' }));
      element.dispatchEvent(new DragEvent('dragover', { dataTransfer, bubbles: true, cancelable: true }));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
    })()`);
    // The layer's worker fetched it, whose answer bodies Playwright cannot always read: read it again.
    const collection = (await (await fetch((await drawn).url(), { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as FeatureCollection;
    expect(collection.features[0]!.properties!.name).toBe('千代田区の北西');
    await expect.poll(() => layerTitles(page)).toContain('wards.zip');
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    // A GeoPackage by URL: the editor draws it through the server, which reads and converts it.
    const converted = page.waitForResponse((r) => r.url().includes('/api/projects/drop/url-layer?type=geopackage') && r.status() === 200);
    await page.getByLabel('Layer type').selectOption('geopackage');
    await page.getByTestId('layer-url').fill(`${hostUrl}/sw.gpkg`);
    await page.getByTestId('add-url-layer').click();
    await converted;
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    // A GeoPackage of two tables, uploaded: the layer shows every table, or the one picked.
    const twoTables = geopackageOf({ north: square('北', 1, 1), south: square('南', -1, -1) }, 'EPSG:6677');
    await page.getByTestId('upload-input').setInputFiles({ name: 'two.gpkg', mimeType: 'application/octet-stream', buffer: twoTables });
    await page.getByTestId('add-layer-two.gpkg').click();
    const table = page.locator('[data-layer] select[data-testid^="layer-table-"]');
    await expect.poll(() => table.locator('option').allTextContents()).toEqual(['Every table', 'north', 'south']);
    const south = page.waitForResponse((r) => r.url().endsWith('/orbis-wgs84/south.geojson') && r.status() === 200);
    await table.selectOption('south');
    await south;
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    const scene = (await (await h.admin('GET', '/api/projects/drop/scene')).json()) as { layers: Record<string, unknown>[] };
    expect(scene.layers.map((l) => [l.type, l.title, l.data])).toEqual([
      ['flatgeobuf', 'ne.fgb', undefined],
      ['csv', 'shapes.csv', { wktColumn: 'geom' }],
      ['shapefile', 'wards.zip', undefined],
      ['geopackage', 'sw.gpkg', undefined],
      ['geopackage', 'two.gpkg', { table: 'south' }],
    ]);
  });
});
