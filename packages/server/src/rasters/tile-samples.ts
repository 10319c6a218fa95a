import type { TileSamples } from './raster-paint.js';
import type { RasterLevel, RasterSource } from './raster-source.js';

/** Pixels on a side of a tile (CesiumJS's UrlTemplateImageryProvider asks for 256). */
export const TILE_SIZE = 256;
/** Half the Web Mercator world's width, in metres. */
const HALF_WORLD = Math.PI * 6378137;
/** The most source pixels one tile may read: past it the file needs overviews (a COG). */
export const MAX_WINDOW_PIXELS = 4096 * 4096;

/** Where each pixel centre of a Web Mercator tile lies in the raster's reference system. */
function sourcePositions(source: RasterSource, z: number, x: number, y: number): { xs: Float64Array; ys: Float64Array; metresPerPixel: number; rowLatitudes: Float64Array } {
  const metresPerPixel = (2 * HALF_WORLD) / (TILE_SIZE * 2 ** z);
  const xs = new Float64Array(TILE_SIZE * TILE_SIZE);
  const ys = new Float64Array(TILE_SIZE * TILE_SIZE);
  const rowLatitudes = new Float64Array(TILE_SIZE);
  const out = [0, 0];
  for (let j = 0; j < TILE_SIZE; j++) {
    const my = HALF_WORLD - (y * TILE_SIZE + j + 0.5) * metresPerPixel;
    rowLatitudes[j] = Math.atan(Math.sinh(my / 6378137));
    for (let i = 0; i < TILE_SIZE; i++) {
      const mx = -HALF_WORLD + (x * TILE_SIZE + i + 0.5) * metresPerPixel;
      source.crs.fromWebMercator(mx, my, out);
      xs[j * TILE_SIZE + i] = out[0]!;
      ys[j * TILE_SIZE + i] = out[1]!;
    }
  }
  return { xs, ys, metresPerPixel, rowLatitudes };
}

/**
 * The level to read: the coarsest whose pixels are still no larger than the tile's near its
 * centre (GDAL's choice of overview when it warps), the full image when none is.
 */
function levelFor(source: RasterSource, xs: Float64Array, ys: Float64Array): RasterLevel {
  const c = (TILE_SIZE / 2) * TILE_SIZE + TILE_SIZE / 2;
  const across = Math.hypot(xs[c + 1]! - xs[c - 1]!, ys[c + 1]! - ys[c - 1]!) / 2;
  const down = Math.hypot(xs[c + TILE_SIZE]! - xs[c - TILE_SIZE]!, ys[c + TILE_SIZE]! - ys[c - TILE_SIZE]!) / 2;
  const wanted = Math.min(across, down);
  let chosen = source.levels[0]!;
  for (const level of source.levels) if (level.resX <= wanted * 1.01 && Number.isFinite(wanted)) chosen = level;
  return chosen;
}

/**
 * The raster's values at each pixel centre of tile z/x/y (nearest neighbour, so that a single
 * band's values arrive exact), read from the one level it needs by range reads of the blocks
 * under the tile; undefined when the tile does not touch the raster.
 */
export async function tileSamples(source: RasterSource, bands: number[], z: number, x: number, y: number): Promise<TileSamples | undefined> {
  const { xs, ys, metresPerPixel, rowLatitudes } = sourcePositions(source, z, x, y);
  const level = levelFor(source, xs, ys);
  const n = TILE_SIZE * TILE_SIZE;
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
    throw new Error(`tile ${z}/${x}/${y} would read ${width}×${height} pixels of "${source.name}", which has no overview that coarse: it needs overviews (a Cloud Optimized GeoTIFF, docs/rasters.md)`);
  }
  const window = [minCol, minRow, maxCol + 1, maxRow + 1];
  const read = (await level.image.readRasters({ window, samples: bands.map((b) => b - 1), interleave: false })) as unknown as ArrayLike<number>[];
  const values = read.map((band) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = cols[i]! < 0 ? Number.NaN : band[(rows[i]! - minRow) * width + (cols[i]! - minCol)]!;
    return out;
  });
  return { size: TILE_SIZE, values, metresPerPixel, rowLatitudes };
}
