import { requireNumber, requireResult, requireTriple, show } from './validate.js';
import { checkEllipsoid, type Ellipsoid, type Vec3, WGS84 } from './wgs84.js';

/** The unit vectors of a local east/north/up frame, in ECEF. */
export interface EastNorthUp {
  east: Vec3;
  north: Vec3;
  up: Vec3;
}

/**
 * The local east/north/up frame at an ECEF position: `up` is the ellipsoid's surface normal,
 * computed as CesiumJS's `Transforms.eastNorthUpToFixedFrame` does, so the engine and this helper
 * agree. On the polar axis, where east is undefined, it takes the frame of longitude 0, as CesiumJS
 * does.
 *
 * @param position - `[x, y, z]` ECEF metres
 * @param result - a frame to write into and return, to avoid allocating
 * @param ellipsoid - the ellipsoid; {@link WGS84} when omitted
 * @returns the frame, or `undefined` at the centre of the ellipsoid or for a non-finite position.
 * @throws TypeError when `position` is not three numbers; RangeError for an unusable ellipsoid.
 * @example
 * eastNorthUpFrame([6378137, 0, 0]); // { east: [0, 1, 0], north: [0, 0, 1], up: [1, 0, 0] }
 */
export function eastNorthUpFrame(position: readonly [number, number, number], result?: EastNorthUp, ellipsoid: Ellipsoid = WGS84): EastNorthUp | undefined {
  requireTriple('position', position);
  if (result !== undefined && (typeof result !== 'object' || result === null)) {
    throw new TypeError(`result must be { east, north, up } or undefined, got ${show(result)}`);
  }
  checkEllipsoid(ellipsoid);
  const [x, y, z] = position;
  const { x: rx, y: ry, z: rz } = ellipsoid.radii;
  let ux = x / (rx * rx);
  let uy = y / (ry * ry);
  let uz = z / (rz * rz);
  const length = Math.hypot(ux, uy, uz);
  if (!(length > 0 && Number.isFinite(length))) return undefined;
  ux /= length;
  uy /= length;
  uz /= length;
  const horizontal = Math.hypot(x, y);
  // East is ẑ × up, which vanishes on the axis; there use longitude 0's east, (0, 1, 0).
  const ex = horizontal === 0 ? 0 : -y / horizontal + 0;
  const ey = horizontal === 0 ? 1 : x / horizontal;
  const out = result ?? { east: [0, 0, 0], north: [0, 0, 0], up: [0, 0, 0] };
  out.east[0] = ex;
  out.east[1] = ey;
  out.east[2] = 0;
  // north = up × east; + 0 turns a −0 into 0.
  out.north[0] = -uz * ey + 0;
  out.north[1] = uz * ex + 0;
  out.north[2] = ux * ey - uy * ex + 0;
  out.up[0] = ux;
  out.up[1] = uy;
  out.up[2] = uz;
  return out;
}

const scratchFrame: EastNorthUp = { east: [0, 0, 0], north: [0, 0, 0], up: [0, 0, 0] };

/**
 * Moves an ECEF position by metres east and north in its local frame (see
 * {@link eastNorthUpFrame}): the pure half of the viewer's `tools.transformByOffsetOnScreen`, once
 * the engine has turned the pixel offset into metres (see {@link screenOffsetToEastNorth}).
 *
 * @param position - `[x, y, z]` ECEF metres
 * @param eastM - metres towards local east (negative: west)
 * @param northM - metres towards local north (negative: south)
 * @param result - an array to write into and return, to avoid allocating (may be `position`)
 * @param ellipsoid - the ellipsoid; {@link WGS84} when omitted
 * @returns the moved position, or `undefined` at the centre or for non-finite input.
 * @throws TypeError when an argument has the wrong type.
 * @example
 * offsetByEastNorth([6378137, 0, 0], 10, -5); // [6378137, 10, -5]
 */
export function offsetByEastNorth(
  position: readonly [number, number, number],
  eastM: number,
  northM: number,
  result?: Vec3,
  ellipsoid: Ellipsoid = WGS84,
): Vec3 | undefined {
  requireTriple('position', position);
  requireNumber('eastM', eastM);
  requireNumber('northM', northM);
  requireResult(result);
  if (!Number.isFinite(eastM) || !Number.isFinite(northM)) return undefined;
  const frame = eastNorthUpFrame(position, scratchFrame, ellipsoid);
  if (frame === undefined) return undefined;
  const out = result ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    out[i] = position[i]! + eastM * frame.east[i]! + northM * frame.north[i]!;
  }
  return out;
}

/**
 * Turns a screen offset in pixels into metres east and north on the ground, for a camera whose
 * heading (clockwise from north) is `headingRad` and at a scale of `metresPerPixel`. Screen x
 * grows to the right and y downwards, as in the DOM and the seed's `screenOffset`.
 *
 * @param result - an array to write `[eastM, northM]` into and return, to avoid allocating
 * @returns `[eastM, northM]`, or `undefined` when an input is NaN or infinite.
 * @throws TypeError when an argument is not a number; RangeError when `metresPerPixel` is negative.
 * @example
 * screenOffsetToEastNorth(10, 0, 2, 0); // [20, 0]: right is east when facing north
 * screenOffsetToEastNorth(0, -10, 2, Math.PI / 2); // [20, ~0]: up the screen is east when facing east
 */
export function screenOffsetToEastNorth(
  dxPx: number,
  dyPx: number,
  metresPerPixel: number,
  headingRad: number,
  result?: [eastM: number, northM: number],
): [eastM: number, northM: number] | undefined {
  requireNumber('dxPx', dxPx);
  requireNumber('dyPx', dyPx);
  requireNumber('metresPerPixel', metresPerPixel);
  requireNumber('headingRad', headingRad);
  requireResult(result);
  if (metresPerPixel < 0) throw new RangeError(`metresPerPixel must not be negative, got ${show(metresPerPixel)}`);
  if (![dxPx, dyPx, metresPerPixel, headingRad].every(Number.isFinite)) return undefined;
  const cos = Math.cos(headingRad);
  const sin = Math.sin(headingRad);
  // Screen right is (cos, −sin) in east/north, screen up is (sin, cos), and y grows downwards.
  // The + 0 turns a −0 into 0.
  const out = result ?? [0, 0];
  out[0] = metresPerPixel * (dxPx * cos - dyPx * sin) + 0;
  out[1] = metresPerPixel * (-dxPx * sin - dyPx * cos) + 0;
  return out;
}
