import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TILE_ZOOM, TILES_TEMPLATE } from '@orbis/scene';
import { geopackageOf, ORIGINAL_POINTS, ORIGINAL_POLYGON } from '../../test/gdal-fixtures.js';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { decodedTile, tileAround } from '../../test/vector-tile-decoding.js';

/** 2,000 points across central Tokyo, numbered. */
const points = {
  type: 'FeatureCollection',
  features: Array.from({ length: 2_000 }, (_, i) => ({
    type: 'Feature',
    properties: { n: i },
    geometry: { type: 'Point', coordinates: [139.7 + (i % 50) * 0.002, 35.65 + Math.floor(i / 50) * 0.002] },
  })),
};

describe('vector tiles of GeoJSON assets (docs/contract.md §13)', () => {
  let h: Harness;
  const upload = async (name: string, content: string | Buffer, isPublic = true) => {
    const res = await fetch(`${h.url}/api/projects/tiles/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name, content: Buffer.from(content) }], { public: String(isPublic) }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; url: string };
  };
  /** The public path of one of an asset's tiles. */
  const tilePath = (asset: { url: string }, z: number, x: number, y: number) => {
    const path = new URL(asset.url).pathname;
    return `${path.slice(0, path.lastIndexOf('/') + 1)}${TILES_TEMPLATE.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))}`;
  };

  beforeAll(async () => {
    h = await startHarness();
    await h.project('tiles');
  });
  afterAll(() => h.close());

  it("answers a tile of a GeoJSON asset with its features, 204 where nothing lies, under the file's rules, gone with it", async () => {
    const asset = await upload('points.geojson', JSON.stringify(points));
    const [x, y] = tileAround(12, 139.75, 35.7);
    const res = await h.get(tilePath(asset, 12, x, y));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const etag = res.headers.get('etag')!;
    const features = decodedTile(new Uint8Array(await res.arrayBuffer()), 12, x, y);
    expect(features.length).toBeGreaterThan(100);
    expect(features.every((f) => typeof f.properties!.n === 'number' && f.id === (f.properties!.n as number) + 1)).toBe(true);
    expect((await h.get(tilePath(asset, 12, x, y), { 'if-none-match': etag })).status).toBe(304);
    // Compressed as the client asks.
    expect((await h.get(tilePath(asset, 12, x, y), { 'accept-encoding': 'gzip' })).headers.get('content-encoding')).toBe('gzip');
    expect((await h.get(tilePath(asset, 12, 0, 0))).status).toBe(204);
    for (const [z, tx, ty] of [
      [MAX_TILE_ZOOM + 1, 0, 0],
      [2, 4, 0],
      [2, 0, 9],
    ])
      expect((await h.get(tilePath(asset, z!, tx!, ty!))).status).toBe(404);
    const kept = (await h.storedKeys()).filter((k) => k.includes('/orbis-tiles/'));
    expect(kept.length).toBeGreaterThan(0);

    await h.admin('PATCH', `/api/projects/tiles/assets/${asset.id}`, { public: false });
    expect((await h.get(tilePath(asset, 12, x, y))).status).toBe(404);
    const admin = await h.admin(
      'GET',
      `/api/projects/tiles/files/${asset.id}/${TILES_TEMPLATE.replace('{z}', '12').replace('{x}', String(x)).replace('{y}', String(y))}`,
    );
    expect(admin.status).toBe(200);
    expect((await h.admin('DELETE', `/api/projects/tiles/assets/${asset.id}`)).status).toBe(204);
    const left = await h.storedKeys();
    expect(kept.filter((k) => left.includes(k))).toEqual([]);
  });

  it('says why when an asset has no tiles or its GeoJSON cannot be read', async () => {
    const png = await upload('dot.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
    const none = await h.get(tilePath(png, 0, 0, 0));
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/has no tiles/);
    const broken = await upload('broken.geojson', '{"type":"FeatureCollection","features":[{"type":');
    const res = await h.get(tilePath(broken, 0, 0, 0));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/could not be cut into tiles/);
    // JSON, but no FeatureCollection: said, not answered with empty tiles.
    const bare = await upload('bare.geojson', '{"type":"FeatureCollection"}');
    const empty = await h.get(tilePath(bare, 0, 0, 0));
    expect(empty.status).toBe(404);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(
      '"bare.geojson" could not be cut into tiles: the document has no "features" array',
    );
  });

  it("cuts the tiles of one GeoPackage table with ?table= (docs/contract.md §13 data.table), kept apart from the whole file's", async () => {
    const gpkg = await upload('tokyo.gpkg', geopackageOf({ stations: ORIGINAL_POINTS, palace: ORIGINAL_POLYGON }, 'EPSG:6677'));
    // Zoom 8: one tile holds all of central Tokyo.
    const [x, y] = tileAround(8, 139.76, 35.69);
    const kinds = async (query: string) => {
      const res = await h.get(`${tilePath(gpkg, 8, x, y)}${query}`);
      expect(res.status).toBe(200);
      return decodedTile(new Uint8Array(await res.arrayBuffer()), 8, x, y)
        .map((f) => f.geometry.type)
        .sort();
    };
    expect(await kinds('?table=stations')).toEqual(['Point', 'Point', 'Point', 'Point']);
    expect(await kinds('?table=palace')).toEqual(['Polygon']);
    expect(await kinds('')).toEqual(['Point', 'Point', 'Point', 'Point', 'Polygon']);
    // Each table's tiles are stored under a tag of their own (the derived table file's).
    const tags = new Set(
      (await h.storedKeys())
        .filter((k) => k.includes(`/orbis-tiles/`) && k.endsWith(`/8/${x}/${y}.pbf`))
        .map((k) => k.split('/orbis-tiles/')[1]!.split('/')[0]),
    );
    expect(tags.size).toBe(3);
    const stationsTag = (await h.get(`${tilePath(gpkg, 8, x, y)}?table=stations`)).headers.get('etag');
    expect(stationsTag).not.toBe((await h.get(`${tilePath(gpkg, 8, x, y)}?table=palace`)).headers.get('etag'));
    const none = await h.get(`${tilePath(gpkg, 8, x, y)}?table=nope`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/"tokyo\.gpkg" has no feature table "nope"/);

    // An mvt layer of the GeoPackage with data.table publishes the URL of that table's tiles; a table it lacks is refused.
    const scene = (await (await h.admin('GET', '/api/projects/tiles/scene')).json()) as Record<string, unknown>;
    const layer = { id: 'stations', title: 'Stations', type: 'mvt', assetId: gpkg.id, visible: true, data: { table: 'stations' } };
    expect((await h.admin('PUT', '/api/projects/tiles/scene', { ...scene, layers: [layer] })).status).toBe(200);
    expect((await h.admin('POST', '/api/projects/tiles/publish')).status).toBe(200);
    const snapshot = await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('tiles'))!);
    const template = snapshot!.scene.layers[0]!.url!;
    expect(template).toMatch(/\/orbis-tiles\/\{z\}\/\{x\}\/\{y\}\.pbf\?table=stations$/);
    const viaTemplate = await h.get(template.replace('{z}', '8').replace('{x}', String(x)).replace('{y}', String(y)));
    expect(viaTemplate.headers.get('etag')).toBe(stationsTag);
    const refused = await h.admin('PUT', '/api/projects/tiles/scene', { ...scene, layers: [{ ...layer, data: { table: 'nope' } }] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/no feature table "nope"/);
    const byUrl = await h.admin('PUT', '/api/projects/tiles/scene', {
      ...scene,
      layers: [{ ...layer, assetId: undefined, url: 'https://tiles.example/{z}/{x}/{y}.pbf' }],
    });
    expect(byUrl.status).toBe(400);
    expect(((await byUrl.json()) as { error: { message: string } }).error.message).toMatch(/applies to an mvt layer of an uploaded GeoPackage/);
  });
});
