import { describe, expect, it } from 'vitest';
import { heatImage, rampAt, type Rgba } from './heat-grid.js';

const RAMP: Rgba[] = [
  [0, 0, 255, 0],
  [0, 0, 255, 255],
  [255, 0, 0, 255],
];

describe('heat maps (docs/contract.md §18 heatmap)', () => {
  it('blends the ramp’s stops evenly from low to high', () => {
    expect(rampAt(RAMP, 0)).toEqual([0, 0, 255, 0]);
    expect(rampAt(RAMP, 0.25)).toEqual([0, 0, 255, 128]);
    expect(rampAt(RAMP, 1)).toEqual([255, 0, 0, 255]);
    expect(rampAt(RAMP, 2)).toEqual([255, 0, 0, 255]);
  });

  it('is hottest where the points are densest, and clear where none reaches', () => {
    // 200 points at 10°E 10°N, 10 at 12°E 10°N.
    const points = Float64Array.from([...Array.from({ length: 200 }, () => [10, 10]), ...Array.from({ length: 10 }, () => [12, 10])].flat());
    const image = heatImage(points, 10, RAMP)!;
    expect(image.west).toBeLessThan(10);
    expect(image.east).toBeGreaterThan(12);
    const at = (lng: number, lat: number) => {
      const x = Math.floor(((lng - image.west) / (image.east - image.west)) * image.width);
      const y = Math.floor(((image.north - lat) / (image.north - image.south)) * image.height);
      return [...image.rgba.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];
    };
    expect(at(10, 10)).toEqual([255, 0, 0, 255]);
    const cool = at(12, 10);
    expect(cool[2]! > cool[0]!).toBe(true);
    expect(at(11, 10)[3]).toBe(0);
    expect(heatImage(new Float64Array(0), 10, RAMP)).toBeUndefined();
  });
});
