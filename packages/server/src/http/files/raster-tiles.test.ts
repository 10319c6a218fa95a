import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { GeotiffConversions } from '../../rasters/conversion-jobs.js';
import { convertedPaths, tileAt, writeRaster } from '../../test/raster-fixtures.js';

/** A 32×32 one-band Byte raster over Tokyo Station in WGS84, values 0–255, 0 no data. */
function tokyoRaster(): Buffer {
  const values = Array.from({ length: 32 * 32 }, (_, i) => i % 256);
  return readFileSync(
    writeRaster({ width: 32, height: 32, bands: [values], type: 'Byte', srs: 'EPSG:4326', ulx: 139.76, uly: 35.69, pixel: 0.0005, nodata: 0 }),
  );
}

describe('raster tiles of GeoTIFF assets (docs/contract.md §17)', () => {
  let h: Harness;
  let asset: { id: string };
  const tile = tileAt(15, 139.767, 35.682);
  const path = (p: string, id: string, ext = 'png', query = '') => `/api/p/${p}/rasters/${id}/${tile.z}/${tile.x}/${tile.y}.${ext}${query}`;

  beforeAll(async () => {
    h = await startHarness();
    await h.project('rasters');
    const res = await fetch(`${h.url}/api/projects/rasters/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name: 'dem.tif', content: tokyoRaster() }], { public: 'true' }),
    });
    expect(res.status).toBe(201);
    asset = (await res.json()) as { id: string };
  });
  afterAll(() => h.close());

  it('answers PNG and WebP tiles of a public GeoTIFF, kept in storage, revalidated by ETag', async () => {
    const res = await h.get(path('rasters', asset.id, 'png', '?ramp=000000,ffffff&breaks=100'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([256, 256, 4]);
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 4) colours.add(data.subarray(i, i + 4).join());
    // Black below 100, white from 100, transparent no data and outside.
    expect([...colours].sort()).toEqual(['0,0,0,0', '0,0,0,255', '255,255,255,255']);
    expect((await h.get(path('rasters', asset.id, 'png', '?ramp=000000,ffffff&breaks=100'), { 'if-none-match': res.headers.get('etag')! })).status).toBe(304);
    expect((await h.storedKeys()).filter((k) => k.includes('/orbis-rasters/'))).toHaveLength(1);
    const webp = await h.get(path('rasters', asset.id, 'webp'));
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it("follows the asset's access rules: a private asset only by management credentials", async () => {
    expect((await h.admin('PATCH', `/api/projects/rasters/assets/${asset.id}`, { public: false })).status).toBe(200);
    expect((await h.get(path('rasters', asset.id))).status).toBe(404);
    expect((await h.get(`/api/projects/rasters/rasters/${asset.id}/${tile.z}/${tile.x}/${tile.y}.png`)).status).toBe(401);
    expect((await h.admin('GET', `/api/projects/rasters/rasters/${asset.id}/${tile.z}/${tile.x}/${tile.y}.png`)).status).toBe(200);
    expect((await h.admin('PATCH', `/api/projects/rasters/assets/${asset.id}`, { public: true })).status).toBe(200);
  });

  it('publishes a geotiff layer as the public tile template of its asset, and refuses one naming another kind of file', async () => {
    const scene = (await (await h.admin('GET', '/api/projects/rasters/scene')).json()) as { layers: unknown[]; property: object };
    const layer = { id: 'depth', title: 'Depth', type: 'geotiff', assetId: asset.id, visible: true, data: { ramp: ['black', 'white'], breaks: [100] } };
    const property = { ...scene.property, terrain: { enabled: true, type: 'dem', assetId: asset.id } };
    const put = await h.admin('PUT', '/api/projects/rasters/scene', { ...scene, property, layers: [layer] });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await h.admin('POST', '/api/projects/rasters/publish')).status).toBe(200);
    const project = (await h.server.ctx.store.getProjectByAlias('rasters'))!;
    const snapshot = (await h.server.ctx.scenes.published(project))!.scene;
    const published = snapshot.layers[0]!;
    const at = (template: string) => template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));
    expect(published.url).toBe(`/api/p/rasters/rasters/${asset.id}/{z}/{x}/{y}.png`);
    expect((await h.get(at(published.url))).status).toBe(200);
    // The DEM as terrain (docs/contract.md §17 "dem"): its Terrarium tiles, from this server.
    const terrainUrl = (snapshot.property.terrain as { url: string }).url;
    expect(terrainUrl).toBe(`/api/p/rasters/terrain/${asset.id}/{z}/{x}/{y}.png`);
    const heights = await h.get(at(terrainUrl));
    expect(heights.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await heights.arrayBuffer())).metadata()).width).toBe(65);
    const geojson = await fetch(`${h.url}/api/projects/rasters/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name: 'a.geojson', content: '{"type":"FeatureCollection","features":[]}' }]),
    });
    const other = (await geojson.json()) as { id: string };
    const refused = await h.admin('PUT', '/api/projects/rasters/scene', { ...scene, layers: [{ ...layer, assetId: other.id }] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/layers\[0\]\.type: "a\.geojson" is not a GeoTIFF/);
  });

  it('answers the values of the pixel under a longitude/latitude, null off the raster', async () => {
    // Column 14, row 16 of the raster (0.0005° pixels from 139.76, 35.69): value (16 × 32 + 14) mod 256.
    const res = await h.get(`/api/p/rasters/rasters/${asset.id}/values?lng=139.76725&lat=35.68175`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ lng: 139.76725, lat: 35.68175, values: [(16 * 32 + 14) % 256], nodata: 0 });
    expect(await (await h.get(`/api/p/rasters/rasters/${asset.id}/values?lng=0&lat=0`)).json()).toEqual({ lng: 0, lat: 0, values: null, nodata: 0 });
    // The editor's twin reads a private asset's too, for a project's members.
    expect((await h.get(`/api/projects/rasters/rasters/${asset.id}/values?lng=0&lat=0`)).status).toBe(401);
    expect(await (await h.admin('GET', `/api/projects/rasters/rasters/${asset.id}/values?lng=139.76725&lat=35.68175`)).json()).toMatchObject({
      values: [(16 * 32 + 14) % 256],
    });
    expect((await h.get(`/api/p/rasters/rasters/${asset.id}/values?lng=east&lat=0`)).status).toBe(400);
  });

  it('says which parameter is wrong, and which tiles do not exist', async () => {
    const wrong = async (query: string, param: string) => {
      const res = await h.get(path('rasters', asset.id, 'png', query));
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_parameter');
      expect(error.message).toContain(param);
    };
    await wrong('?bands=2', 'bands');
    await wrong('?ramp=red', 'ramp');
    await wrong('?ramp=000000,ffffff&breaks=1,2', 'breaks');
    await wrong('?hillshade=yes', 'hillshade');
    for (const bad of [`25/0/0.png`, `2/4/0.png`, `2/0/0.jpg`]) expect((await h.get(`/api/p/rasters/rasters/${asset.id}/${bad}`)).status).toBe(404);
  });

  const plainUpload = async (name: string) => {
    const values = Array.from({ length: 1200 * 1200 }, (_, i) => (i % 1200) % 250);
    const plain = readFileSync(
      writeRaster({ width: 1200, height: 1200, bands: [values], type: 'Byte', srs: 'EPSG:4326', ulx: 139.76, uly: 35.69, pixel: 0.00001 }),
    );
    const res = await fetch(`${h.url}/api/projects/rasters/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name, content: plain }], { public: 'true' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; files?: string[] };
  };
  const conversion = async (id: string) => (await h.admin('GET', `/api/projects/rasters/rasters/${id}/conversion`)).json();
  const filesOf = async (id: string) => {
    const listed = (await (await h.admin('GET', `/api/projects/rasters/assets/${id}`)).json()) as { files?: string[] };
    return (listed.files ?? []).map((url) => decodeURIComponent(url).split('/').slice(-2).join('/'));
  };
  const LEVELS = convertedPaths(4);
  // Column 500, row 300 (0.00001° pixels from 139.76, 35.69): its value, and a tile over it.
  const valueAt = async (id: string) => (await h.get(`/api/p/rasters/rasters/${id}/values?lng=139.765005&lat=35.686995`)).json();
  const near = tileAt(17, 139.765, 35.687);
  const nearTile = (id: string) => h.get(`/api/p/rasters/rasters/${id}/${near.z}/${near.x}/${near.y}.png`);

  it("converts a large plain GeoTIFF after its upload answers, then lists its tiled levels among the asset's files and cuts tiles from them", async () => {
    const uploaded = await plainUpload('plain.tif');
    // The upload answered before any level was made.
    expect(uploaded.files).toBeUndefined();
    await h.server.ctx.assets.conversions!.idle();
    expect(await conversion(uploaded.id)).toEqual({ state: 'done' });
    expect(await filesOf(uploaded.id)).toEqual(LEVELS);
    expect(await valueAt(uploaded.id)).toMatchObject({ values: [500 % 250] });
    expect((await nearTile(uploaded.id)).status).toBe(200);
    expect((await h.storedKeys()).some((k) => k.endsWith('/orbis-cog-state.json'))).toBe(false);
    // A COG-sized small file has nothing to convert.
    expect(await conversion(asset.id)).toEqual({ state: 'none' });
  });

  it('shows the plain file while its conversion is unfinished, and converts it again after a restart', async () => {
    // A process stopping: it starts no more conversions.
    h.server.ctx.assets.conversions!.stop();
    const uploaded = await plainUpload('stopped.tif');
    expect(await conversion(uploaded.id)).toEqual({ state: 'converting', levels: 0, of: 0 });
    // The first view, from the file as it is.
    expect(await valueAt(uploaded.id)).toMatchObject({ values: [500 % 250] });
    const before = await nearTile(uploaded.id);
    expect(before.status).toBe(200);
    // The next process finds it unfinished and converts it.
    const next = new GeotiffConversions(h.server.ctx.store, h.server.ctx.storage);
    expect(await next.resume()).toBe(1);
    await next.idle();
    expect(await conversion(uploaded.id)).toEqual({ state: 'done' });
    expect(await filesOf(uploaded.id)).toEqual(LEVELS);
    expect(await valueAt(uploaded.id)).toMatchObject({ values: [500 % 250] });
    // Tiles of the converted copy are another ETag than those cut from the plain file.
    const after = await nearTile(uploaded.id);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await new GeotiffConversions(h.server.ctx.store, h.server.ctx.storage).resume()).toBe(0);
  });
  it("lists a preview before the levels, read as the file's overview meanwhile, and made again in its place after a restart", async () => {
    // This process's conversions are stopped (above): the next ones run here, one stopping once the preview is listed.
    const uploaded = await plainUpload('preview.tif');
    const { store, storage } = h.server.ctx;
    const stopping: GeotiffConversions = new GeotiffConversions(
      new Proxy(store, {
        get(target, name) {
          if (name === 'updateAsset')
            return async (...args: Parameters<typeof store.updateAsset>) => {
              const listed = await target.updateAsset(...args);
              stopping.stop();
              return listed;
            };
          const value = Reflect.get(target, name) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
      storage,
    );
    expect(await stopping.resume()).toBe(1);
    await stopping.idle();
    expect(await filesOf(uploaded.id)).toEqual(['orbis-cog/preview.tif']);
    expect(await conversion(uploaded.id)).toMatchObject({ state: 'converting' });
    expect(await valueAt(uploaded.id)).toMatchObject({ values: [500 % 250] });
    const far = tileAt(12, 139.765, 35.687);
    expect((await h.get(`/api/p/rasters/rasters/${uploaded.id}/${far.z}/${far.x}/${far.y}.png`)).status).toBe(200);
    const again = new GeotiffConversions(store, storage);
    expect(await again.resume()).toBe(1);
    await again.idle();
    expect(await filesOf(uploaded.id)).toEqual(LEVELS);
    expect(await conversion(uploaded.id)).toEqual({ state: 'done' });
  });
});
