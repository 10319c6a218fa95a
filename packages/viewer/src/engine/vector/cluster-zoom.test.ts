import { describe, expect, it } from 'vitest';
import { heightOfZoom, zoomOfHeight } from './cluster-zoom.js';

describe('the clusters’ zoom of a camera', () => {
  const fovy = Math.PI / 3;
  it('is the zoom whose pixel is the view’s, and heightOfZoom is its inverse', () => {
    // 320 px of a 60° view from 6,000 km: 21.7 km a pixel, between a zoom-2 map's (39 km) and a zoom-3 one's (19.6 km).
    expect(zoomOfHeight(6_000_000, fovy, 320)).toBeCloseTo(2.85, 2);
    for (const zoom of [0, 3.5, 12, 20]) expect(zoomOfHeight(heightOfZoom(zoom, fovy, 480), fovy, 480)).toBeCloseTo(zoom, 9);
  });
  it('grows by one when the camera comes down to half its height', () => {
    expect(zoomOfHeight(50_000, fovy, 320) - zoomOfHeight(100_000, fovy, 320)).toBeCloseTo(1, 9);
  });
});
