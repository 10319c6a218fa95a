import { createReadStream, readFileSync, statSync } from 'node:fs';
import proj4 from 'proj4';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage/local-storage.js';
import { gdalFolder, gdalTile, tileAt, writeRaster } from '../test/raster-fixtures.js';
import { RasterFileError } from './raster-file-error.js';
import { RasterStyleError } from './raster-style.js';
import { type RasterFile, RasterTiles } from './raster-tiles.js';
import { TERRAIN_GRID } from './terrarium.js';
import { tileSamples } from './tile-samples.js';

// JGD2011 plane zone IX (EPSG:6677), around Tokyo Station.
proj4.defs('EPSG:6677', '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs');
const STATION: [number, number] = [139.767125, 35.681236];
const [sx, sy] = proj4('WGS84', 'EPSG:6677', STATION);
const SIZE = 64;
const NODATA = -9999;
const place = { width: SIZE, height: SIZE, srs: 'EPSG:6677', ulx: Math.round(sx!) - 320, uly: Math.round(sy!) + 320, pixel: 10 };
/** Every pixel its own value; the top-left 8×8 no data. */
const values = Array.from({ length: SIZE * SIZE }, (_, i) => (i % SIZE < 8 && i < 8 * SIZE ? NODATA : i + 0.25));
const TILE = tileAt(16, ...STATION);

async function stored(storage: LocalStorage, path: string, name: string): Promise<RasterFile> {
  const key = `p/${name.replace(/\W/g, '')}/original`;
  await storage.put(key, createReadStream(path));
  return { key, name, size: statSync(path).size, etag: 'e1', prefix: key.slice(0, key.lastIndexOf('/')) };
}

async function rgba(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().raw().toBuffer();
}

describe('raster tiles (docs/rasters.md)', () => {
  let storage: LocalStorage;
  let tiles: RasterTiles;
  let floatPath: string;
  let floatFile: RasterFile;
  beforeAll(async () => {
    storage = new LocalStorage(gdalFolder());
    tiles = new RasterTiles(storage);
    floatPath = writeRaster({ ...place, type: 'Float32', bands: [values], nodata: NODATA, options: ['TILED=YES', 'BLOCKXSIZE=16', 'BLOCKYSIZE=16'] });
    floatFile = await stored(storage, floatPath, 'dem.tif');
  });

  it('reads a single band in EPSG:6677 to the very values GDAL warps onto the same Web Mercator tile', async () => {
    const source = await tiles.source(floatFile);
    const ours = (await tileSamples(source, [1], TILE.z, TILE.x, TILE.y))!;
    const gdal = await gdalTile(floatPath, TILE.z, TILE.x, TILE.y, ['-dstnodata', String(NODATA)]);
    let compared = 0;
    const differing: string[] = [];
    for (let i = 0; i < 256 * 256; i++) {
      const theirs = gdal.bands[0]![i]!;
      const mine = ours.values[0]![i]!;
      if ((Number.isNaN(mine) ? NODATA : mine) !== theirs) differing.push(`${i % 256},${Math.floor(i / 256)}: ${mine} vs ${theirs}`);
      if (theirs !== NODATA) compared += 1;
    }
    expect(differing.slice(0, 5)).toEqual([]);
    // The raster covers a good part of the tile, not a corner.
    expect(compared).toBeGreaterThan(10_000);
  });

  it('colours RGB imagery as GDAL warps it, within 2/255, and leaves the outside transparent', async () => {
    const bands = [0, 1, 2].map((b) => Array.from({ length: SIZE * SIZE }, (_, i) => (i * (b + 3) + b * 50) % 256));
    const path = writeRaster({ ...place, type: 'Byte', bands });
    const png = await tiles.tile(await stored(storage, path, 'ortho.tif'), {}, TILE.z, TILE.x, TILE.y, 'png');
    const pixels = await rgba(png);
    const gdal = await gdalTile(path, TILE.z, TILE.x, TILE.y, ['-dstalpha']);
    let opaque = 0;
    const differing: number[] = [];
    for (let i = 0; i < 256 * 256; i++) {
      if (pixels[i * 4 + 3] !== gdal.bands[3]![i]) differing.push(i);
      if (gdal.bands[3]![i] === 0) continue;
      opaque += 1;
      for (let k = 0; k < 3; k++) if (Math.abs(pixels[i * 4 + k]! - gdal.bands[k]![i]!) > 2) differing.push(i);
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(opaque).toBeGreaterThan(10_000);
  });

  it('colours one band by a ramp with breaks, leaves no data transparent, and keeps the tile in storage', async () => {
    const ramp: [number, number, number, number][] = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
    ];
    const style = { ramp, breaks: [1000, 3000] };
    const png = await tiles.tile(floatFile, style, TILE.z, TILE.x, TILE.y, 'png');
    const source = await tiles.source(floatFile);
    const samples = (await tileSamples(source, [1], TILE.z, TILE.x, TILE.y))!;
    const pixels = await rgba(png);
    const seen = new Set<string>();
    const differing: string[] = [];
    for (let i = 0; i < 256 * 256; i++) {
      const v = samples.values[0]![i]!;
      const expected = Number.isNaN(v) || v === NODATA ? [0, 0, 0, 0] : ramp[v < 1000 ? 0 : v < 3000 ? 1 : 2]!;
      const got = [...pixels.subarray(i * 4, i * 4 + 4)];
      if (expected[3] === 0 ? got[3] !== 0 : got.join() !== expected.join()) differing.push(`${i}: ${got.join()} for ${v}`);
      seen.add(expected.join());
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(seen.size).toBe(4);
    // A second ask is the stored copy, byte for byte; WebP is its own tile.
    expect((await tiles.tile(floatFile, style, TILE.z, TILE.x, TILE.y, 'png')).equals(png)).toBe(true);
    const webp = await tiles.tile(floatFile, style, TILE.z, TILE.x, TILE.y, 'webp');
    expect((await sharp(webp).metadata()).format).toBe('webp');
    expect((await rgba(webp)).equals(pixels)).toBe(true);
  });

  it("serves a DEM as Terrarium heights on the 65×65 grid of the tile's edges: GDAL's values there within 1/256 m, no data at 0", async () => {
    const png = await tiles.terrain(floatFile, TILE.z, TILE.x, TILE.y);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([65, 65, 3]);
    const gdal = await gdalTile(floatPath, TILE.z, TILE.x, TILE.y, ['-dstnodata', String(NODATA)], TERRAIN_GRID);
    const differing: string[] = [];
    let heights = 0;
    for (let i = 0; i < 65 * 65; i++) {
      const height = data[i * 3]! * 256 + data[i * 3 + 1]! + data[i * 3 + 2]! / 256 - 32768;
      const theirs = gdal.bands[0]![i]!;
      if (Math.abs(height - (theirs === NODATA ? 0 : theirs)) > 1 / 256) differing.push(`${i}: ${height} vs ${theirs}`);
      if (theirs !== NODATA) heights += 1;
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(heights).toBeGreaterThan(500);
  });

  it('refuses a style that does not fit the file, naming the parameter', async () => {
    await expect(tiles.tile(floatFile, { bands: [2] }, TILE.z, TILE.x, TILE.y, 'png')).rejects.toThrow(
      new RasterStyleError('bands', 'band 2 does not exist: "dem.tif" has 1 band'),
    );
    await expect(tiles.tile(floatFile, { ramp: [[0, 0, 0, 255]], breaks: [1, 2] }, TILE.z, TILE.x, TILE.y, 'png')).rejects.toThrow(
      /breaks make 3 classes, and the ramp has 1 colours/,
    );
    await expect(
      tiles.tile(
        floatFile,
        {
          ramp: [
            [0, 0, 0, 255],
            [1, 1, 1, 255],
            [2, 2, 2, 255],
          ],
          breaks: [5, 2],
        },
        TILE.z,
        TILE.x,
        TILE.y,
        'png',
      ),
    ).rejects.toThrow(/breaks must ascend: 2 follows 5/);
  });

  it('refuses a TIFF with no reference system, or not a TIFF, naming the file', async () => {
    const plain = writeRaster({ ...place, srs: 'EPSG:6677', type: 'Byte', bands: [values.map(() => 1)] });
    const bare = gdalFolder() + '/bare.tif';
    // gdal_translate of the GeoTIFF's pixels alone, without its georeferencing.
    const { gdal } = await import('../test/raster-fixtures.js');
    gdal('gdal_translate', ['-q', '-co', 'PROFILE=BASELINE', plain, bare]);
    const unplaced = tiles.tile(await stored(storage, bare, 'scan.tif'), {}, 0, 0, 0, 'png');
    await expect(unplaced).rejects.toThrow(RasterFileError);
    await expect(unplaced).rejects.toThrow(/^file|scan\.tif: it is not georeferenced/);
    const text = gdalFolder() + '/notes.txt';
    await import('node:fs').then((fs) => fs.writeFileSync(text, 'not a tiff at all'));
    await expect(tiles.tile(await stored(storage, text, 'notes.tif'), {}, 0, 0, 0, 'png')).rejects.toThrow(/notes\.tif: it is not a TIFF that can be read/);
  });

  it('reads a tile far out from a COG by its overviews, with range reads of a small part of the file', async () => {
    const big = 1024;
    // Noise, which no compression shrinks: the file's size is its pixels'.
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed >> 23);
    const bands = [0, 1, 2].map(() => Array.from({ length: big * big }, noise));
    const path = writeRaster({ ...place, width: big, height: big, pixel: 1, type: 'Byte', bands, format: 'COG', options: ['COMPRESS=NONE', 'BLOCKSIZE=256'] });
    const file = await stored(storage, path, 'cog.tif');
    const fresh = new RasterTiles(storage);
    const far = tileAt(13, ...STATION);
    const source = await fresh.source(file);
    expect(source.levels.length).toBeGreaterThan(1);
    const samples = await tileSamples(source, [1, 2, 3], far.z, far.x, far.y);
    expect(samples).toBeDefined();
    const size = readFileSync(path).length;
    const client = (source.tiff as unknown as { source: { source: { client: { bytesRead: number } } } }).source.source.client;
    expect(size).toBeGreaterThan(3 * big * big);
    expect(client.bytesRead).toBeLessThan(size / 10);
  });
});
