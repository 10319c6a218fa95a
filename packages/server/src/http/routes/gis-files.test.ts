import type { FeatureCollection, Point } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degreesApart, gdalFile, ORIGINAL_POINTS, shapefileZip } from '../../test/gdal-fixtures.js';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';

/** A shapefile whose .prj names a projection no one knows. */
const mysteryGridZip = () =>
  shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', {
    patch: (ext, b) =>
      ext === 'prj'
        ? Buffer.from(
            'PROJCS["Mystery_Grid",GEOGCS["G",DATUM["D",SPHEROID["S",6378137,298.257]],PRIMEM["Greenwich",0],UNIT["Degree",0.0174532925199433]],PROJECTION["Unheard_Of"],UNIT["Meter",1]]',
          )
        : b,
  });

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Each original point is in `read`, by name, with its properties, to 1e-6 degrees. */
function expectOriginalPoints(read: FeatureCollection): void {
  expect(read.features).toHaveLength(ORIGINAL_POINTS.features.length);
  for (const want of ORIGINAL_POINTS.features) {
    const got = read.features.find((f) => (f.properties?.name ?? f.properties?.title) === want.properties!.name);
    expect(got, String(want.properties!.name)).toBeDefined();
    expect(degreesApart((got!.geometry as Point).coordinates, want.geometry.coordinates)).toBeLessThan(1e-6);
  }
}

describe('GIS files as assets, layers and imports (docs/contract.md §13)', () => {
  let h: Harness;
  const upload = (name: string, content: Uint8Array, isPublic = true) =>
    fetch(`${h.url}/api/projects/gis/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name, content }], { public: String(isPublic) }),
    });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_body');
    return body.error.message;
  };
  const listed = async () => ((await (await h.admin('GET', '/api/projects/gis/assets')).json()) as { results: unknown[] }).results.length;

  beforeAll(async () => {
    h = await startHarness();
    await h.project('gis');
  });
  afterAll(() => h.close());

  it("keeps the uploaded bytes and serves the WGS84 GeoJSON derived once, under the asset's rules, gone with it", async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { encoding: 'CP932' });
    const before = await h.storedKeys();
    const res = await upload('places.zip', zip);
    expect(res.status).toBe(201);
    const asset = (await res.json()) as { id: string; url: string; files: string[] };
    expect(Buffer.from(await (await h.get(new URL(asset.url).pathname)).arrayBuffer()).equals(zip)).toBe(true);
    const derivedUrl = asset.files.find((f) => f.endsWith('/orbis-wgs84.geojson'))!;
    expect(derivedUrl).toBeDefined();
    const derived = await h.get(new URL(derivedUrl).pathname);
    expect(derived.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    const collection = (await derived.json()) as FeatureCollection;
    expectOriginalPoints(collection);
    expect(collection.features.map((f) => f.properties!.name)).toContain('スカイツリー');

    await h.admin('PATCH', `/api/projects/gis/assets/${asset.id}`, { public: false });
    expect((await h.get(new URL(derivedUrl).pathname)).status).toBe(404);
    // Stored keys are named by the asset's storage folder, not its id: compare what the upload added.
    const added = (await h.storedKeys()).filter((k) => !before.includes(k));
    expect(added.some((k) => k.endsWith('/original'))).toBe(true);
    expect((await h.admin('DELETE', `/api/projects/gis/assets/${asset.id}`)).status).toBe(204);
    const left = await h.storedKeys();
    expect(added.filter((k) => left.includes(k))).toEqual([]);
  });

  it('publishes a shapefile, FlatGeobuf, GeoPackage or GeoJSON sequence layer as its derived GeoJSON', async () => {
    const files: [string, Buffer, string][] = [
      ['places.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:3857'), 'shapefile'],
      ['places.fgb', gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:6677'), 'flatgeobuf'],
      ['places.gpkg', gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:6677'), 'geopackage'],
      ['places.geojsonl', gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326'), 'geojsonseq'],
    ];
    const layers = [];
    for (const [name, bytes, type] of files) {
      const asset = (await (await upload(name, bytes)).json()) as { id: string };
      layers.push({ id: type, title: name, type, assetId: asset.id, visible: true, ...(type === 'geopackage' ? { data: { table: 'places' } } : {}) });
    }
    const scene = (await (await h.admin('GET', '/api/projects/gis/scene')).json()) as Record<string, unknown>;
    expect((await h.admin('PUT', '/api/projects/gis/scene', { ...scene, layers })).status).toBe(200);
    expect((await h.admin('POST', '/api/projects/gis/publish')).status).toBe(200);
    const page = await (await h.get('/p/gis')).text();
    const snapshot = JSON.parse(/<script[^>]*id="orbis-snapshot"[^>]*>([\s\S]*?)<\/script>/.exec(page)![1]!.replace(/\\u003c/g, '<')) as {
      scene: { layers: { type: string; url: string }[] };
    };
    expect(snapshot.scene.layers.map((l) => l.type)).toEqual(['shapefile', 'flatgeobuf', 'geopackage', 'geojsonseq']);
    for (const layer of snapshot.scene.layers) {
      expect(layer.url).toMatch(/\/orbis-wgs84(\.geojson|\/places\.geojson)$/);
      expectOriginalPoints((await (await h.get(layer.url)).json()) as FeatureCollection);
    }
    const wrong = await h.admin('PUT', '/api/projects/gis/scene', { ...scene, layers: [{ ...layers[1], type: 'shapefile' }] });
    expect(await refusal(wrong)).toMatch(/layers\[0\]\.type: "places\.fgb" is not a shapefile/);
    const table = await h.admin('PUT', '/api/projects/gis/scene', { ...scene, layers: [{ ...layers[2], data: { table: 'nope' } }] });
    expect(await refusal(table)).toMatch(/no feature table "nope"/);
  });

  it('answers a CSV asset of WKT geometries as GeoJSON for a csv layer with data.wktColumn', async () => {
    const csv = gdalFile(ORIGINAL_POINTS, 'CSV', 'EPSG:4326');
    const asset = (await (await upload('wkt.csv', csv)).json()) as { id: string; url: string };
    const path = new URL(asset.url).pathname;
    expect(Buffer.from(await (await h.get(path)).arrayBuffer()).equals(csv)).toBe(true);
    const geojson = await h.get(`${path}?wktColumn=WKT`);
    expect(geojson.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expectOriginalPoints((await geojson.json()) as FeatureCollection);
    expect(await refusal(await h.get(`${path}?wktColumn=name`))).toMatch(/row 1, column "name": not a WKT geometry/);
    const scene = (await (await h.admin('GET', '/api/projects/gis/scene')).json()) as Record<string, unknown>;
    const layer = { id: 'wkt', title: 'WKT', type: 'csv', assetId: asset.id, visible: true, data: { wktColumn: 'WKT' } };
    expect((await h.admin('PUT', '/api/projects/gis/scene', { ...scene, layers: [layer] })).status).toBe(200);
    expect((await h.admin('POST', '/api/projects/gis/publish')).status).toBe(200);
    const page = await (await h.get('/p/gis')).text();
    expect(page).toContain(`${path}?wktColumn=WKT`);
    const byUrl = await h.admin('PUT', '/api/projects/gis/scene', { ...scene, layers: [{ ...layer, assetId: undefined, url: 'https://example.org/a.csv' }] });
    // By URL too (docs/contract.md §13): the server reads it then (url-layers.test.ts).
    expect(byUrl.status).toBe(200);
  });

  it('refuses a bad file with a 400 naming what is wrong, and keeps nothing of it', async () => {
    const before = await listed();
    const keys = (await h.storedKeys()).length;
    expect(await refusal(await upload('places.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { drop: ['dbf'] })))).toMatch(/places\.dbf/);
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677');
    expect(await refusal(await upload('cut.zip', zip.subarray(0, zip.length - 40)))).toMatch(/cut\.zip/);
    expect(await refusal(await upload('places.fgb', PNG))).toMatch(/not a FlatGeobuf file.*PNG/);
    expect(await refusal(await upload('grid.zip', mysteryGridZip()))).toMatch(/reference system "Mystery_Grid"/);
    // A .dbf that says four billion records of 0 bytes (a 2 KB file that stalled the server): refused before it is read.
    const bomb = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', {
      patch: (ext, b) =>
        ext === 'dbf'
          ? Buffer.concat([b.subarray(0, 4), Buffer.from([255, 255, 255, 255, 32, 0, 0, 0]).subarray(0, 4), b.subarray(8, 10), Buffer.alloc(2), b.subarray(12)])
          : b,
    });
    expect(await refusal(await upload('bomb.zip', bomb))).toMatch(
      /bomb\.zip \(places\.shp\): its \.dbf header says 4294967295 records but its \.shp has 4 shapes/,
    );
    const clash = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { extra: [{ name: 'orbis-wgs84.geojson', data: '{}' }] });
    expect(await refusal(await upload('clash.zip', clash))).toMatch(/clash\.zip: the zip already holds "orbis-wgs84\.geojson"/);
    // A good file beside a bad one in the same upload: neither is kept.
    const both = uploadForm(
      [
        { name: 'good.zip', content: shapefileZip(ORIGINAL_POINTS, 'EPSG:6677') },
        { name: 'bad.fgb', content: PNG },
      ],
      { public: 'true' },
    );
    expect(
      await refusal(await fetch(`${h.url}/api/projects/gis/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: both })),
    ).toMatch(/bad\.fgb/);
    expect(await listed()).toBe(before);
    expect((await h.storedKeys()).length).toBe(keys);
  });

  it('imports the same files into a model, fields by name, all or nothing', async () => {
    const fields = [
      { key: 'name', type: 'text', required: true },
      { key: 'count', type: 'integer' },
      { key: 'loc', type: 'geometry' },
    ];
    expect((await h.admin('POST', '/api/projects/gis/models', { key: 'spots', public: true, fields })).status).toBe(201);
    const send = (type: string, body: Uint8Array, disposition?: string) =>
      fetch(`${h.url}/api/projects/gis/models/spots/import?public=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': type, ...(disposition ? { 'content-disposition': disposition } : {}) },
        body,
      });
    const shp = await send('application/zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { encoding: 'CP932' }));
    expect(shp.status).toBe(201);
    expect(await shp.json()).toEqual({ created: 4 });
    const fgb = await send('application/octet-stream', gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:3857'), 'attachment; filename="places.fgb"');
    expect(await fgb.json()).toEqual({ created: 4 });
    expect(await (await send('application/geopackage+sqlite3', gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:4326'))).json()).toEqual({ created: 4 });
    expect(await (await send('application/geo+json-seq', gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326'))).json()).toEqual({ created: 4 });
    const geojson = (await (await h.get('/api/p/gis/spots.geojson')).json()) as FeatureCollection;
    expect(geojson.features).toHaveLength(16);
    // Oldest first: the shapefile (JGD2011 zone IX), the FlatGeobuf (Web Mercator), the GeoPackage and the sequence (WGS84).
    for (let i = 0; i < 16; i += 4) expectOriginalPoints({ type: 'FeatureCollection', features: geojson.features.slice(i, i + 4) });
    expect(geojson.features[0]!.properties).toMatchObject({ name: '東京駅', count: 12 });

    expect(await refusal(await send('application/zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { drop: ['dbf'] })))).toMatch(/\.dbf/);
    expect(await refusal(await send('application/flatgeobuf', PNG))).toMatch(/PNG/);
    expect(await refusal(await send('application/zip', mysteryGridZip()))).toMatch(/reference system "Mystery_Grid"/);
    // Streamed: three good features, then a line cut off; the three are not kept.
    const seq = gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326');
    expect(await refusal(await send('application/geo+json-seq', seq.subarray(0, seq.length - 30)))).toMatch(/line 4 is not JSON/);
    expect(((await (await h.get('/api/p/gis/spots.geojson')).json()) as FeatureCollection).features).toHaveLength(16);
  });

  it("imports attributes into the fields of the same key or name, whatever the case, and the geometry into the model's geometry field", async () => {
    const fields = [
      { key: 'title', name: 'Name', type: 'text' },
      { key: 'COUNT', type: 'integer' },
      { key: 'where', type: 'geometry' },
    ];
    expect((await h.admin('POST', '/api/projects/gis/models', { key: 'named', public: true, fields })).status).toBe(201);
    const res = await fetch(`${h.url}/api/projects/gis/models/named/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/flatgeobuf' },
      body: gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:6677'),
    });
    expect(await res.json()).toEqual({ created: 4 });
    const items = ((await (await h.admin('GET', '/api/projects/gis/models/named/items')).json()) as { results: Record<string, unknown>[] }).results;
    // A FlatGeobuf with its spatial index holds its features in the index's order.
    const byTitle = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(items.map((i) => [i.title, i.COUNT]).sort(byTitle)).toEqual(
      ORIGINAL_POINTS.features.map((f) => [f.properties!.name, f.properties!.count]).sort(byTitle),
    );
    for (const item of items) expect(Object.keys(item)).not.toContain('ratio');
    expectOriginalPoints({
      type: 'FeatureCollection',
      features: items.map((i) => ({ type: 'Feature', properties: { title: i.title }, geometry: i.where as Point })),
    });

    // A CSV of WKT as GDAL writes it (`-lco GEOMETRY=AS_WKT`): the WKT column is a geometry field's.
    const wktFields = [
      { key: 'name', type: 'text' },
      { key: 'count', type: 'integer' },
      { key: 'ratio', type: 'number' },
      { key: 'WKT', type: 'geometry' },
    ];
    expect((await h.admin('POST', '/api/projects/gis/models', { key: 'wkt', public: true, fields: wktFields })).status).toBe(201);
    // Sent by file name, as the GIS formats may be (it used to be refused: only text/csv was read).
    const csv = await fetch(`${h.url}/api/projects/gis/models/wkt/import?public=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="places.csv"',
      },
      body: gdalFile(ORIGINAL_POINTS, 'CSV', 'EPSG:4326'),
    });
    expect(csv.status, await csv.clone().text()).toBe(201);
    expectOriginalPoints((await (await h.get('/api/p/gis/wkt.geojson')).json()) as FeatureCollection);

    expect((await h.admin('POST', '/api/projects/gis/models', { key: 'flat', fields: [{ key: 'name', type: 'text' }] })).status).toBe(201);
    const noGeometry = await fetch(`${h.url}/api/projects/gis/models/flat/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/zip' },
      body: shapefileZip(ORIGINAL_POINTS, 'EPSG:4326'),
    });
    expect(await refusal(noGeometry)).toMatch(/feature 1: the model has no geometry field/);
    expect(((await (await h.admin('GET', '/api/projects/gis/models/flat/items')).json()) as { totalCount: number }).totalCount).toBe(0);
  });
});
