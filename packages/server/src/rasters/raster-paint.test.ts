import { describe, expect, it } from 'vitest';
import { paintTile, type TileSamples } from './raster-paint.js';
import type { RasterSource } from './raster-source.js';

const SIZE = 8;
/** A one-band float raster as paintTile reads it: only its band count, sample type, nodata and range matter. */
const dem = { name: 'dem.tif', bands: 1, bitsPerSample: 32, sampleFormat: 3, nodata: -1, ranges: [[0, 100]] } as unknown as RasterSource;

function samples(height: (x: number, y: number) => number): TileSamples {
  const values = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) values[y * SIZE + x] = height(x, y);
  return { size: SIZE, values: [values], metresPerPixel: 10, rowLatitudes: new Float64Array(SIZE) };
}

const centre = (rgba: Uint8Array) => [...rgba.subarray((4 * SIZE + 4) * 4, (4 * SIZE + 4) * 4 + 4)];

describe('paintTile (docs/rasters.md)', () => {
  it('shades a DEM as gdaldem does: flat ground at cos 45°, a slope facing the north-west sun lighter, one facing away darker, no data transparent', () => {
    expect(
      centre(
        paintTile(
          dem,
          { hillshade: true },
          samples(() => 50),
        ),
      ),
    ).toEqual([180, 180, 180, 255]);
    // Rising to the south-east: its face looks north-west, towards the sun.
    const towards = centre(
      paintTile(
        dem,
        { hillshade: true },
        samples((x, y) => (x + y) * 5),
      ),
    )[0]!;
    const away = centre(
      paintTile(
        dem,
        { hillshade: true },
        samples((x, y) => -(x + y) * 5),
      ),
    )[0]!;
    expect(towards).toBeGreaterThan(200);
    expect(away).toBeLessThan(120);
    expect(
      centre(
        paintTile(
          dem,
          { hillshade: true },
          samples(() => -1),
        ),
      ),
    ).toEqual([0, 0, 0, 0]);
  });

  it("spreads a ramp without breaks over the band's values, and greys one band without a ramp", () => {
    const ramp: [number, number, number, number][] = [
      [0, 0, 0, 255],
      [200, 100, 0, 255],
    ];
    expect(
      centre(
        paintTile(
          dem,
          { ramp },
          samples(() => 50),
        ),
      ),
    ).toEqual([100, 50, 0, 255]);
    expect(
      centre(
        paintTile(
          dem,
          { ramp },
          samples(() => 500),
        ),
      ),
    ).toEqual([200, 100, 0, 255]);
    expect(
      centre(
        paintTile(
          dem,
          {},
          samples(() => 25),
        ),
      ),
    ).toEqual([64, 64, 64, 255]);
    expect(
      centre(
        paintTile(
          dem,
          { nodata: 25 },
          samples(() => 25),
        ),
      ),
    ).toEqual([0, 0, 0, 0]);
  });
});
