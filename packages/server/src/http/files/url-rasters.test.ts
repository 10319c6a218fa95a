import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import proj4 from 'proj4';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRangeClient } from '../../rasters/http-range-client.js';
import { RasterTiles } from '../../rasters/raster-tiles.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { gdalFolder, gdalTile, type RasterSpec, tileAt, writeRaster } from '../../test/raster-fixtures.js';

// JGD2011 plane zone IX (EPSG:6677), around Tokyo Station: an orthophoto as a survey office has it.
proj4.defs('EPSG:6677', '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs');
const STATION: [number, number] = [139.767125, 35.681236];
const [sx, sy] = proj4('WGS84', 'EPSG:6677', STATION);
const SIZE = 1024;
const PIXEL = 0.5;
const ULX = Math.round(sx!) - (SIZE * PIXEL) / 2;
const ULY = Math.round(sy!) + (SIZE * PIXEL) / 2;
const red = (col: number, row: number) => (col * 3 + row) % 256;

/** A COG written by GDAL: 1024 × 1024 RGB in EPSG:6677, 256-px blocks, Deflate, overviews. */
function orthoCog(): Buffer {
  const n = SIZE * SIZE;
  const bands = [new Array<number>(n), new Array<number>(n), new Array<number>(n)];
  for (let i = 0; i < n; i++) {
    const col = i % SIZE;
    const row = Math.floor(i / SIZE);
    bands[0]![i] = red(col, row);
    bands[1]![i] = (row * 2) % 256;
    bands[2]![i] = (col ^ row) % 256;
  }
  return readFileSync(
    writeRaster(
      {
        width: SIZE,
        height: SIZE,
        bands,
        type: 'Byte',
        srs: 'EPSG:6677',
        ulx: ULX,
        uly: ULY,
        pixel: PIXEL,
        format: 'COG',
        options: ['BLOCKSIZE=256', 'COMPRESS=DEFLATE'],
      },
      'ortho-cog.tif',
    ),
  );
}

/** A DEM: each pixel the height of a plane rising 0.25 m a column east and 0.5 m a row south, at its centre. */
const plane = (col: number, row: number) => 10 + 0.25 * col + 0.5 * row;
function demCog(): Buffer {
  const heights = Array.from({ length: SIZE * SIZE }, (_, i) => plane((i % SIZE) + 0.5, Math.floor(i / SIZE) + 0.5));
  const spec: RasterSpec = { width: SIZE, height: SIZE, bands: [heights], type: 'Float32', srs: 'EPSG:6677', ulx: ULX, uly: ULY, pixel: PIXEL };
  return readFileSync(writeRaster({ ...spec, format: 'COG', options: ['BLOCKSIZE=256', 'COMPRESS=DEFLATE'] }, 'dem-cog.tif'));
}

/** Terrarium heights of a terrain tile's PNG, row by row (65 × 65). */
async function terrarium(png: Buffer): Promise<number[]> {
  const rgb = await sharp(png).removeAlpha().raw().toBuffer();
  return Array.from({ length: rgb.length / 3 }, (_, i) => rgb[i * 3]! * 256 + rgb[i * 3 + 1]! + rgb[i * 3 + 2]! / 256 - 32768);
}

/** A file host that answers byte ranges, as a COG's host does, and counts what it was asked. */
function rangeHost(file: Buffer): Promise<{ server: Server; url: string; asked: string[]; sent: () => number; ranges: boolean }> {
  const host = { asked: [] as string[], bytes: 0, ranges: true };
  const server = createServer((req, res) => {
    const range = req.headers.range ?? '';
    host.asked.push(range);
    const match = /^bytes=(\d+)-(\d+)$/.exec(range);
    if (!match || !host.ranges) {
      host.bytes += file.length;
      return void res.writeHead(200, { 'content-length': file.length }).end(file);
    }
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), file.length - 1);
    host.bytes += end - start + 1;
    res
      .writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-length': end - start + 1, etag: '"v1"' })
      .end(file.subarray(start, end + 1));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ortho-cog.tif`,
        get asked() {
          return host.asked;
        },
        sent: () => host.bytes,
        set ranges(on: boolean) {
          host.ranges = on;
        },
        get ranges() {
          return host.ranges;
        },
      }),
    ),
  );
}

describe('a GeoTIFF by URL (docs/contract.md §17): tiles and values from range reads, never the whole file', () => {
  let file: Buffer;
  let host: Awaited<ReturnType<typeof rangeHost>>;
  let h: Harness;
  const tile = tileAt(18, ...STATION);
  const layer = () => ({ id: 'ortho', title: 'Ortho', type: 'geotiff', url: host.url, visible: true });

  beforeAll(async () => {
    file = orthoCog();
    host = await rangeHost(file);
    // The file host is on this machine's loopback: a deployment allows that only when told to.
    h = await startHarness({ ORBIS_URL_LAYERS_PRIVATE: 'on' });
    await h.project('remote-cog');
  });
  afterAll(async () => {
    await h?.close();
    host?.server.close();
  });

  it('cuts the editor a tile GDAL agrees with (±2/255), by a few range reads: no request for the whole file, the header and the blocks under the tile', async () => {
    const res = await h.admin('GET', `/api/projects/remote-cog/url-rasters/${tile.z}/${tile.x}/${tile.y}.png?url=${encodeURIComponent(host.url)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(host.asked.length).toBeGreaterThan(0);
    expect(host.asked.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
    // The header's blocks and the four 256-px blocks under the tile (this file's content hardly compresses): a third of a small file; 2 GB files in docs/rasters.md.
    expect(host.sent()).toBeLessThan(file.length * 0.35);
    const pixels = await sharp(Buffer.from(await res.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer();
    const cog = join(gdalFolder(), 'ortho-cog.tif');
    writeFileSync(cog, file);
    const gdal = await gdalTile(cog, tile.z, tile.x, tile.y, ['-dstalpha']);
    let opaque = 0;
    const differing: number[] = [];
    for (let i = 0; i < 256 * 256; i++) {
      if (gdal.bands[3]![i] === 0) continue;
      opaque += 1;
      for (let k = 0; k < 3; k++) if (Math.abs(pixels[i * 4 + k]! - gdal.bands[k]![i]!) > 2) differing.push(i);
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(opaque).toBe(256 * 256);
  });

  it("publishes the layer as this server's tiles of the URL, and answers a pixel's values at a known place exactly", async () => {
    const scene = (await (await h.admin('GET', '/api/projects/remote-cog/scene')).json()) as object;
    const put = await h.admin('PUT', '/api/projects/remote-cog/scene', { ...scene, layers: [layer()] });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await h.admin('POST', '/api/projects/remote-cog/publish')).status).toBe(200);
    const snapshot = (await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('remote-cog'))!))!;
    const published = snapshot.scene.layers[0]!;
    expect([published.url, published.source]).toEqual(['/api/p/remote-cog/url-rasters/ortho/{z}/{x}/{y}.png', host.url]);
    const at = published.url.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));
    const res = await h.get(at);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Pixel (col 700, row 300): its centre, as a longitude/latitude.
    const [lng, lat] = proj4('EPSG:6677', 'WGS84', [ULX + 700.5 * PIXEL, ULY - 300.5 * PIXEL]);
    const values = await h.get(`/api/p/remote-cog/url-rasters/ortho/values?lng=${lng}&lat=${lat}`);
    expect(((await values.json()) as { values: number[] }).values).toEqual([red(700, 300), 600 % 256, (700 ^ 300) % 256]);
    // Only the URLs the published scene names: no open proxy.
    expect((await h.get(`/api/p/remote-cog/url-rasters/other/${tile.z}/${tile.x}/${tile.y}.png`)).status).toBe(404);
  });

  it('refuses a host that answers the whole file instead of a range, without reading it', async () => {
    host.ranges = false;
    try {
      const res = await h.admin('GET', `/api/projects/remote-cog/url-rasters/${tile.z}/${tile.x}/${tile.y}.png?url=${encodeURIComponent(`${host.url}?whole`)}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/does not serve ranges/);
    } finally {
      host.ranges = true;
    }
  });

  it('gives terrain "dem" from a DEM by URL, by range reads: every height of a tile within half a pixel\'s change of the DEM, published from its URL only', async () => {
    const dem = await rangeHost(demCog());
    try {
      // Zoom 19: heights 0.97 m apart, so read from the DEM's full resolution (0.5 m pixels), not an overview.
      const at = tileAt(19, ...STATION);
      const res = await h.admin('GET', `/api/projects/remote-cog/url-terrain/${at.z}/${at.x}/${at.y}.png?url=${encodeURIComponent(dem.url)}`);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(dem.asked.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
      const heights = await terrarium(Buffer.from(await res.arrayBuffer()));
      expect(heights).toHaveLength(65 * 65);
      // Grid point (i, j) is on the tile's edges at i/64, j/64 of its width, from the north-west.
      let worst = 0;
      for (let j = 0; j < 65; j++) {
        for (let i = 0; i < 65; i++) {
          const n = 2 ** at.z;
          const lng = ((at.x + i / 64) / n) * 360 - 180;
          const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (at.y + j / 64)) / n))) * 180) / Math.PI;
          const [ex, ny] = proj4('WGS84', 'EPSG:6677', [lng, lat]);
          const expected = plane((ex! - ULX) / PIXEL, (ULY - ny!) / PIXEL);
          worst = Math.max(worst, Math.abs(heights[j * 65 + i]! - expected));
        }
      }
      // The nearest pixel's height: off by at most the plane's change over half a pixel each way (0.125 + 0.25 m), and Terrarium's 1/256 m.
      expect(worst).toBeGreaterThan(0);
      expect(worst).toBeLessThanOrEqual(0.375 + 1 / 256);
      // Published: this server's tiles of the URL, which the public route reads and no other.
      const scene = (await (await h.admin('GET', '/api/projects/remote-cog/scene')).json()) as { property: object };
      const property = { ...scene.property, terrain: { enabled: true, type: 'dem', url: dem.url } };
      const put = await h.admin('PUT', '/api/projects/remote-cog/scene', { ...scene, property });
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/remote-cog/publish')).status).toBe(200);
      const snapshot = (await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('remote-cog'))!))!;
      expect(snapshot.scene.property.terrain).toMatchObject({ type: 'dem', url: '/api/p/remote-cog/url-terrain/{z}/{x}/{y}.png', source: dem.url });
      const published = await h.get(`/api/p/remote-cog/url-terrain/${at.z}/${at.x}/${at.y}.png`);
      expect(published.status).toBe(200);
      expect(await terrarium(Buffer.from(await published.arrayBuffer()))).toEqual(heights);
      // A DEM and a URL together, or neither, is refused.
      const both = await h.admin('PUT', '/api/projects/remote-cog/scene', {
        ...scene,
        property: { terrain: { enabled: true, type: 'dem', url: dem.url, assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
      });
      expect(both.status).toBe(400);
    } finally {
      dem.server.close();
    }
  });

  it('refuses a DEM by URL on a host inside the network, without asking it', async () => {
    const tiles = new RasterTiles(h.server.ctx.storage, { privateAddresses: false });
    const before = host.asked.length;
    await expect(tiles.terrain({ url: host.url, name: 'ortho-cog.tif' }, 17, 0, 0)).rejects.toThrow(/inside the server's network/);
    expect(host.asked.length).toBe(before);
  });

  it("refuses addresses inside the deployment's network unless ORBIS_URL_LAYERS_PRIVATE allows them", () => {
    expect(() => new HttpRangeClient(host.url, { privateAddresses: false })).toThrow(/inside the server's network/);
    expect(() => new HttpRangeClient('http://[::1]:9/a.tif', { privateAddresses: false })).toThrow(/inside the server's network/);
    expect(() => new HttpRangeClient('file:///etc/passwd', { privateAddresses: true })).toThrow(/only http and https/);
  });
});
