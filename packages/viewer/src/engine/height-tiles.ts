/** The RGBA pixels of a height tile, as a canvas gives them. */
export interface HeightImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Terrarium's encoding (the server's DEM tiles): `R × 256 + G + B / 256 − 32768` metres. */
export function terrariumHeight(r: number, g: number, b: number): number {
  return r * 256 + g + b / 256 - 32768;
}

/**
 * GSI's encoding of its elevation PNGs (標高タイル): `x = R × 2^16 + G × 2^8 + B`, heights of
 * 0.01 m, negative from 2^23 up; 2^23 itself is no data (0 m here, the ellipsoid).
 */
export function gsiHeight(r: number, g: number, b: number): number {
  const x = r * 65536 + g * 256 + b;
  if (x === 8388608) return 0;
  return (x < 8388608 ? x : x - 16777216) * 0.01;
}

/**
 * A `grid` × `grid` heightmap whose first and last rows and columns lie on the tile's edges (as
 * CesiumJS's heightmaps do), read from `image`, or from the square `part` of it (fractions of the
 * image, for a tile deeper than the source has). `edges`: the image's pixels already lie on those
 * points (the server's tiles); otherwise they are pixel centres and the nearest is taken.
 */
export function heightGrid(
  image: HeightImage,
  decode: (r: number, g: number, b: number) => number,
  grid: number,
  part: { x: number; y: number; size: number },
  edges: boolean,
): Float32Array {
  const out = new Float32Array(grid * grid);
  const pick = (f: number, n: number) => (edges ? Math.round(f * (n - 1)) : Math.min(n - 1, Math.max(0, Math.floor(f * n))));
  for (let j = 0; j < grid; j++) {
    const row = pick(part.y + (j / (grid - 1)) * part.size, image.height);
    for (let i = 0; i < grid; i++) {
      const col = pick(part.x + (i / (grid - 1)) * part.size, image.width);
      const at = (row * image.width + col) * 4;
      out[j * grid + i] = decode(image.data[at]!, image.data[at + 1]!, image.data[at + 2]!);
    }
  }
  return out;
}
