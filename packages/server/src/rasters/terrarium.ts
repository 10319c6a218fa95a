/** Samples on a side of a terrain tile: Cesium's own heightmap size, edges shared with neighbours. */
export const TERRAIN_GRID = { size: 65, edges: true } as const;

/**
 * Heights in metres as Terrarium's RGB (`height = R × 256 + G + B / 256 − 32768`, the encoding
 * of Mapzen's and AWS's open terrain tiles): exact to 1/256 m from −32,768 m to 32,767 m. No data
 * and NaN are 0 m, the ellipsoid (docs/rasters.md, "Terrain").
 */
export function terrariumRgb(heights: ArrayLike<number>, nodata: number | null): Uint8Array {
  const out = new Uint8Array(heights.length * 3);
  for (let i = 0; i < heights.length; i++) {
    const h = heights[i]!;
    const v = Math.max(0, Math.min(65535.996, (h !== h || h === nodata ? 0 : h) + 32768));
    const whole = Math.floor(v);
    out[i * 3] = whole >> 8;
    out[i * 3 + 1] = whole & 255;
    out[i * 3 + 2] = Math.floor((v - whole) * 256);
  }
  return out;
}
