import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EastNorthUp, eastNorthUpFrame, offsetByEastNorth, screenOffsetToEastNorth } from './screen-offset.js';
import { cartesianToCartographic, cartographicToCartesian, sphere, type Vec3, WGS84_SEMI_MAJOR_AXIS, WGS84_SEMI_MINOR_AXIS } from './wgs84.js';

const A = WGS84_SEMI_MAJOR_AXIS;
const B = WGS84_SEMI_MINOR_AXIS;
const dot = (p: readonly number[], q: readonly number[]) => p[0]! * q[0]! + p[1]! * q[1]! + p[2]! * q[2]!;
const close = (p: readonly number[], q: readonly number[]) => q.map((v, i) => expect(p[i]).toBeCloseTo(v, 12));

const surfacePoint = fc
  .tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }))
  .map(([lng, lat]) => [lng, lat, cartographicToCartesian(lng, lat, 0)!] as const);

describe('eastNorthUpFrame', () => {
  it('is east = +y, north = +z, up = +x where the equator meets the prime meridian', () => {
    expect(eastNorthUpFrame([A, 0, 0])).toEqual({ east: [0, 1, 0], north: [0, 0, 1], up: [1, 0, 0] });
  });

  it('takes longitude 0 on the polar axis, as CesiumJS does', () => {
    const north = eastNorthUpFrame([0, 0, B])!;
    close(north.east, [0, 1, 0]);
    close(north.north, [-1, 0, 0]);
    close(north.up, [0, 0, 1]);
    const south = eastNorthUpFrame([0, 0, -B])!;
    close(south.east, [0, 1, 0]);
    close(south.north, [1, 0, 0]);
    close(south.up, [0, 0, -1]);
  });

  it('is right-handed and orthonormal, with up the geodetic normal on the surface (property)', () => {
    fc.assert(
      fc.property(surfacePoint, ([, , p]) => {
        const { east, north, up } = eastNorthUpFrame(p)!;
        for (const v of [east, north, up]) expect(Math.hypot(...v)).toBeCloseTo(1, 14);
        expect(dot(east, north)).toBeCloseTo(0, 14);
        expect(dot(east, up)).toBeCloseTo(0, 14);
        expect(dot(north, up)).toBeCloseTo(0, 14);
        // east × north = up
        const cross = [east[1] * north[2] - east[2] * north[1], east[2] * north[0] - east[0] * north[2], east[0] * north[1] - east[1] * north[0]];
        close(cross, up);
        const [lngDeg, latDeg] = cartesianToCartographic(...p)!;
        const lng = (lngDeg * Math.PI) / 180;
        const lat = (latDeg * Math.PI) / 180;
        close(up, [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)]);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes into and returns the result frame when given one', () => {
    const result: EastNorthUp = { east: [9, 9, 9], north: [9, 9, 9], up: [9, 9, 9] };
    expect(eastNorthUpFrame([0, 2, 0], result, sphere(2))).toBe(result);
    expect(result).toEqual({ east: [-1, 0, 0], north: [0, 0, 1], up: [0, 1, 0] });
  });

  it('returns undefined at the centre and for non-finite positions', () => {
    expect(eastNorthUpFrame([0, 0, 0])).toBeUndefined();
    expect(eastNorthUpFrame([Number.NaN, 0, 0])).toBeUndefined();
    expect(eastNorthUpFrame([Number.POSITIVE_INFINITY, 0, 0])).toBeUndefined();
  });

  it('throws a TypeError for a position that is not three numbers', () => {
    expect(() => eastNorthUpFrame([1, 2] as unknown as Vec3)).toThrow(new TypeError('position must be an array of three numbers [x, y, z], got [1, 2]'));
    expect(() => eastNorthUpFrame(['1', 2, 3] as unknown as Vec3)).toThrow(TypeError);
  });
});

describe('offsetByEastNorth', () => {
  it('moves along the local axes', () => {
    expect(offsetByEastNorth([A, 0, 0], 10, -5)).toEqual([A, 10, -5]);
    close(offsetByEastNorth([0, 0, B], 3, 4)!, [-4, 3, B]);
  });

  it('moves by exactly the distance asked, level with the surface (property)', () => {
    const offset = fc.tuple(fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.double({ min: -1e5, max: 1e5, noNaN: true }));
    fc.assert(
      fc.property(surfacePoint, offset, ([, , p], [e, n]) => {
        const q = offsetByEastNorth(p, e, n)!;
        const d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
        expect(Math.hypot(...d)).toBeCloseTo(Math.hypot(e, n), 6);
        expect(dot(d, eastNorthUpFrame(p)!.up)).toBeCloseTo(0, 6);
      }),
      { numRuns: 2000 },
    );
  });

  it('moving north raises the latitude and moving east the longitude', () => {
    const p = cartographicToCartesian(139.7, 35.6, 0)!;
    const [lng, lat] = cartesianToCartographic(...offsetByEastNorth(p, 0, 1000)!)!;
    expect(lat).toBeGreaterThan(35.6);
    expect(lng).toBeCloseTo(139.7, 9);
    const [lng2, lat2] = cartesianToCartographic(...offsetByEastNorth(p, 1000, 0)!)!;
    expect(lng2).toBeGreaterThan(139.7);
    expect(lat2).toBeCloseTo(35.6, 4);
  });

  it('may write the answer over its input', () => {
    const p: Vec3 = [A, 0, 0];
    expect(offsetByEastNorth(p, 1, 2, p)).toBe(p);
    expect(p).toEqual([A, 1, 2]);
  });

  it('returns undefined at the centre and for non-finite input', () => {
    expect(offsetByEastNorth([0, 0, 0], 1, 1)).toBeUndefined();
    expect(offsetByEastNorth([A, 0, 0], Number.NaN, 1)).toBeUndefined();
  });

  it('throws a TypeError naming an argument of the wrong type', () => {
    expect(() => offsetByEastNorth([A, 0, 0], '1' as unknown as number, 0)).toThrow(new TypeError('eastM must be a number, got "1"'));
  });
});

describe('screenOffsetToEastNorth', () => {
  it('maps right to east and down to south when facing north', () => {
    expect(screenOffsetToEastNorth(10, 0, 2, 0)).toEqual([20, 0]);
    expect(screenOffsetToEastNorth(0, 10, 2, 0)).toEqual([0, -20]);
  });

  it('turns with the camera heading', () => {
    close(screenOffsetToEastNorth(0, -10, 2, Math.PI / 2)!, [20, 0]); // facing east, up the screen is east
    close(screenOffsetToEastNorth(10, 0, 2, Math.PI / 2)!, [0, -20]); // and right is south
    close(screenOffsetToEastNorth(10, 0, 1, Math.PI)!, [-10, 0]); // facing south, right is west
  });

  it('keeps the length of the offset, scaled (property)', () => {
    const px = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(px, px, fc.double({ min: 0, max: 1e4, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (dx, dy, m, heading) => {
        const [e, n] = screenOffsetToEastNorth(dx, dy, m, heading)!;
        expect(Math.hypot(e, n)).toBeCloseTo(m * Math.hypot(dx, dy), 4);
      }),
    );
  });

  it('writes into the result, returns undefined for non-finite input and throws for a negative scale', () => {
    const result: [number, number] = [9, 9];
    expect(screenOffsetToEastNorth(1, 0, 1, 0, result)).toBe(result);
    expect(screenOffsetToEastNorth(Number.NaN, 0, 1, 0)).toBeUndefined();
    expect(() => screenOffsetToEastNorth(1, 0, -1, 0)).toThrow(new RangeError('metresPerPixel must not be negative, got -1'));
    expect(() => screenOffsetToEastNorth(1, 0, 1, null as unknown as number)).toThrow(TypeError);
  });
});
