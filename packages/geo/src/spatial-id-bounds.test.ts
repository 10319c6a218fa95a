import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpatialId, SPATIAL_ID_MAX_ZOOM, type SpatialId, spatialIdFromLngLatHeight, WEB_MERCATOR_MAX_LATITUDE_DEGREES } from './spatial-id.js';
import { spatialIdBounds, spatialIdCenter, type SpatialIdBounds } from './spatial-id-bounds.js';

const MAX_LAT = WEB_MERCATOR_MAX_LATITUDE_DEGREES;

const point = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -MAX_LAT, max: MAX_LAT, noNaN: true }),
  fc.double({ min: -(2 ** 25), max: 2 ** 25, noNaN: true, maxExcluded: true }),
  fc.integer({ min: 0, max: SPATIAL_ID_MAX_ZOOM }),
);

/** A valid Spatial ID at a random zoom from 1 up. */
const spatialId = fc.integer({ min: 1, max: SPATIAL_ID_MAX_ZOOM }).chain((z) =>
  fc.record({
    z: fc.constant(z),
    f: fc.integer({ min: -(2 ** z), max: 2 ** z - 1 }),
    x: fc.integer({ min: 0, max: 2 ** z - 1 }),
    y: fc.integer({ min: 0, max: 2 ** z - 1 }),
  }),
);

describe('spatialIdBounds', () => {
  it('covers the whole Web Mercator world and 2^25 m at zoom 0', () => {
    expect(spatialIdBounds({ z: 0, f: 0, x: 0, y: 0 })).toEqual({
      west: -180,
      south: -MAX_LAT,
      east: 180,
      north: MAX_LAT,
      bottom: 0,
      top: 33_554_432,
    });
    expect(spatialIdBounds({ z: 0, f: -1, x: 0, y: 0 })).toMatchObject({ bottom: -33_554_432, top: 0 });
  });

  it('makes voxels 1 m tall at zoom 25 and 2^(25−z) m tall in general', () => {
    const b = spatialIdBounds({ z: 25, f: -1, x: 0, y: 0 });
    expect([b.bottom, b.top]).toEqual([-1, 0]);
    for (let z = 0; z <= SPATIAL_ID_MAX_ZOOM; z++) {
      const { bottom, top } = spatialIdBounds({ z, f: -1, x: 0, y: 0 });
      expect(top - bottom).toBe(2 ** (25 - z));
    }
  });

  it('matches the published SDK examples', () => {
    // Values from the test suite of @spatial-id/javascript-sdk (its GeoJSON and 3D vertices).
    const tokyo = spatialIdBounds(parseSpatialId('25/0/29803304/13212456'));
    expect(tokyo.west).toBeCloseTo(139.75476264953613, 12);
    expect(tokyo.east).toBeCloseTo(139.7547733783722, 12);
    expect(tokyo.north).toBeCloseTo(35.68595383239409, 12);
    expect(tokyo.south).toBeCloseTo(35.68594511814803, 12);
    const voxel = spatialIdBounds(parseSpatialId('/22/6/3725284/1651062'));
    expect(voxel).toEqual({
      west: expect.closeTo(139.74369049072266, 12),
      south: expect.closeTo(35.7203850965781, 12),
      east: expect.closeTo(139.74377632141113, 12),
      north: expect.closeTo(35.720454780411565, 12),
      bottom: 48,
      top: 56,
    });
  });

  it('holds the point that a Spatial ID was made from (property)', () => {
    fc.assert(
      fc.property(point, ([lng, lat, h, zoom]) => {
        const b = spatialIdBounds(spatialIdFromLngLatHeight(lng, lat, h, zoom));
        // Longitude 180 is the antimeridian, the west edge of column 0.
        const lngIn = lng === 180 ? -180 : lng;
        const slack = 1e-11; // degrees of rounding in the inverse Mercator formula
        expect(lngIn).toBeGreaterThanOrEqual(b.west - slack);
        expect(lngIn).toBeLessThanOrEqual(b.east + slack);
        expect(lat).toBeGreaterThanOrEqual(b.south - slack);
        expect(lat).toBeLessThanOrEqual(b.north + slack);
        expect(h).toBeGreaterThanOrEqual(b.bottom);
        expect(h).toBeLessThan(b.top);
      }),
      { numRuns: 5000 },
    );
  });

  it('makes neighbouring voxels share their faces exactly (property)', () => {
    fc.assert(
      fc.property(spatialId, (id) => {
        const n = 2 ** id.z;
        const b = spatialIdBounds(id);
        if (id.x + 1 < n) expect(spatialIdBounds({ ...id, x: id.x + 1 }).west).toBe(b.east);
        if (id.y + 1 < n) expect(spatialIdBounds({ ...id, y: id.y + 1 }).north).toBe(b.south);
        if (id.f + 1 < n) expect(spatialIdBounds({ ...id, f: id.f + 1 }).bottom).toBe(b.top);
        expect(b.west).toBeLessThan(b.east);
        expect(b.south).toBeLessThan(b.north);
      }),
      { numRuns: 3000 },
    );
  });

  it('puts each voxel inside its parent (property)', () => {
    fc.assert(
      fc.property(spatialId, ({ z, f, x, y }) => {
        const child = spatialIdBounds({ z, f, x, y });
        const parent = spatialIdBounds({ z: z - 1, f: Math.floor(f / 2), x: Math.floor(x / 2), y: Math.floor(y / 2) });
        expect(child.west).toBeGreaterThanOrEqual(parent.west);
        expect(child.east).toBeLessThanOrEqual(parent.east);
        expect(child.south).toBeGreaterThanOrEqual(parent.south);
        expect(child.north).toBeLessThanOrEqual(parent.north);
        expect(child.bottom).toBeGreaterThanOrEqual(parent.bottom);
        expect(child.top).toBeLessThanOrEqual(parent.top);
      }),
    );
  });

  it('writes into and returns the result object when given one', () => {
    const result: SpatialIdBounds = { west: 0, south: 0, east: 0, north: 0, bottom: 0, top: 0 };
    expect(spatialIdBounds({ z: 1, f: 0, x: 1, y: 1 }, result)).toBe(result);
    expect(result).toMatchObject({ west: 0, east: 180, north: 0, bottom: 0, top: 2 ** 24 });
  });

  it('throws for an invalid Spatial ID, naming the bad field', () => {
    expect(() => spatialIdBounds({ z: 3, f: 8, x: 0, y: 0 })).toThrow(new RangeError('id.f must be an integer from -8 to 7, got 8'));
    expect(() => spatialIdBounds({ z: 3, f: 0, x: 0 } as SpatialId)).toThrow(new TypeError('id.y must be a number, got undefined'));
  });
});

describe('spatialIdCenter', () => {
  it('is the middle of the Mercator tile at mid-height', () => {
    // Value from the test suite of @spatial-id/javascript-sdk.
    const [lng, lat, h] = spatialIdCenter({ z: 1, f: 0, x: 0, y: 0 });
    expect(lng).toBe(-90);
    expect(lat).toBeCloseTo(66.51326044311186, 12);
    expect(h).toBe(8_388_608);
    expect(spatialIdCenter({ z: 25, f: -1, x: 2 ** 24, y: 2 ** 24 - 1 })[2]).toBe(-0.5);
  });

  it('lies inside its voxel, and gives back the same Spatial ID (property)', () => {
    fc.assert(
      fc.property(spatialId, (id) => {
        const [lng, lat, h] = spatialIdCenter(id);
        expect(spatialIdFromLngLatHeight(lng, lat, h, id.z)).toEqual(id);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes into and returns the result array when given one', () => {
    const result: [number, number, number] = [1, 2, 3];
    expect(spatialIdCenter({ z: 0, f: 0, x: 0, y: 0 }, result)).toBe(result);
    expect(result).toEqual([0, 0, 2 ** 24]);
  });
});
