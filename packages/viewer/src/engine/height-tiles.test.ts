import { describe, expect, it } from 'vitest';
import { gsiHeight, heightGrid, terrariumHeight } from './height-tiles.js';

/** An image whose every pixel is the RGB that `pixel(col, row)` gives. */
function image(width: number, height: number, pixel: (col: number, row: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) for (let col = 0; col < width; col++) data.set([...pixel(col, row), 255], (row * width + col) * 4);
  return { width, height, data };
}

describe('height tiles (docs/contract.md §17 terrain "dem" and "gsi")', () => {
  it("decodes Terrarium and GSI's encoding, GSI's no data as 0 m", () => {
    expect(terrariumHeight(128, 0, 0)).toBe(0);
    expect(terrariumHeight(142, 192, 64)).toBe(3776.25);
    expect(terrariumHeight(127, 255, 128)).toBe(-0.5);
    expect(gsiHeight(0, 0, 0)).toBe(0);
    expect(gsiHeight(0, 0x93, 0x80)).toBeCloseTo(377.6, 6);
    expect(gsiHeight(255, 255, 255)).toBeCloseTo(-0.01, 6);
    expect(gsiHeight(128, 0, 0)).toBe(0);
  });

  it("reads the server's 65 × 65 edge grid as it is, and samples a 256-pixel GSI tile (or a quarter of it) at the nearest pixel centres", () => {
    const columns = image(65, 65, (col) => [128, col, 0]);
    const grid = heightGrid(columns, terrariumHeight, 65, { x: 0, y: 0, size: 1 }, true);
    expect([grid[0], grid[1], grid[64], grid[64 * 65 + 64]]).toEqual([0, 1, 64, 64]);
    const gsi = image(256, 256, (col, row) => [0, row, col]);
    const whole = heightGrid(gsi, gsiHeight, 65, { x: 0, y: 0, size: 1 }, false);
    expect(whole[0]).toBe(0);
    expect(whole[64]).toBeCloseTo(2.55, 4);
    // The south-east quarter (a tile one level deeper than the source): from pixel 128 to 255.
    const quarter = heightGrid(gsi, gsiHeight, 65, { x: 0.5, y: 0.5, size: 0.5 }, false);
    expect(quarter[0]).toBeCloseTo((128 * 256 + 128) * 0.01, 3);
    expect(quarter[64 * 65 + 64]).toBeCloseTo((255 * 256 + 255) * 0.01, 3);
  });
});
