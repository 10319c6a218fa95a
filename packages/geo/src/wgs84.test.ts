import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartesianToCartographic,
  cartographicToCartesian,
  type Ellipsoid,
  sphere,
  type Vec3,
  WGS84,
  WGS84_ECCENTRICITY_SQUARED,
  WGS84_SEMI_MAJOR_AXIS,
  WGS84_SEMI_MINOR_AXIS,
} from './wgs84.js';

const A = WGS84_SEMI_MAJOR_AXIS;
const B = WGS84_SEMI_MINOR_AXIS;

/** Reference positions: [lng, lat, height] and ECEF computed with 50-digit arithmetic (mpmath). */
const REFERENCES: [name: string, lngLatHeight: Vec3, ecef: Vec3][] = [
  ['the origin of lng/lat', [0, 0, 0], [6378137, 0, 0]],
  ['Tokyo Tower', [139.7454, 35.6586, 0], [-3959512.8256752351, 3352520.7834948435, 3697479.6970841146]],
  ['the summit of Mt Fuji', [138.7274, 35.3606, 3776], [-3916073.2593126264, 3437037.6839218639, 3672751.0262834744]],
  ['Greenwich', [-0.0014, 51.4778, 45], [3980609.2372733253, -97.264632415364891, 4966859.7285042927]],
  ['the antimeridian, south', [180, -45, 1000], [-4518297.9856301176, 0, -4488055.5156471064]],
];

/** Metres between two ECEF points. */
const distance = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);

describe('WGS84 constants', () => {
  it('derive the semi-minor axis and eccentricity from a and 1/f', () => {
    expect(B).toBeCloseTo(6356752.314245179, 8);
    expect(WGS84_ECCENTRICITY_SQUARED).toBeCloseTo(0.00669437999014132, 16);
    expect(WGS84.radii).toEqual({ x: A, y: A, z: B });
    expect(Object.isFrozen(WGS84) && Object.isFrozen(WGS84.radii)).toBe(true);
  });
});

describe('cartographicToCartesian', () => {
  it.each(REFERENCES)('matches the reference ECEF of %s to the micrometre', (_, [lng, lat, h], ecef) => {
    expect(distance(cartographicToCartesian(lng, lat, h)!, ecef)).toBeLessThan(1e-6);
  });

  it('puts the poles on the polar axis at the semi-minor axis', () => {
    for (const lng of [-180, 0, 45, 180]) {
      expect(distance(cartographicToCartesian(lng, 90, 0)!, [0, 0, B])).toBeLessThan(1e-6);
      expect(distance(cartographicToCartesian(lng, -90, 10)!, [0, 0, -B - 10])).toBeLessThan(1e-6);
    }
  });

  it('writes into and returns the result array when given one', () => {
    const result: Vec3 = [1, 2, 3];
    expect(cartographicToCartesian(0, 0, 0, result)).toBe(result);
    expect(result[0]).toBe(A);
  });

  it('returns undefined where there is no such position', () => {
    expect(cartographicToCartesian(Number.NaN, 0, 0)).toBeUndefined();
    expect(cartographicToCartesian(0, Number.POSITIVE_INFINITY, 0)).toBeUndefined();
    expect(cartographicToCartesian(0, 0, Number.NEGATIVE_INFINITY)).toBeUndefined();
    expect(cartographicToCartesian(0, 90.000001, 0)).toBeUndefined();
  });

  it('throws for arguments of the wrong type, naming them', () => {
    expect(() => cartographicToCartesian('1' as unknown as number, 0, 0)).toThrow(new TypeError('lngDeg must be a number, got "1"'));
    expect(() => cartographicToCartesian(0, 0, 0, {} as Vec3)).toThrow(TypeError);
    expect(() => cartographicToCartesian(0, 0, 0, undefined, {} as Ellipsoid)).toThrow(TypeError);
  });

  it('throws a RangeError for an ellipsoid it cannot use', () => {
    const triaxial = { radii: { x: 2, y: 1, z: 1 } };
    expect(() => cartographicToCartesian(0, 0, 0, undefined, triaxial)).toThrow(/x = y ≥ z, got \{"x":2,"y":1,"z":1\}/);
    expect(() => cartographicToCartesian(0, 0, 0, undefined, { radii: { x: 1, y: 1, z: 2 } })).toThrow(RangeError);
    expect(() => sphere(0)).toThrow(new RangeError('radius must be a finite number above 0, got 0'));
  });

  it('accepts an object with a radii getter, as a CesiumJS Ellipsoid is', () => {
    class CesiumLike {
      get radii() {
        return { x: A, y: A, z: B };
      }
    }
    expect(cartographicToCartesian(10, 20, 30, undefined, new CesiumLike())).toEqual(cartographicToCartesian(10, 20, 30));
  });
});

describe('cartesianToCartographic', () => {
  it.each(REFERENCES)('reads %s back from its reference ECEF', (_, [lng, lat, h], [x, y, z]) => {
    const [lng2, lat2, h2] = cartesianToCartographic(x, y, z)!;
    expect(lng2).toBeCloseTo(lng, 11);
    expect(lat2).toBeCloseTo(lat, 11);
    expect(h2).toBeCloseTo(h, 6);
  });

  it('reads the poles and the antimeridian', () => {
    expect(cartesianToCartographic(0, 0, B + 100)).toEqual([0, 90, expect.closeTo(100, 6)]);
    expect(cartesianToCartographic(0, 0, -B)).toEqual([0, -90, expect.closeTo(0, 6)]);
    expect(cartesianToCartographic(-A, 0, 0)).toEqual([180, 0, expect.closeTo(0, 6)]);
    expect(cartesianToCartographic(-A, -1e-9, 0)![0]).toBeCloseTo(-180, 12);
  });

  it('round-trips at the poles, the antimeridian and heights from −10 km to 40,000 km', () => {
    for (const lng of [-180, -179.999999, 0, 179.999999, 180]) {
      for (const lat of [-90, -89.999999, -45, 0, 45, 89.999999, 90]) {
        for (const h of [-10_000, 0, 8848, 400_000, 35_786_000, 40_000_000]) {
          const p = cartographicToCartesian(lng, lat, h)!;
          const back = cartesianToCartographic(p[0], p[1], p[2])!;
          expect(back[2]).toBeCloseTo(h, 6);
          expect(back[1]).toBeCloseTo(lat, 11);
          expect(distance(cartographicToCartesian(back[0], back[1], back[2])!, p)).toBeLessThan(1e-6);
        }
      }
    }
  });

  it('round-trips random positions to the micrometre (property)', () => {
    const lngLatHeight = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -10_000, max: 40_000_000, noNaN: true }),
    );
    fc.assert(
      fc.property(lngLatHeight, ([lng, lat, h]) => {
        const p = cartographicToCartesian(lng, lat, h)!;
        const [lng2, lat2, h2] = cartesianToCartographic(p[0], p[1], p[2])!;
        const radius = Math.hypot(...p);
        expect(Math.abs(h2 - h)).toBeLessThan(1e-6);
        expect(Math.abs(lat2 - lat) * (Math.PI / 180) * radius).toBeLessThan(1e-6);
        const lngError = Math.abs(((lng2 - lng + 540) % 360) - 180) * (Math.PI / 180);
        expect(lngError * Math.hypot(p[0], p[1])).toBeLessThan(1e-6);
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a foot point whose normal passes exactly through any point outside the evolute (property)', () => {
    const point = fc.tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 50_000, max: 50_000_000, noNaN: true }),
    );
    fc.assert(
      fc.property(point, ([dx, dy, dz, radius]) => {
        const length = Math.hypot(dx, dy, dz);
        fc.pre(length > 1e-3);
        const p: Vec3 = [(dx / length) * radius, (dy / length) * radius, (dz / length) * radius];
        const g = cartesianToCartographic(...p)!;
        expect(distance(cartographicToCartesian(...g)!, p)).toBeLessThan(1e-6);
      }),
      { numRuns: 5000 },
    );
  });

  it('writes into and returns the result array when given one', () => {
    const result: [number, number, number] = [9, 9, 9];
    expect(cartesianToCartographic(A, 0, 0, result)).toBe(result);
    expect(result).toEqual([0, 0, 0]);
  });

  it('returns undefined at the centre of the earth and for non-finite input', () => {
    expect(cartesianToCartographic(0, 0, 0)).toBeUndefined();
    expect(cartesianToCartographic(1000, 0, 1000)).toBeUndefined(); // inside the ~43 km evolute
    expect(cartesianToCartographic(Number.NaN, 0, 0)).toBeUndefined();
    expect(cartesianToCartographic(A, Number.POSITIVE_INFINITY, 0)).toBeUndefined();
  });

  it('throws for arguments of the wrong type, naming them', () => {
    expect(() => cartesianToCartographic(0, null as unknown as number, 0)).toThrow(new TypeError('y must be a number, got null'));
  });
});

describe('a sphere', () => {
  it('converts with the geocentric latitude, and only its centre has no answer', () => {
    const unit = sphere(1);
    expect(cartographicToCartesian(90, 0, 0, undefined, unit)![1]).toBe(1);
    const p = cartographicToCartesian(30, 60, 1, undefined, unit)!;
    expect(distance(p, [Math.sqrt(3) / 2, 1 / 2, Math.sqrt(3)])).toBeLessThan(1e-12);
    const back = cartesianToCartographic(...p, undefined, unit)!;
    expect(back[0]).toBeCloseTo(30, 12);
    expect(back[1]).toBeCloseTo(60, 12);
    expect(back[2]).toBeCloseTo(1, 12);
    expect(cartesianToCartographic(1e-9, 0, 0, undefined, unit)).toEqual([0, 0, -1 + 1e-9]);
    expect(cartesianToCartographic(0, 0, 0, undefined, unit)).toBeUndefined();
  });
});
