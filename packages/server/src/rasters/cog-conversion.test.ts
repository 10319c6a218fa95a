import { createReadStream, statSync } from 'node:fs';
import proj4 from 'proj4';
import { beforeAll, describe, expect, it } from 'vitest';
import { archiveEntryKey } from '../assets/archive.js';
import { LocalStorage } from '../storage/local-storage.js';
import { convertedPaths, gdalFolder, gdalTile, type RasterSpec, tileAt, writeRaster } from '../test/raster-fixtures.js';
import { convertedOf, convertGeotiff, previewOf } from './cog-conversion.js';
import { type RasterFile, RasterTiles } from './raster-tiles.js';
import { tileSamples } from './tile-samples.js';

// JGD2011 plane zone IX (EPSG:6677), around Tokyo Station.
proj4.defs('EPSG:6677', '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs');
const STATION: [number, number] = [139.767125, 35.681236];
const [sx, sy] = proj4('WGS84', 'EPSG:6677', STATION);
const SIZE = 1500;
const NODATA = -9999;
const place = { width: SIZE, height: SIZE, srs: 'EPSG:6677', ulx: Math.round(sx!) - 750, uly: Math.round(sy!) + 750, pixel: 1 };
/** A plain DEM (strips, no overviews) as a survey office exports it: every pixel its own value, the top-left 100 × 100 no data. */
const demValues = Array.from({ length: SIZE * SIZE }, (_, i) => (i % SIZE < 100 && i < 100 * SIZE ? NODATA : (i % 7919) + 0.5));

let counter = 0;
async function upload(
  storage: LocalStorage,
  path: string,
  name: string,
): Promise<{ file: RasterFile; entries: Awaited<ReturnType<typeof convertGeotiff>>; previewLevels?: number[] }> {
  const prefix = `p/a${++counter}`;
  const key = `${prefix}/original`;
  await storage.put(key, createReadStream(path));
  const size = statSync(path).size;
  const entryKey = (i: number) => archiveEntryKey(prefix, i);
  const made: number[][] = [];
  let previewLevels: number[] | undefined;
  const entries = await convertGeotiff(storage, key, size, name, 0, entryKey, {
    // Listed before any level is made: the file as it is reads it as its overview.
    onPreview: async (entry) => {
      expect(made.map(([k]) => k)).toEqual([0]);
      const preview = previewOf([entry], entryKey)!;
      const source = await new RasterTiles(storage).source({ key, name, size, etag: 'preview', prefix, preview });
      previewLevels = source.levels.map((l) => l.width);
    },
    onLevel: async (...progress) => void made.push(progress),
  });
  const levels = entries.filter((e) => e.path.startsWith('orbis-cog/level-')).length;
  if (entries.length > 0) expect(made).toEqual(Array.from({ length: levels + 1 }, (_, k) => [k, levels]));
  const converted = convertedOf(entries, entryKey);
  return { file: { key, name, size, etag: 'e1', prefix, ...(converted ? { converted } : {}) }, entries, previewLevels };
}

describe('a plain GeoTIFF converted once on upload (docs/rasters.md, "Plain GeoTIFFs")', () => {
  let storage: LocalStorage;
  let demPath: string;
  let dem: Awaited<ReturnType<typeof upload>>;
  beforeAll(async () => {
    storage = new LocalStorage(gdalFolder());
    demPath = writeRaster({ ...place, type: 'Float32', bands: [demValues], nodata: NODATA });
    dem = await upload(storage, demPath, 'dem.tif');
  });

  it('keeps the image as a tiled TIFF and its nearest-pixel overviews down to one tile, with the georeference beside them, after a preview', () => {
    // The preview, at most 1024 px a side, made first: until the levels are listed, an overview of the file as it is.
    expect(dem.previewLevels).toEqual([1500, 750]);
    expect(dem.entries.map((e) => e.path)).toEqual(convertedPaths(4));
    expect(dem.file.converted?.levels).toHaveLength(4);
  });

  it('reads the copy to the very values GDAL warps from the original, at full resolution', async () => {
    const tiles = new RasterTiles(storage);
    const source = await tiles.source(dem.file);
    expect(source.levels.map((l) => l.width)).toEqual([1500, 750, 375, 188]);
    expect(source.levels[0]!.image.isTiled).toBe(true);
    const tile = tileAt(18, ...STATION);
    const ours = (await tileSamples(source, [1], tile.z, tile.x, tile.y))!;
    const gdal = await gdalTile(demPath, tile.z, tile.x, tile.y, ['-dstnodata', String(NODATA)]);
    const differing: string[] = [];
    for (let i = 0; i < 256 * 256; i++) {
      const mine = ours.values[0]![i]!;
      if ((Number.isNaN(mine) ? NODATA : mine) !== gdal.bands[0]![i]) differing.push(`${i}: ${mine} vs ${gdal.bands[0]![i]}`);
    }
    expect(differing.slice(0, 5)).toEqual([]);
    // The pixel under a place, as the click reads it: column 1000, row 200.
    const [lng, lat] = proj4('EPSG:6677', 'WGS84', [place.ulx + 1000.5, place.uly - 200.5]);
    expect((await tiles.valuesAt(dem.file, lng!, lat!)).values).toEqual([((200 * SIZE + 1000) % 7919) + 0.5]);
  });

  it("reads a tile far out from an overview by a few range reads, every value one of the file's (no data never blended in)", async () => {
    const tiles = new RasterTiles(storage);
    const source = await tiles.source(dem.file);
    const far = tileAt(13, ...STATION);
    const samples = (await tileSamples(source, [1], far.z, far.x, far.y))!;
    const known = new Set(demValues);
    const values = [...samples.values[0]!].filter((v) => !Number.isNaN(v));
    expect(values.length).toBeGreaterThan(100);
    expect(values.filter((v) => !known.has(v))).toEqual([]);
    expect(values).toContain(NODATA);
    const bytes = (level: number) =>
      (source.levels[level]!.image as unknown as { source: { source: { client: { bytesRead: number } } } }).source.source.client.bytesRead;
    // The full image is read for its header only (two 64 KiB blocks at most), not one of its tiles.
    expect(bytes(0)).toBeLessThanOrEqual(2 * 65536);
    expect(bytes(source.levels.length - 1)).toBeGreaterThan(0);
  });

  it('converts 8-bit RGB as it is, and leaves what it could not keep exact (signed 16-bit) and small or tiled files alone', async () => {
    const rgb = Array.from({ length: 3 }, (_, b) => Array.from({ length: 1100 * 1100 }, (_, i) => (i * (b + 3)) % 256));
    const ortho = await upload(storage, writeRaster({ ...place, width: 1100, height: 1100, type: 'Byte', bands: rgb }), 'ortho.tif');
    expect(ortho.entries.map((e) => e.path)).toContain('orbis-cog/level-0.tif');
    const source = await new RasterTiles(storage).source(ortho.file);
    const first = (await source.levels[0]!.image.readRasters({ window: [500, 600, 501, 601], interleave: false })) as unknown as ArrayLike<number>[];
    expect(first.map((band) => band[0])).toEqual([0, 1, 2].map((b) => ((600 * 1100 + 500) * (b + 3)) % 256));
    const signed: RasterSpec = { ...place, width: 1100, height: 1100, type: 'Int16', bands: [Array.from({ length: 1100 * 1100 }, (_, i) => (i % 200) - 100)] };
    expect((await upload(storage, writeRaster(signed), 'signed.tif')).entries).toEqual([]);
    const small = { ...place, width: 64, height: 64, type: 'Byte' as const, bands: [Array.from({ length: 64 * 64 }, (_, i) => i % 256)] };
    expect((await upload(storage, writeRaster({ ...small, options: ['TILED=YES'] }), 'small.tif')).entries).toEqual([]);
    expect((await upload(storage, writeRaster({ ...signed, type: 'Byte', format: 'COG' }), 'cog.tif')).entries).toEqual([]);
  });
});
