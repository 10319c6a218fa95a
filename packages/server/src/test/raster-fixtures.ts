import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromArrayBuffer } from 'geotiff';

/** Runs a GDAL program; fails loudly when GDAL is missing (CI installs gdal-bin, `.ci/run`). */
export function gdal(program: string, args: string[]): void {
  try {
    execFileSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${program} is missing: install GDAL (Debian: apt-get install gdal-bin); .ci/run installs it`);
    throw new Error(`${program} ${args.join(' ')} failed: ${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
}

const TYPES = { Byte: Uint8Array, UInt16: Uint16Array, Int16: Int16Array, Float32: Float32Array } as const;
export type GdalType = keyof typeof TYPES;

/** A raster to write: its bands' values row by row, where it lies, and how GDAL stores it. */
export interface RasterSpec {
  width: number;
  height: number;
  bands: number[][];
  type: GdalType;
  /** e.g. `EPSG:6677`. */
  srs: string;
  /** Upper-left corner and pixel size in the srs's units. */
  ulx: number;
  uly: number;
  pixel: number;
  nodata?: number;
  /** `GTiff` (with `options` such as `TILED=YES`) or `COG`. */
  format?: 'GTiff' | 'COG';
  options?: string[];
}

/** A fresh folder for GDAL's files. */
export function gdalFolder(): string {
  return mkdtempSync(join(tmpdir(), 'orbis-raster-'));
}

/** Writes `spec` as a GeoTIFF by GDAL (a raw VRT translated by gdal_translate); returns its path. */
export function writeRaster(spec: RasterSpec, name = 'raster.tif'): string {
  const dir = gdalFolder();
  const Type = TYPES[spec.type];
  const bandXml = spec.bands.map((values, b) => {
    const file = join(dir, `band${b}.bin`);
    writeFileSync(file, Buffer.from(new Type(values).buffer));
    const size = Type.BYTES_PER_ELEMENT;
    return `<VRTRasterBand dataType="${spec.type}" band="${b + 1}" subClass="VRTRawRasterBand"><SourceFilename relativeToVRT="0">${file}</SourceFilename><ImageOffset>0</ImageOffset><PixelOffset>${size}</PixelOffset><LineOffset>${size * spec.width}</LineOffset><ByteOrder>LSB</ByteOrder></VRTRasterBand>`;
  });
  const vrt = join(dir, 'raw.vrt');
  writeFileSync(vrt, `<VRTDataset rasterXSize="${spec.width}" rasterYSize="${spec.height}">${bandXml.join('')}</VRTDataset>`);
  const out = join(dir, name);
  const lrx = spec.ulx + spec.width * spec.pixel;
  const lry = spec.uly - spec.height * spec.pixel;
  const args = ['-q', '-of', spec.format ?? 'GTiff', '-a_srs', spec.srs, '-a_ullr', String(spec.ulx), String(spec.uly), String(lrx), String(lry)];
  if (spec.nodata !== undefined) args.push('-a_nodata', String(spec.nodata));
  for (const option of spec.options ?? []) args.push('-co', option);
  gdal('gdal_translate', [...args, vrt, out]);
  return out;
}

/** Web Mercator bounds of tile z/x/y: [minX, minY, maxX, maxY] in metres. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const half = Math.PI * 6378137;
  const size = (2 * half) / 2 ** z;
  return [-half + x * size, half - (y + 1) * size, -half + (x + 1) * size, half - y * size];
}

/** The tile z/x/y that holds a longitude/latitude. */
export function tileAt(z: number, lng: number, lat: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/**
 * GDAL's own warp of `source` onto tile z/x/y (EPSG:3857, 256×256 pixel centres or `grid`'s
 * points, nearest neighbour, exact transformation): each band's values, row by row.
 */
export async function gdalTile(
  source: string,
  z: number,
  x: number,
  y: number,
  extra: string[] = [],
  grid = { size: 256, edges: false },
): Promise<{ bands: ArrayLike<number>[] }> {
  const out = join(gdalFolder(), 'tile.tif');
  let [minX, minY, maxX, maxY] = tileBounds(z, x, y);
  if (grid.edges) {
    // Samples on the tile's edges are the centres of pixels half a step beyond them.
    const half = (maxX - minX) / (grid.size - 1) / 2;
    [minX, minY, maxX, maxY] = [minX - half, minY - half, maxX + half, maxY + half];
  }
  gdal('gdalwarp', [
    '-q',
    '-t_srs',
    'EPSG:3857',
    '-te',
    String(minX),
    String(minY),
    String(maxX),
    String(maxY),
    '-ts',
    String(grid.size),
    String(grid.size),
    '-r',
    'near',
    '-et',
    '0',
    ...extra,
    source,
    out,
  ]);
  const bytes = readFileSync(out);
  const tiff = await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const image = await tiff.getImage();
  return { bands: (await image.readRasters({ interleave: false })) as unknown as ArrayLike<number>[] };
}

/** The files a plain GeoTIFF's conversion lists (docs/rasters.md, "Plain GeoTIFFs"): its preview, `levels` levels and the georeference. */
export function convertedPaths(levels: number): string[] {
  return ['orbis-cog/preview.tif', ...Array.from({ length: levels }, (_, k) => `orbis-cog/level-${k}.tif`), 'orbis-cog/georeference.json'];
}
