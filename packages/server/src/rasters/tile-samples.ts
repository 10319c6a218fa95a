import type { TileSamples } from './raster-paint.js';
import type { RasterLevel, RasterSource } from './raster-source.js';

/** Pixels on a side of a tile (CesiumJS's UrlTemplateImageryProvider asks for 256). */
export const TILE_SIZE = 256;
/** Half the Web Mercator world's width, in metres. */
const HALF_WORLD = Math.PI * 6378137;
/** The most source pixels one tile may read: past it the file needs overviews (a COG). */
export const MAX_WINDOW_PIXELS = 4096 * 4096;

/**
 * How a tile is sampled: `size` × `size` points, at its pixels' centres (imagery), or on a grid
 * whose first and last rows and columns lie on the tile's edges (a terrain heightmap, whose
 * neighbours share their edge samples).
 */
export interface TileGrid {
  size: number;
  edges: boolean;
}

/** An imagery tile's 256 × 256 pixel centres. */
export const PIXEL_GRID: TileGrid = { size: TILE_SIZE, edges: false };

/**
 * Samples between two that are projected exactly: the ones between are interpolated, as GDAL's
 * approximate transformer does (its default error is 0.125 px; over 8 px of a tile, proj4's
 * projections bend by far less than that).
 */
const STEP = 8;

/** Where each sample of a Web Mercator tile lies in the raster's reference system. */
function sourcePositions(
  source: RasterSource,
  z: number,
  x: number,
  y: number,
  grid: TileGrid,
): { xs: Float64Array; ys: Float64Array; metresPerPixel: number; rowLatitudes: Float64Array } {
  const { size } = grid;
  const tileMetres = (2 * HALF_WORLD) / 2 ** z;
  const metresPerPixel = tileMetres / (grid.edges ? size - 1 : size);
  const offset = grid.edges ? 0 : 0.5;
  const mercatorX = (i: number) => -HALF_WORLD + x * tileMetres + (i + offset) * metresPerPixel;
  const mercatorY = (j: number) => HALF_WORLD - y * tileMetres - (j + offset) * metresPerPixel;
  // Exact projections on a coarse grid whose last line is the last sample's (or past it).
  const knots = Math.ceil((size - 1) / STEP) + 1;
  const kx = new Float64Array(knots * knots);
  const ky = new Float64Array(knots * knots);
  const out = [0, 0];
  for (let b = 0; b < knots; b++) {
    for (let a = 0; a < knots; a++) {
      source.crs.fromWebMercator(mercatorX(a * STEP), mercatorY(b * STEP), out);
      kx[b * knots + a] = out[0]!;
      ky[b * knots + a] = out[1]!;
    }
  }
  const xs = new Float64Array(size * size);
  const ys = new Float64Array(size * size);
  const rowLatitudes = new Float64Array(size);
  for (let j = 0; j < size; j++) {
    rowLatitudes[j] = Math.atan(Math.sinh(mercatorY(j) / 6378137));
    const b = Math.min(Math.floor(j / STEP), knots - 2);
    const v = (j - b * STEP) / STEP;
    for (let i = 0; i < size; i++) {
      const a = Math.min(Math.floor(i / STEP), knots - 2);
      const u = (i - a * STEP) / STEP;
      const k = b * knots + a;
      const w00 = (1 - u) * (1 - v);
      const w10 = u * (1 - v);
      const w01 = (1 - u) * v;
      const w11 = u * v;
      xs[j * size + i] = kx[k]! * w00 + kx[k + 1]! * w10 + kx[k + knots]! * w01 + kx[k + knots + 1]! * w11;
      ys[j * size + i] = ky[k]! * w00 + ky[k + 1]! * w10 + ky[k + knots]! * w01 + ky[k + knots + 1]! * w11;
    }
  }
  return { xs, ys, metresPerPixel, rowLatitudes };
}

/**
 * The level to read: the coarsest whose pixels are still no larger than the tile's near its
 * centre (GDAL's choice of overview when it warps), the full image when none is.
 */
function levelFor(source: RasterSource, xs: Float64Array, ys: Float64Array, size: number): RasterLevel {
  const half = Math.floor(size / 2);
  const c = half * size + half;
  const across = Math.hypot(xs[c + 1]! - xs[c - 1]!, ys[c + 1]! - ys[c - 1]!) / 2;
  const down = Math.hypot(xs[c + size]! - xs[c - size]!, ys[c + size]! - ys[c - size]!) / 2;
  const wanted = Math.min(across, down);
  let chosen = source.levels[0]!;
  for (const level of source.levels) if (level.resX <= wanted * 1.01 && Number.isFinite(wanted)) chosen = level;
  return chosen;
}

/**
 * The raster's values at each sample of tile z/x/y (`grid`: its pixel centres by default; nearest neighbour, so that a single
 * band's values arrive exact), read from the one level it needs by range reads of the blocks
 * under the tile; undefined when the tile does not touch the raster.
 */
export async function tileSamples(source: RasterSource, bands: number[], z: number, x: number, y: number, grid = PIXEL_GRID): Promise<TileSamples | undefined> {
  const { xs, ys, metresPerPixel, rowLatitudes } = sourcePositions(source, z, x, y, grid);
  const level = levelFor(source, xs, ys, grid.size);
  const n = grid.size * grid.size;
  const cols = new Int32Array(n);
  const rows = new Int32Array(n);
  let minCol = Infinity;
  let minRow = Infinity;
  let maxCol = -Infinity;
  let maxRow = -Infinity;
  for (let i = 0; i < n; i++) {
    const col = Math.floor((xs[i]! - source.originX) / level.resX);
    const row = Math.floor((source.originY - ys[i]!) / level.resY);
    const inside = col >= 0 && row >= 0 && col < level.width && row < level.height;
    cols[i] = inside ? col : -1;
    rows[i] = row;
    if (!inside) continue;
    if (col < minCol) minCol = col;
    if (col > maxCol) maxCol = col;
    if (row < minRow) minRow = row;
    if (row > maxRow) maxRow = row;
  }
  if (minCol > maxCol) return undefined;
  const width = maxCol - minCol + 1;
  const height = maxRow - minRow + 1;
  if (width * height > MAX_WINDOW_PIXELS) {
    throw new Error(
      `tile ${z}/${x}/${y} would read ${width}×${height} pixels of "${source.name}", which has no overview that coarse: it needs overviews (a Cloud Optimized GeoTIFF, docs/rasters.md)`,
    );
  }
  const window = [minCol, minRow, maxCol + 1, maxRow + 1];
  const read = (await level.image.readRasters({ window, samples: bands.map((b) => b - 1), interleave: false })) as unknown as ArrayLike<number>[];
  const values = read.map((band) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = cols[i]! < 0 ? Number.NaN : band[(rows[i]! - minRow) * width + (cols[i]! - minCol)]!;
    return out;
  });
  return { size: grid.size, values, metresPerPixel, rowLatitudes };
}
