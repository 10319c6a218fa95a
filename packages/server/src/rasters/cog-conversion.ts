import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fromFile } from 'geotiff';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.js';
import type { ArchiveEntry } from '../store/store.js';
import { type Georeference, openRaster, type RasterSource } from './raster-source.js';
import { StorageRangeClient } from './storage-range-client.js';

/** Where an asset's converted copy is listed among its files: one tiled TIFF per level, and the georeference. */
export const CONVERTED_PATH = 'orbis-cog';
const GEOREFERENCE = `${CONVERTED_PATH}/georeference.json`;
const PREVIEW = `${CONVERTED_PATH}/preview.tif`;
/** Pixels on a side of the preview at most: a first view of a file (a few tiles across it) reads no finer. */
const PREVIEW_SIDE = 1024;
const levelPath = (k: number) => `${CONVERTED_PATH}/level-${k}.tif`;
/** Pixels on a side of a converted file's tiles, and the size below which it needs no more overviews. */
const BLOCK = 256;
/** A file this small on both sides is read whole by any tile anyway: not converted. */
const SMALL = 1024;

/** How sharp (libvips) keeps a raster's samples as they are: the interpretation that casts nothing, and the predictor. */
interface Plan {
  colourspace: string;
  predictor: 'float' | 'horizontal';
}

/**
 * The files conversion keeps exact (each tested sample for sample): one band of 8- or 16-bit
 * unsigned integers or 32-bit floats, or 8-bit RGB. Others (signed 16-bit, 16-bit RGB, RGBA,
 * whose alpha libvips premultiplies when it shrinks, 64-bit floats, which libvips does not read)
 * stay as they are, read by their strips.
 */
function planFor(source: RasterSource): Plan | undefined {
  const { bands, bitsPerSample: bits, sampleFormat: format } = source;
  if (bands === 1 && format === 1 && bits === 8) return { colourspace: 'b-w', predictor: 'horizontal' };
  if (bands === 1 && format === 1 && bits === 16) return { colourspace: 'grey16', predictor: 'horizontal' };
  if (bands === 1 && format === 3 && bits === 32) return { colourspace: 'b-w', predictor: 'float' };
  if (bands === 3 && format === 1 && bits === 8) return { colourspace: 'srgb', predictor: 'horizontal' };
  return undefined;
}

/** Whether the file needs no conversion: small (any tile reads it whole anyway), or tiled with overviews (a COG). */
function alreadyReadable(source: RasterSource): boolean {
  const first = source.levels[0]!;
  return Math.max(first.width, first.height) <= SMALL || (first.image.isTiled && source.levels.length > 1);
}

/** How many levels a conversion makes of an image this size: each half the one before, down to one tile. */
function levelCount(width: number, height: number): number {
  let levels = 1;
  for (let side = Math.max(width, height); side > BLOCK; side = Math.ceil(side / 2)) levels += 1;
  return levels;
}

/** The file's header when it is a GeoTIFF that conversion would take (plain, large, of a kind kept exact), or undefined: read by ranges, so cheap. */
export async function convertible(storage: Storage, key: string, size: number, name: string): Promise<RasterSource | undefined> {
  let source: RasterSource;
  try {
    source = await openRaster(name, new StorageRangeClient(storage, key, size));
  } catch {
    // Not a GeoTIFF Orbis reads: its tiles will say why; the upload itself is any file's.
    return undefined;
  }
  return planFor(source) && !alreadyReadable(source) ? source : undefined;
}

/**
 * Converts a plain GeoTIFF (in strips, or tiled without overviews) once, after its upload, to what a COG
 * is to a reader (docs/rasters.md, "Plain GeoTIFFs"): the image as a tiled TIFF (256-px tiles,
 * Deflate) and its overviews, each half the one before down to one tile, each a tiled TIFF of
 * its own (as GDAL's external `.ovr` overviews), made by sharp (libvips) from a local copy,
 * streaming, so memory stays bounded whatever the file's size. Overviews take the nearest pixel,
 * so a value or a class never blends (libvips' own pyramid would average them, no data included).
 * libvips writes no GeoTIFF tags: the georeference read from the original is kept beside them.
 * Answers the entries to list among the asset's files (stored as `files/{firstIndex + i}`), or none
 * when the file is not a GeoTIFF Orbis reads, needs no conversion, or is of a kind conversion
 * would not keep exact; the original is kept either way and stays the asset's bytes.
 */
export async function convertGeotiff(
  storage: Storage,
  key: string,
  size: number,
  name: string,
  firstIndex: number,
  entryKey: (index: number) => string,
  hooks: {
    /** Told once the preview is stored (its entry, to list at once): zoomed-out tiles read it while the levels are made. */
    onPreview?: (entry: ArchiveEntry) => Promise<void>;
    /** Told as it starts (0) and after each level is made, with how many there are (the first, full-size one is three quarters of the work). */
    onLevel?: (made: number, levels: number) => Promise<void>;
  } = {},
): Promise<ArchiveEntry[]> {
  const source = await convertible(storage, key, size, name);
  const plan = source && planFor(source);
  if (!source || !plan) return [];
  const dir = await mkdtemp(join(tmpdir(), 'orbis-cog-'));
  try {
    const original = join(dir, 'original.tif');
    await pipeline(await storage.read(key), createWriteStream(original));
    const tiff = { tile: true, tileWidth: BLOCK, tileHeight: BLOCK, compression: 'deflate', predictor: plan.predictor, bigtiff: size > 2 ** 31 } as const;
    const sameKind = async (file: string) => {
      const written = await (await fromFile(file)).getImage(0);
      return (
        written.getSamplesPerPixel() === source.bands &&
        written.getBitsPerSample() === source.bitsPerSample &&
        written.getSampleFormat() === source.sampleFormat
      );
    };
    const entries: ArchiveEntry[] = [];
    const store = async (file: string, path: string) => {
      const stored = await storage.put(entryKey(firstIndex + entries.length), createReadStream(file));
      const entry = { path, size: stored.size, contentType: 'image/tiff' };
      entries.push(entry);
      return entry;
    };
    let { width, height } = source.levels[0]!;
    const levels = levelCount(width, height);
    await hooks.onLevel?.(0, levels);
    // First a preview, straight from the original by the nearest pixel: until the levels are
    // listed, zoomed-out tiles read it rather than every strip of the file (or nothing, past
    // MAX_WINDOW_PIXELS). It is an overview of the plain file, and stays listed after.
    let side = Math.max(width, height);
    let shrink = 1;
    while (side > PREVIEW_SIDE) [side, shrink] = [Math.ceil(side / 2), shrink * 2];
    if (shrink > 1) {
      const preview = join(dir, 'preview.tif');
      await sharp(original, { limitInputPixels: false, sequentialRead: true })
        .resize(Math.ceil(width / shrink), Math.ceil(height / shrink), { kernel: 'nearest', fit: 'fill' })
        .toColourspace(plan.colourspace)
        .tiff(tiff)
        .toFile(preview);
      if (!(await sameKind(preview))) return [];
      await hooks.onPreview?.(await store(preview, PREVIEW));
    }
    const files: string[] = [];
    let from = original;
    for (let k = 0; ; k++) {
      const out = join(dir, `level-${k}.tif`);
      const image = sharp(from, { limitInputPixels: false, sequentialRead: true });
      if (k > 0) image.resize(width, height, { kernel: 'nearest', fit: 'fill' });
      await image.toColourspace(plan.colourspace).tiff(tiff).toFile(out);
      files.push(out);
      await hooks.onLevel?.(files.length, levels);
      if (Math.max(width, height) <= BLOCK) break;
      [from, width, height] = [out, Math.ceil(width / 2), Math.ceil(height / 2)];
    }
    // A safety net: a copy whose samples are not the original's kind is not used.
    if (!(await sameKind(files[0]!)) || (await (await fromFile(files[0]!)).getImage(0)).getWidth() !== source.levels[0]!.width) return entries;
    const place: Georeference = {
      originX: source.originX,
      originY: source.originY,
      resX: source.levels[0]!.resX,
      resY: source.levels[0]!.resY,
      crsKeys: source.crsKeys,
      nodata: source.nodata,
    };
    for (const [k, file] of files.entries()) await store(file, levelPath(k));
    const stored = await storage.put(entryKey(firstIndex + entries.length), Readable.from([Buffer.from(JSON.stringify(place))]));
    entries.push({ path: GEOREFERENCE, size: stored.size, contentType: 'application/json' });
    return entries;
  } catch {
    // libvips cannot read it (a compression libtiff lacks, LERC …): the original is read as it is.
    return [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The stored preview of a plain GeoTIFF whose conversion is under way (or failed past it), from its files, or undefined. */
export function previewOf(files: ArchiveEntry[] | null | undefined, entryKey: (index: number) => string): { key: string; size: number } | undefined {
  const i = files?.findIndex((f) => f.path === PREVIEW) ?? -1;
  return i >= 0 ? { key: entryKey(i), size: files![i]!.size } : undefined;
}

/** The stored levels and georeference of an asset's converted copy, from its files, or undefined when it has none. */
export function convertedOf(
  files: ArchiveEntry[] | null | undefined,
  entryKey: (index: number) => string,
): { levels: { key: string; size: number }[]; georeference: string } | undefined {
  const at = (path: string) => files?.findIndex((f) => f.path === path) ?? -1;
  const georeference = at(GEOREFERENCE);
  if (georeference < 0) return undefined;
  const levels: { key: string; size: number }[] = [];
  for (let k = 0, i = at(levelPath(0)); i >= 0; i = at(levelPath(++k))) levels.push({ key: entryKey(i), size: files![i]!.size });
  return levels.length > 0 ? { levels, georeference: entryKey(georeference) } : undefined;
}
