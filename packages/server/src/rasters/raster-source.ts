import { type BaseClient, type BlockedSourceOptions, type GeoTIFF, type GeoTIFFImage, fromCustomClient, type RemoteSourceOptions } from 'geotiff';
import { type CrsKeys, type RasterCrs, rasterCrs } from './raster-crs.js';
import { RasterFileError } from './raster-file-error.js';

/** One resolution of a raster: the full image, or one of its overviews. */
export interface RasterLevel {
  image: GeoTIFFImage;
  width: number;
  height: number;
  /** Source units (metres, degrees) per pixel, both positive. */
  resX: number;
  resY: number;
}

/** What a tile needs to know of a GeoTIFF, read once from its header. */
export interface RasterSource {
  name: string;
  crs: RasterCrs;
  /** The geo keys that name the reference system, as the file has them. */
  crsKeys: CrsKeys;
  /** The top-left corner of the top-left pixel, in the file's reference system. */
  originX: number;
  originY: number;
  /** Finest first. */
  levels: RasterLevel[];
  bands: number;
  /** 1 unsigned integer, 2 signed integer, 3 floating point (TIFF SampleFormat). */
  sampleFormat: number;
  bitsPerSample: number;
  /** GDAL's nodata value, if the file has one. */
  nodata: number | null;
  /** The least and greatest value of each band, from the coarsest level (what a stretch or a ramp spans); none for 8-bit unsigned bands. */
  ranges: [number, number][];
  tiff: GeoTIFF;
}

/** What went wrong reading a file: geotiff gathers its blocks' faults in an AggregateError ("Request failed"); the first says it. */
export function readFault(err: unknown): string {
  const inner = err instanceof AggregateError && err.errors.length > 0 ? err.errors[0] : err;
  return inner instanceof Error ? inner.message : String(inner);
}

/** Reading one coarse level whole to find the value range: at most this many pixels. */
const RANGE_PIXELS = 1024 * 1024;
/** NewSubfileType's bit for a transparency mask, which is no level of the image. */
const MASK = 4;

async function valueRanges(level: RasterLevel, bands: number, nodata: number | null): Promise<[number, number][]> {
  if (level.width * level.height > RANGE_PIXELS) return Array.from({ length: bands }, () => [Number.NaN, Number.NaN]);
  const data = (await level.image.readRasters({ interleave: false })) as unknown as ArrayLike<number>[];
  return data.map((band) => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < band.length; i++) {
      const v = band[i]!;
      if (v !== v || v === nodata) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return min <= max ? [min, max] : [Number.NaN, Number.NaN];
  });
}

/** Where a raster lies, as its GeoTIFF header says: what a converted copy, which has no geo tags, keeps beside it (cog-conversion.ts). */
export interface Georeference {
  /** The top-left corner of the top-left pixel, in the file's reference system. */
  originX: number;
  originY: number;
  resX: number;
  resY: number;
  crsKeys: CrsKeys;
  nodata: number | null;
}

/** geotiff's range reader over one client: blocks of 64 KiB, the last 64 kept (a header's scattered small values cost one read, not dozens). */
async function tiffOf(name: string, client: BaseClient): Promise<GeoTIFF> {
  try {
    const options: RemoteSourceOptions & BlockedSourceOptions = { blockSize: 65536, cacheSize: 64 };
    return await fromCustomClient(client, options);
  } catch (err) {
    throw new RasterFileError(name, `it is not a TIFF that can be read (${readFault(err)})`);
  }
}

/** A GeoTIFF's georeference, from its first image's tags; a file without one, or rotated, is refused. */
export function georeferenceOf(name: string, first: GeoTIFFImage): Georeference {
  const transform = first.getFileDirectory().getValue('ModelTransformation') as number[] | undefined;
  if (transform && (transform[1] !== 0 || transform[4] !== 0))
    throw new RasterFileError(name, 'it is rotated (ModelTransformation with rotation terms): warp it north-up first, e.g. gdalwarp');
  let origin: number[];
  let resolution: number[];
  try {
    origin = first.getOrigin();
    resolution = first.getResolution();
  } catch {
    throw new RasterFileError(
      name,
      'it is not georeferenced (no ModelTiepoint and ModelPixelScale, nor ModelTransformation): it is a plain TIFF, not a GeoTIFF',
    );
  }
  const keys = first.getGeoKeys();
  const resX = Math.abs(resolution[0]!);
  const resY = Math.abs(resolution[1]!);
  // Pixel-is-point rasters name the centre of the top-left pixel: its corner is half a pixel up and left (as GDAL reads them).
  const half = keys?.GTRasterTypeGeoKey === 2 ? 0.5 : 0;
  const crsKeys: CrsKeys = {
    GTModelTypeGeoKey: keys?.GTModelTypeGeoKey,
    ProjectedCSTypeGeoKey: keys?.ProjectedCSTypeGeoKey,
    GeographicTypeGeoKey: keys?.GeographicTypeGeoKey,
  };
  return { originX: origin[0]! - half * resX, originY: origin[1]! + half * resY, resX, resY, crsKeys, nodata: first.getGDALNoData() };
}

/**
 * Opens a GeoTIFF (or COG) by range reads through `client` and reads what tiles need from its
 * header: reference system, placement, levels (the image and its overviews), bands and nodata.
 * A converted copy (cog-conversion.ts) gives its `georeference` and its overviews' clients, one
 * tiled TIFF each; a plain file being converted, its preview's (placed by the file's own header). A file that is not a georeferenced TIFF Orbis can read throws a {@link RasterFileError}.
 */
export async function openRaster(
  name: string,
  client: BaseClient,
  converted?: { georeference?: Georeference; overviews: BaseClient[] },
): Promise<RasterSource> {
  const tiff = await tiffOf(name, client);
  const count = await tiff.getImageCount();
  const first = await tiff.getImage(0);
  const place = converted?.georeference ?? georeferenceOf(name, first);
  const crs = await rasterCrs(name, place.crsKeys);
  const width = first.getWidth();
  const height = first.getHeight();
  const levels: RasterLevel[] = [{ image: first, width, height, resX: place.resX, resY: place.resY }];
  const overviews: GeoTIFFImage[] = [];
  for (let i = 1; i < count; i++) overviews.push(await tiff.getImage(i));
  for (const overview of converted?.overviews ?? []) overviews.push(await (await tiffOf(name, overview)).getImage(0));
  for (const image of overviews) {
    const subfile = Number(image.getFileDirectory().getValue('NewSubfileType') ?? 0);
    if (subfile & MASK || image.getSamplesPerPixel() !== first.getSamplesPerPixel()) continue;
    levels.push({
      image,
      width: image.getWidth(),
      height: image.getHeight(),
      resX: (place.resX * width) / image.getWidth(),
      resY: (place.resY * height) / image.getHeight(),
    });
  }
  levels.sort((a, b) => a.resX - b.resX);
  const bands = first.getSamplesPerPixel();
  const sampleFormat = first.getSampleFormat();
  const bitsPerSample = first.getBitsPerSample();
  if (![8, 16, 32, 64].includes(bitsPerSample) || (sampleFormat === 3 && bitsPerSample < 32)) {
    throw new RasterFileError(
      name,
      `its samples are ${bitsPerSample}-bit (SampleFormat ${sampleFormat}): Orbis reads 8-, 16- and 32-bit integers and 32- and 64-bit floating point`,
    );
  }
  const { nodata } = place;
  // 8-bit bands are shown as they are: only wider ones need the range their values span.
  const ranges = bitsPerSample === 8 && sampleFormat === 1 ? [] : await valueRanges(levels[levels.length - 1]!, bands, nodata);
  return {
    name,
    crs,
    crsKeys: place.crsKeys,
    originX: place.originX,
    originY: place.originY,
    levels,
    bands,
    sampleFormat,
    bitsPerSample,
    nodata,
    ranges,
    tiff,
  };
}
