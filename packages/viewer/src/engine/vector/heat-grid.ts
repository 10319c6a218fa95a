/** An RGBA colour, bytes. */
export type Rgba = [number, number, number, number];

/** A heat map drawn as one image over a rectangle of degrees. */
export interface HeatImage {
  width: number;
  height: number;
  /** RGBA bytes, rows from the north. */
  rgba: Uint8ClampedArray;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The image's longer side, in pixels. */
const SIDE = 512;

/** A ramp's colour at `t` (0–1), its stops spread evenly and blended linearly. */
export function rampAt(ramp: readonly Rgba[], t: number): Rgba {
  const x = Math.min(1, Math.max(0, t)) * (ramp.length - 1);
  const i = Math.min(ramp.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [ramp[i]!, ramp[i + 1]!];
  return [0, 1, 2, 3].map((c) => Math.round(a[c]! + (b[c]! - a[c]!) * f)) as Rgba;
}

/** Blurs a grid in place with a Gaussian of `sigma` cells (separable: rows, then columns). */
function blur(grid: Float32Array, width: number, height: number, sigma: number): void {
  const r = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = Float32Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const line = new Float32Array(Math.max(width, height));
  const pass = (count: number, length: number, at: (n: number, i: number) => number) => {
    for (let n = 0; n < count; n++) {
      for (let i = 0; i < length; i++) line[i] = grid[at(n, i)]!;
      for (let i = 0; i < length; i++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) {
          const j = i + k;
          if (j >= 0 && j < length) sum += line[j]! * kernel[k + r]!;
        }
        grid[at(n, i)] = sum;
      }
    }
  };
  pass(height, width, (row, x) => row * width + x);
  pass(width, height, (column, y) => y * width + column);
}

/**
 * A density heat map of points (docs/contract.md §18 `heatmap`): the points counted in a grid of square
 * cells (in metres, at the points' middle latitude) whose longer side is 512, spread by a
 * Gaussian of `radius` cells, scaled to the densest cell (by the square root, so that sparse areas
 * still show beside a dense one), and coloured by `ramp` (low to high; a cell no point reaches
 * stays transparent). Undefined without points.
 */
export function heatImage(lngLat: Float64Array, radius: number, ramp: readonly Rgba[]): HeatImage | undefined {
  const n = lngLat.length / 2;
  if (n === 0) return undefined;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    west = Math.min(west, lngLat[i * 2]!);
    east = Math.max(east, lngLat[i * 2]!);
    south = Math.min(south, lngLat[i * 2 + 1]!);
    north = Math.max(north, lngLat[i * 2 + 1]!);
  }
  const cos = Math.max(0.05, Math.cos((((south + north) / 2) * Math.PI) / 180));
  // Square cells in metres: a degree of longitude is cos(lat) of one of latitude.
  const spanX = Math.max(east - west, 1e-6) * cos;
  const spanY = Math.max(north - south, 1e-6);
  const cell = Math.max(spanX, spanY) / (SIDE - 4 * radius);
  const pad = 2 * radius * cell;
  [west, east] = [west - pad / cos, east + pad / cos];
  [south, north] = [Math.max(-90, south - pad), Math.min(90, north + pad)];
  const width = Math.max(1, Math.round(((east - west) * cos) / cell));
  const height = Math.max(1, Math.round((north - south) / cell));
  const grid = new Float32Array(width * height);
  for (let i = 0; i < n; i++) {
    const x = Math.min(width - 1, Math.floor(((lngLat[i * 2]! - west) * cos) / cell));
    const y = Math.min(height - 1, Math.floor((north - lngLat[i * 2 + 1]!) / cell));
    grid[y * width + x]! += 1;
  }
  blur(grid, width, height, radius / 2);
  let max = 0;
  for (const v of grid) max = Math.max(max, v);
  const rgba = new Uint8ClampedArray(width * height * 4);
  const floor = max * 1e-3;
  for (let i = 0; i < grid.length; i++) {
    if (grid[i]! <= floor) continue;
    rgba.set(rampAt(ramp, Math.sqrt(grid[i]! / max)), i * 4);
  }
  return { width, height, rgba, west, south, east, north };
}
