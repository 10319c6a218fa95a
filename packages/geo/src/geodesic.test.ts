import { describe, expect, it } from 'vitest';
import { geodesicArea, geodesicLength } from './geodesic.js';

const TOKYO = { lng: 139.767125, lat: 35.681236 };
const OSAKA = { lng: 135.495951, lat: 34.702485 };

describe('geodesic measures on WGS84', () => {
  it('gives Tokyo Station to Osaka Station as 403.8 km, and a line as the sum of its legs', () => {
    // GeographicLib's own GeodSolve gives 403826.686 m for these two places.
    expect(geodesicLength([TOKYO, OSAKA])).toBeCloseTo(403_826.686, 2);
    const NAGOYA = { lng: 136.881537, lat: 35.170915 };
    expect(geodesicLength([TOKYO, NAGOYA, OSAKA])).toBeCloseTo(geodesicLength([TOKYO, NAGOYA]) + geodesicLength([NAGOYA, OSAKA]), 6);
    expect(geodesicLength([TOKYO])).toBe(0);
  });

  it('gives a degree of the equator as 111,319.49 m and a degree of a meridian at the equator as 110,574.39 m (the ellipsoid, not a sphere)', () => {
    expect(
      geodesicLength([
        { lng: 0, lat: 0 },
        { lng: 1, lat: 0 },
      ]),
    ).toBeCloseTo(111_319.491, 2);
    expect(
      geodesicLength([
        { lng: 0, lat: 0 },
        { lng: 0, lat: 1 },
      ]),
    ).toBeCloseTo(110_574.389, 2);
  });

  it('gives a 1°×1° cell at the equator as 12,308.78 km², whichever way its ring runs and open or closed', () => {
    const ring = [
      { lng: 0, lat: 0 },
      { lng: 1, lat: 0 },
      { lng: 1, lat: 1 },
      { lng: 0, lat: 1 },
    ];
    const { area, perimeter } = geodesicArea(ring);
    expect(area / 1e6).toBeCloseTo(12_308.778, 2);
    expect(perimeter).toBeCloseTo(443_770.917, 2);
    expect(geodesicArea([...ring].reverse()).area).toBeCloseTo(area, 3);
    expect(geodesicArea([...ring, ring[0]!]).area).toBeCloseTo(area, 3);
  });

  it('measures a ring across the antimeridian as the same ring across Greenwich', () => {
    const cell = (lng: number, lat: number) =>
      geodesicArea([
        { lng, lat },
        { lng: lng + 1, lat },
        { lng: lng + 1, lat: lat + 1 },
        { lng, lat: lat + 1 },
      ]).area;
    expect(
      geodesicArea([
        { lng: 179.5, lat: 0 },
        { lng: -179.5, lat: 0 },
        { lng: -179.5, lat: 1 },
        { lng: 179.5, lat: 1 },
      ]).area,
    ).toBeCloseTo(cell(0, 0), 3);
  });

  it('encloses nothing with fewer than three points, and refuses a place off the globe with its value in the message', () => {
    expect(geodesicArea([TOKYO, OSAKA]).area).toBe(0);
    expect(() => geodesicLength([TOKYO, { lng: 0, lat: 91 }])).toThrow(/"lat":91/);
    expect(() => geodesicArea([TOKYO, OSAKA, { lng: Number.NaN, lat: 0 }])).toThrow(RangeError);
  });
});
