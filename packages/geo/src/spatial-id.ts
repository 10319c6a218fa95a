import { requireFinite, requireInteger, show } from './validate.js';

/**
 * A Spatial ID (空間ID, "ZFXY"): the voxel at zoom level `z` whose vertical index is `f` and whose
 * horizontal indices `x`, `y` are the Web Mercator (slippy map) tile indices at zoom `z`. At zoom
 * `z` a voxel is 2^(25−z) m tall, `f` runs from −2^z to 2^z − 1 (f = 0 starts at height 0 on the
 * ellipsoid), and `x`, `y` from 0 to 2^z − 1 (x eastwards from 180°W, y southwards from the top).
 *
 * @example
 * const tokyoStation: SpatialId = { z: 20, f: 0, x: 931389, y: 412906 };
 */
export interface SpatialId {
  z: number;
  f: number;
  x: number;
  y: number;
}

/**
 * The largest zoom level accepted: at zoom 35 a voxel is 1/1024 m tall and about 1 mm wide at
 * the equator.
 *
 * @example
 * spatialIdFromLngLatHeight(0, 0, 0, SPATIAL_ID_MAX_ZOOM).z; // 35
 */
export const SPATIAL_ID_MAX_ZOOM = 35;

/**
 * The height in metres of one voxel at zoom 0, 2^25 m = 33,554,432 m, so a voxel at zoom `z` is
 * 2^(25−z) m tall (1 m at zoom 25) and Spatial IDs cover heights from −2^25 m up to, not
 * including, 2^25 m.
 *
 * @example
 * SPATIAL_ID_ZOOM0_HEIGHT / 2 ** 25; // 1
 */
export const SPATIAL_ID_ZOOM0_HEIGHT = 33_554_432;

/**
 * The latitude limit of Web Mercator tiles in degrees, atan(sinh π) ≈ 85.0511287798°; a Spatial ID
 * covers latitudes from −this to this.
 *
 * @example
 * WEB_MERCATOR_MAX_LATITUDE_DEGREES; // 85.05112877980659
 */
export const WEB_MERCATOR_MAX_LATITUDE_DEGREES = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;

/**
 * The Spatial ID of the voxel at zoom `zoom` that holds a point. The formulae are those of the
 * ZFXY specification: f = ⌊h·2^z / 2^25⌋, and x, y are the slippy-map tile of (lng, lat). A point
 * on a boundary belongs to the voxel east, south and above of it; longitude 180 is longitude −180.
 *
 * @param lngDeg - longitude in degrees, −180 to 180
 * @param latDeg - latitude in degrees, within ±{@link WEB_MERCATOR_MAX_LATITUDE_DEGREES}
 * @param heightM - height above the ellipsoid in metres, from −2^25 up to, not including, 2^25
 * @param zoom - an integer from 0 to {@link SPATIAL_ID_MAX_ZOOM}
 * @param result - an object to write into and return, to avoid allocating
 * @throws TypeError when an argument is not a number; RangeError when it is out of range.
 * @example
 * spatialIdFromLngLatHeight(139.767125, 35.681236, 0, 20); // { z: 20, f: 0, x: 931389, y: 412906 }
 * spatialIdFromLngLatHeight(0, 0, -1, 25); // { z: 25, f: -1, x: 16777216, y: 16777216 }
 */
export function spatialIdFromLngLatHeight(lngDeg: number, latDeg: number, heightM: number, zoom: number, result?: SpatialId): SpatialId {
  requireFinite('lngDeg', lngDeg);
  requireFinite('latDeg', latDeg);
  requireFinite('heightM', heightM);
  requireInteger('zoom', zoom, 0, SPATIAL_ID_MAX_ZOOM);
  if (Math.abs(lngDeg) > 180) throw new RangeError(`lngDeg must be from -180 to 180, got ${show(lngDeg)}`);
  if (Math.abs(latDeg) > WEB_MERCATOR_MAX_LATITUDE_DEGREES) {
    throw new RangeError(`latDeg must be within ±${WEB_MERCATOR_MAX_LATITUDE_DEGREES} (Web Mercator), got ${show(latDeg)}`);
  }
  if (heightM < -SPATIAL_ID_ZOOM0_HEIGHT || heightM >= SPATIAL_ID_ZOOM0_HEIGHT) {
    throw new RangeError(`heightM must be from -33554432 up to, not including, 33554432, got ${show(heightM)}`);
  }
  const n = 2 ** zoom;
  let x = Math.floor(n * (lngDeg / 360 + 0.5));
  // x reaches n only at 180° itself (the antimeridian, which is −180°) or by rounding just below it.
  if (x >= n) x = lngDeg === 180 ? 0 : n - 1;
  const sinLat = Math.sin((latDeg * Math.PI) / 180);
  const yFloat = n * (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI));
  // The clamp keeps the Mercator limits themselves (y = 0 or n) inside the grid.
  const y = Math.min(Math.max(Math.floor(yFloat), 0), n - 1);
  // Multiplying by a power of two is exact, so f is exactly the floor of the definition, except
  // that a tiny negative height can underflow to −0, which must still floor to −1. + 0: no −0.
  const scaled = heightM * 2 ** (zoom - 25);
  const f = scaled === 0 && heightM < 0 ? -1 : Math.floor(scaled) + 0;
  const out = result ?? { z: 0, f: 0, x: 0, y: 0 };
  out.z = zoom;
  out.f = f;
  out.x = x;
  out.y = y;
  return out;
}

/**
 * Throws unless `id` is a valid Spatial ID: integers with z in 0…35, f in −2^z…2^z − 1 and x, y in
 * 0…2^z − 1 (internal: not part of the public API).
 */
export function checkSpatialId(id: unknown, name = 'id'): asserts id is SpatialId {
  if (typeof id !== 'object' || id === null) {
    throw new TypeError(`${name} must be a Spatial ID { z, f, x, y }, got ${show(id)}`);
  }
  const { z, f, x, y } = id as Record<string, unknown>;
  requireInteger(`${name}.z`, z, 0, SPATIAL_ID_MAX_ZOOM);
  const n = 2 ** z;
  requireInteger(`${name}.f`, f, -n, n - 1);
  requireInteger(`${name}.x`, x, 0, n - 1);
  requireInteger(`${name}.y`, y, 0, n - 1);
}

/**
 * The canonical text form of a Spatial ID, `/z/f/x/y`.
 *
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID.
 * @example
 * spatialIdToString({ z: 25, f: 10, x: 16777216, y: 16777216 }); // "/25/10/16777216/16777216"
 */
export function spatialIdToString(id: SpatialId): string {
  checkSpatialId(id);
  return `/${id.z}/${id.f}/${id.x}/${id.y}`;
}

const SPATIAL_ID_TEXT = /^\/?(\d{1,3})\/(-?\d{1,12})\/(\d{1,12})\/(\d{1,12})$/;

/**
 * Reads a Spatial ID from its text form, `/z/f/x/y` or `z/f/x/y`.
 *
 * @throws TypeError when `text` is not a string of that form; RangeError when a number in it is
 * out of range for the zoom level.
 * @example
 * parseSpatialId('/20/0/931389/412906'); // { z: 20, f: 0, x: 931389, y: 412906 }
 * parseSpatialId('25/-1/0/0'); // { z: 25, f: -1, x: 0, y: 0 }
 */
export function parseSpatialId(text: string): SpatialId {
  const match = typeof text === 'string' ? SPATIAL_ID_TEXT.exec(text) : null;
  if (match === null) throw new TypeError(`text must be a Spatial ID "/z/f/x/y", got ${show(text)}`);
  // + 0 turns an f of "-0" into 0.
  const id = { z: Number(match[1]), f: Number(match[2]) + 0, x: Number(match[3]), y: Number(match[4]) };
  checkSpatialId(id, `parseSpatialId(${show(text)})`);
  return id;
}
