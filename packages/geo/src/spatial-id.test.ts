import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseSpatialId,
  SPATIAL_ID_MAX_ZOOM,
  SPATIAL_ID_ZOOM0_HEIGHT,
  type SpatialId,
  spatialIdFromLngLatHeight,
  spatialIdToString,
  WEB_MERCATOR_MAX_LATITUDE_DEGREES,
} from './spatial-id.js';

const MAX_LAT = WEB_MERCATOR_MAX_LATITUDE_DEGREES;

/** The slippy-map tile of a point before flooring, as the OpenStreetMap wiki writes it (tan + sec). */
function slippyTile(lng: number, lat: number, zoom: number): [x: number, y: number] {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return [((lng + 180) / 360) * n, ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n];
}

describe('the constants', () => {
  it('are 2^25 m, zoom 35 and atan(sinh π)', () => {
    expect(SPATIAL_ID_ZOOM0_HEIGHT).toBe(2 ** 25);
    expect(SPATIAL_ID_MAX_ZOOM).toBe(35);
    expect(MAX_LAT).toBeCloseTo(85.0511287798066, 12);
  });
});

describe('spatialIdFromLngLatHeight', () => {
  it('puts the whole world above height 0 in one voxel at zoom 0', () => {
    for (const [lng, lat] of [
      [-180, MAX_LAT],
      [0, 0],
      [179.9, -MAX_LAT],
      [139.7, 35.7],
    ] as const) {
      expect(spatialIdFromLngLatHeight(lng, lat, 0, 0)).toEqual({ z: 0, f: 0, x: 0, y: 0 });
      expect(spatialIdFromLngLatHeight(lng, lat, 2 ** 25 - 1, 0)).toEqual({ z: 0, f: 0, x: 0, y: 0 });
      expect(spatialIdFromLngLatHeight(lng, lat, -1, 0)).toEqual({ z: 0, f: -1, x: 0, y: 0 });
    }
  });

  it('finds the slippy-map tile of Tokyo Station at zoom 20', () => {
    const id = spatialIdFromLngLatHeight(139.767125, 35.681236, 0, 20);
    expect(id).toEqual({ z: 20, f: 0, x: 931389, y: 412906 });
    expect(slippyTile(139.767125, 35.681236, 20).map(Math.floor)).toEqual([id.x, id.y]);
  });

  it('agrees with the slippy-map formula for random points and zooms (property)', () => {
    const arb = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true, maxExcluded: true }),
      fc.double({ min: -85, max: 85, noNaN: true }),
      fc.integer({ min: 0, max: 24 }),
    );
    fc.assert(
      fc.property(arb, ([lng, lat, zoom]) => {
        const id = spatialIdFromLngLatHeight(lng, lat, 0, zoom);
        const [x, y] = slippyTile(lng, lat, zoom);
        // The two formulae round differently only for a point within 1e-9 of a tile's edge.
        if (Math.abs(x - Math.round(x)) > 1e-9) expect(id.x).toBe(Math.floor(x));
        if (Math.abs(y - Math.round(y)) > 1e-9) expect(id.y).toBe(Math.floor(y));
      }),
      { numRuns: 3000 },
    );
  });

  it('numbers floors from height 0 upwards and from −1 downwards', () => {
    expect(spatialIdFromLngLatHeight(0, 0, 0, 25).f).toBe(0);
    expect(spatialIdFromLngLatHeight(0, 0, 0.999, 25).f).toBe(0);
    expect(spatialIdFromLngLatHeight(0, 0, 1, 25).f).toBe(1);
    expect(spatialIdFromLngLatHeight(0, 0, -1, 25).f).toBe(-1);
    expect(spatialIdFromLngLatHeight(0, 0, -0.001, 25).f).toBe(-1);
    expect(spatialIdFromLngLatHeight(0, 0, -1, 30).f).toBe(-32);
    expect(spatialIdFromLngLatHeight(0, 0, -Number.MIN_VALUE, 0).f).toBe(-1); // underflows to −0 when scaled
    expect(Object.is(spatialIdFromLngLatHeight(0, 0, -0, 0).f, 0)).toBe(true);
    expect(spatialIdFromLngLatHeight(0, 0, 15.2, 22).f).toBe(1); // 8 m voxels
    expect(spatialIdFromLngLatHeight(0, 0, -(2 ** 25), 3).f).toBe(-8);
    expect(spatialIdFromLngLatHeight(0, 0, 2 ** 25 - 2 ** -10, SPATIAL_ID_MAX_ZOOM).f).toBe(2 ** 35 - 1);
  });

  it('matches the published SDK examples', () => {
    // Values from the test suite of @spatial-id/javascript-sdk.
    expect(spatialIdToString(spatialIdFromLngLatHeight(0, 0, 10, 25))).toBe('/25/10/16777216/16777216');
    expect(spatialIdFromLngLatHeight(139.7437134824338, 35.72044997095608, 15.2, 25)).toEqual({
      z: 25,
      f: 15,
      x: 29802274,
      y: 13208496,
    });
  });

  it('keeps the edges of the map inside the grid', () => {
    expect(spatialIdFromLngLatHeight(-180, MAX_LAT, 0, 10)).toEqual({ z: 10, f: 0, x: 0, y: 0 });
    expect(spatialIdFromLngLatHeight(180, -MAX_LAT, 0, 10)).toEqual({ z: 10, f: 0, x: 0, y: 1023 });
    expect(spatialIdFromLngLatHeight(180 - 1e-13, 0, 0, 35).x).toBe(2 ** 35 - 1);
  });

  it('writes into and returns the result object when given one', () => {
    const result: SpatialId = { z: 9, f: 9, x: 9, y: 9 };
    expect(spatialIdFromLngLatHeight(0, 0, 0, 1, result)).toBe(result);
    expect(result).toEqual({ z: 1, f: 0, x: 1, y: 1 });
  });

  it('throws a RangeError naming a bad zoom, latitude, longitude or height', () => {
    expect(() => spatialIdFromLngLatHeight(0, 0, 0, 36)).toThrow(new RangeError('zoom must be an integer from 0 to 35, got 36'));
    expect(() => spatialIdFromLngLatHeight(0, 0, 0, 2.5)).toThrow(/got 2.5/);
    expect(() => spatialIdFromLngLatHeight(0, 0, 0, -1)).toThrow(RangeError);
    expect(() => spatialIdFromLngLatHeight(0, 85.06, 0, 1)).toThrow(/latDeg must be within ±85.05112877980659 \(Web Mercator\), got 85.06/);
    expect(() => spatialIdFromLngLatHeight(0, -90, 0, 1)).toThrow(RangeError);
    expect(() => spatialIdFromLngLatHeight(180.5, 0, 0, 1)).toThrow(/lngDeg must be from -180 to 180, got 180.5/);
    expect(() => spatialIdFromLngLatHeight(0, 0, 2 ** 25, 1)).toThrow(/heightM .* got 33554432/);
    expect(() => spatialIdFromLngLatHeight(0, Number.NaN, 0, 1)).toThrow(new RangeError('latDeg must be a finite number, got NaN'));
  });

  it('throws a TypeError for an argument that is not a number', () => {
    expect(() => spatialIdFromLngLatHeight(0, 0, 0, '20' as unknown as number)).toThrow(new TypeError('zoom must be a number, got "20"'));
    expect(() => spatialIdFromLngLatHeight(undefined as unknown as number, 0, 0, 1)).toThrow(TypeError);
  });
});

describe('spatialIdToString and parseSpatialId', () => {
  it('write the canonical /z/f/x/y form and read it with or without the leading slash', () => {
    expect(spatialIdToString({ z: 20, f: -3, x: 931389, y: 412906 })).toBe('/20/-3/931389/412906');
    expect(parseSpatialId('/20/-3/931389/412906')).toEqual({ z: 20, f: -3, x: 931389, y: 412906 });
    expect(parseSpatialId('20/-3/931389/412906')).toEqual({ z: 20, f: -3, x: 931389, y: 412906 });
    expect(parseSpatialId('/0/-0/0/0')).toEqual({ z: 0, f: 0, x: 0, y: 0 });
    expect(Object.is(parseSpatialId('/0/-0/0/0').f, 0)).toBe(true);
  });

  it('round-trip every valid Spatial ID (property)', () => {
    const id = fc.integer({ min: 0, max: SPATIAL_ID_MAX_ZOOM }).chain((z) =>
      fc.record({
        z: fc.constant(z),
        f: fc.integer({ min: -(2 ** z), max: 2 ** z - 1 }),
        x: fc.integer({ min: 0, max: 2 ** z - 1 }),
        y: fc.integer({ min: 0, max: 2 ** z - 1 }),
      }),
    );
    fc.assert(
      fc.property(id, (value) => {
        expect(parseSpatialId(spatialIdToString(value))).toEqual(value);
      }),
    );
  });

  it('throw a TypeError for text that is not of the form, quoting it', () => {
    for (const text of ['', 'abc', '/1/0/0', '1/0/0/0/0', '/1/+0/0/0', '/1/0/0/0/', ' /1/0/0/0', '/1.0/0/0/0']) {
      expect(() => parseSpatialId(text)).toThrow(new TypeError(`text must be a Spatial ID "/z/f/x/y", got ${JSON.stringify(text)}`));
    }
    expect(() => parseSpatialId(42 as unknown as string)).toThrow(TypeError);
  });

  it('throw a RangeError for numbers out of range for the zoom level', () => {
    expect(() => parseSpatialId('/1/0/2/0')).toThrow(new RangeError('parseSpatialId("/1/0/2/0").x must be an integer from 0 to 1, got 2'));
    expect(() => parseSpatialId('/36/0/0/0')).toThrow(/\.z must be an integer from 0 to 35, got 36/);
    expect(() => parseSpatialId('/1/2/0/0')).toThrow(/\.f must be an integer from -2 to 1, got 2/);
    expect(() => parseSpatialId('/1/-3/0/0')).toThrow(RangeError);
    expect(() => spatialIdToString({ z: 2, f: 0, x: 0, y: 4 })).toThrow(new RangeError('id.y must be an integer from 0 to 3, got 4'));
    expect(() => spatialIdToString({ z: 2, f: 0, x: 0.5, y: 0 })).toThrow(RangeError);
    expect(() => spatialIdToString(null as unknown as SpatialId)).toThrow(TypeError);
  });
});
