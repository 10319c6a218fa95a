import { describe, expect, it } from 'vitest';
import { spatialIdZoomFor } from './spatial-id-zoom.js';

describe('spatialIdZoomFor', () => {
  it('grows as the camera comes down, within 0…25', () => {
    expect(spatialIdZoomFor(6_000_000)).toBe(5);
    expect(spatialIdZoomFor(1_000)).toBe(18);
    expect(spatialIdZoomFor(1e12)).toBe(0);
    expect(spatialIdZoomFor(0.1)).toBe(25);
  });
});
