import { requireNumber, requireResult, show } from './validate.js';

/** A point or vector in Earth-centred, Earth-fixed (ECEF) Cartesian metres: `[x, y, z]`. */
export type Vec3 = [x: number, y: number, z: number];

/** A geodetic position: longitude and latitude in degrees, height above the ellipsoid in metres. */
export type LngLatHeight = [lngDeg: number, latDeg: number, heightM: number];

/**
 * An ellipsoid of revolution given by its radii in metres; `x` and `y` (equatorial) must be equal
 * and `z` (polar) no larger. A CesiumJS `Ellipsoid` has this shape, so `scene.globe.ellipsoid`
 * can be passed as it is.
 *
 * @example
 * const moon: Ellipsoid = { radii: { x: 1737400, y: 1737400, z: 1737400 } };
 */
export interface Ellipsoid {
  readonly radii: { readonly x: number; readonly y: number; readonly z: number };
}

/**
 * WGS84 semi-major (equatorial) axis in metres.
 *
 * @example
 * WGS84_SEMI_MAJOR_AXIS; // 6378137
 */
export const WGS84_SEMI_MAJOR_AXIS = 6378137;

/**
 * WGS84 inverse flattening, the defining constant 1/f.
 *
 * @example
 * 1 / WGS84_INVERSE_FLATTENING; // 0.0033528106647474805, the flattening
 */
export const WGS84_INVERSE_FLATTENING = 298.257223563;

/**
 * WGS84 semi-minor (polar) axis in metres, a·(1 − f).
 *
 * @example
 * WGS84_SEMI_MINOR_AXIS; // 6356752.314245179
 */
export const WGS84_SEMI_MINOR_AXIS = WGS84_SEMI_MAJOR_AXIS * (1 - 1 / WGS84_INVERSE_FLATTENING);

/**
 * WGS84 first eccentricity squared, e² = f·(2 − f).
 *
 * @example
 * WGS84_ECCENTRICITY_SQUARED; // 0.0066943799901413165
 */
export const WGS84_ECCENTRICITY_SQUARED = (2 - 1 / WGS84_INVERSE_FLATTENING) / WGS84_INVERSE_FLATTENING;

/**
 * The WGS84 ellipsoid, the default of every conversion in this package.
 *
 * @example
 * cartographicToCartesian(0, 90, 0, undefined, WGS84); // [~0, 0, 6356752.314245179]
 */
export const WGS84: Ellipsoid = Object.freeze({
  radii: Object.freeze({ x: WGS84_SEMI_MAJOR_AXIS, y: WGS84_SEMI_MAJOR_AXIS, z: WGS84_SEMI_MINOR_AXIS }),
});

/**
 * A sphere of the given radius in metres, as an {@link Ellipsoid}.
 *
 * @throws TypeError when `radius` is not a number; RangeError when it is not finite and positive.
 * @example
 * cartographicToCartesian(90, 0, 0, undefined, sphere(1)); // [~0, 1, 0]
 */
export function sphere(radius: number): Ellipsoid {
  requireNumber('radius', radius);
  if (!(radius > 0 && Number.isFinite(radius))) {
    throw new RangeError(`radius must be a finite number above 0, got ${show(radius)}`);
  }
  return Object.freeze({ radii: Object.freeze({ x: radius, y: radius, z: radius }) });
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Throws unless `ellipsoid` is usable by this package (internal: not part of the public API). */
export function checkEllipsoid(ellipsoid: Ellipsoid): void {
  const radii = (ellipsoid as Partial<Ellipsoid> | null)?.radii;
  if (typeof radii !== 'object' || radii === null || ![radii.x, radii.y, radii.z].every((r) => typeof r === 'number')) {
    throw new TypeError(`ellipsoid must be { radii: { x, y, z } } in metres, got ${show(ellipsoid)}`);
  }
  const { x, y, z } = radii;
  // Only ellipsoids of revolution with z ≤ x: every planetary ellipsoid a globe uses, and the
  // case for which geodetic latitude has the closed-form normal used below.
  if (!(x > 0 && z > 0 && Number.isFinite(x) && x === y && z <= x)) {
    throw new RangeError(`ellipsoid radii must be finite and positive with x = y ≥ z, got ${show(radii)}`);
  }
}

/**
 * Converts a geodetic position to ECEF Cartesian metres.
 *
 * @param lngDeg - longitude in degrees (any finite value; it is periodic)
 * @param latDeg - latitude in degrees, −90 to 90
 * @param heightM - height above the ellipsoid in metres
 * @param result - an array to write into and return, to avoid allocating
 * @param ellipsoid - the ellipsoid; {@link WGS84} when omitted
 * @returns `[x, y, z]`, or `undefined` when an input is NaN or infinite or the latitude lies
 * outside −90…90 (there is no such position).
 * @throws TypeError when an argument has the wrong type; RangeError for an unusable ellipsoid.
 * @example
 * cartographicToCartesian(0, 0, 0); // [6378137, 0, 0]
 * cartographicToCartesian(139.7454, 35.6586, 0); // Tokyo Tower: [-3959512.826, 3352520.783, 3697479.697]
 */
export function cartographicToCartesian(lngDeg: number, latDeg: number, heightM: number, result?: Vec3, ellipsoid: Ellipsoid = WGS84): Vec3 | undefined {
  requireNumber('lngDeg', lngDeg);
  requireNumber('latDeg', latDeg);
  requireNumber('heightM', heightM);
  requireResult(result);
  checkEllipsoid(ellipsoid);
  if (!Number.isFinite(lngDeg) || !Number.isFinite(heightM) || !(Math.abs(latDeg) <= 90)) return undefined;
  const a = ellipsoid.radii.x;
  const b = ellipsoid.radii.z;
  const lat = latDeg * RADIANS_PER_DEGREE;
  const lng = lngDeg * RADIANS_PER_DEGREE;
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  // N·(1 − e²) sin φ is written (b²/a²)·N to stay exact for a sphere.
  const n = (a * a) / Math.sqrt(a * a * cosLat * cosLat + b * b * sinLat * sinLat);
  const out = result ?? [0, 0, 0];
  out[0] = (n + heightM) * cosLat * Math.cos(lng);
  out[1] = (n + heightM) * cosLat * Math.sin(lng);
  out[2] = (((b * b) / (a * a)) * n + heightM) * sinLat;
  return out;
}

/**
 * Converts ECEF Cartesian metres to a geodetic position, by Bowring's method iterated to
 * convergence (sub-micrometre from the deep interior out past geostationary orbit).
 *
 * @param result - an array to write into and return, to avoid allocating
 * @param ellipsoid - the ellipsoid; {@link WGS84} when omitted
 * @returns `[lngDeg, latDeg, heightM]` with longitude in −180…180, or `undefined` when an input is
 * NaN or infinite, or the point is at the centre: for an ellipsoid, inside its evolute (the
 * ~43 km region round the centre of the WGS84 earth where geodetic latitude is not unique).
 * @throws TypeError when an argument has the wrong type; RangeError for an unusable ellipsoid.
 * @example
 * cartesianToCartographic(6378137, 0, 0); // [0, 0, 0]
 * cartesianToCartographic(0, 0, 0); // undefined
 */
export function cartesianToCartographic(x: number, y: number, z: number, result?: LngLatHeight, ellipsoid: Ellipsoid = WGS84): LngLatHeight | undefined {
  requireNumber('x', x);
  requireNumber('y', y);
  requireNumber('z', z);
  requireResult(result);
  checkEllipsoid(ellipsoid);
  if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return undefined;
  const a = ellipsoid.radii.x;
  const b = ellipsoid.radii.z;
  const r = Math.hypot(x, y);
  const zAbs = Math.abs(z);
  const c2 = a * a - b * b; // a²e² = b²e'²
  if (r === 0 && zAbs === 0) return undefined;
  // Inside the evolute (an astroid) more than one normal of the ellipsoid passes through the
  // point, so the iteration below has no single answer to converge to.
  if (c2 > 0 && Math.cbrt(((r * a) / c2) ** 2) + Math.cbrt(((zAbs * b) / c2) ** 2) < 1) return undefined;

  const e2 = c2 / (a * a);
  const ep2 = c2 / (b * b);
  let beta = Math.atan2(a * zAbs, b * r); // parametric latitude; exact for a sphere
  let phi = 0;
  for (let i = 0; i < 16; i++) {
    const sinB = Math.sin(beta);
    const cosB = Math.cos(beta);
    phi = Math.atan2(zAbs + ep2 * b * sinB * sinB * sinB, r - e2 * a * cosB * cosB * cosB);
    const next = Math.atan2(b * Math.sin(phi), a * Math.cos(phi));
    if (Math.abs(next - beta) <= 1e-15) break;
    beta = next;
  }
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.cos(phi);
  // h = r cos φ + z sin φ − a²/N: well conditioned at every latitude, the poles included.
  const height = r * cosPhi + zAbs * sinPhi - a * Math.sqrt(1 - e2 * sinPhi * sinPhi);
  const out = result ?? [0, 0, 0];
  out[0] = r === 0 ? 0 : Math.atan2(y, x) / RADIANS_PER_DEGREE;
  out[1] = (z < 0 ? -phi : phi) / RADIANS_PER_DEGREE;
  out[2] = height;
  return out;
}
