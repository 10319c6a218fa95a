import { checkSpatialId, SPATIAL_ID_ZOOM0_HEIGHT, type SpatialId } from './spatial-id.js';
import { requireResult, show } from './validate.js';
import type { LngLatHeight } from './wgs84.js';

/** The extent of a Spatial ID voxel: longitudes and latitudes in degrees, heights in metres. */
export interface SpatialIdBounds {
  west: number;
  south: number;
  east: number;
  north: number;
  bottom: number;
  top: number;
}

/** The latitude in degrees of the top edge of tile row `y` at `n` = 2^z rows. */
function rowLatitude(y: number, n: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
}

/**
 * The extent of a Spatial ID voxel. Neighbouring voxels share their edges exactly: the east of
 * one is the west of the next, and the top of one is the bottom of the one above.
 *
 * @param result - an object to write into and return, to avoid allocating
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID.
 * @example
 * spatialIdBounds({ z: 0, f: 0, x: 0, y: 0 });
 * // { west: -180, south: -85.05112877980659, east: 180, north: 85.05112877980659, bottom: 0, top: 33554432 }
 * spatialIdBounds({ z: 25, f: -1, x: 0, y: 0 }).top; // 0 (a voxel at zoom 25 is 1 m tall)
 */
export function spatialIdBounds(id: SpatialId, result?: SpatialIdBounds): SpatialIdBounds {
  checkSpatialId(id);
  if (result !== undefined && (typeof result !== 'object' || result === null)) {
    throw new TypeError(`result must be an object or undefined, got ${show(result)}`);
  }
  const { z, f, x, y } = id;
  const n = 2 ** z;
  const voxelHeight = SPATIAL_ID_ZOOM0_HEIGHT / n;
  const out = result ?? { west: 0, south: 0, east: 0, north: 0, bottom: 0, top: 0 };
  out.west = (x / n) * 360 - 180;
  out.east = ((x + 1) / n) * 360 - 180;
  out.north = rowLatitude(y, n);
  out.south = rowLatitude(y + 1, n);
  out.bottom = f * voxelHeight;
  out.top = (f + 1) * voxelHeight;
  return out;
}

/**
 * The centre of a Spatial ID voxel: the middle of its Web Mercator tile (where its four children
 * meet, slightly poleward of the mid-latitude) at the middle of its height.
 *
 * @param result - an array to write `[lngDeg, latDeg, heightM]` into and return, to avoid allocating
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID.
 * @example
 * spatialIdCenter({ z: 1, f: 0, x: 0, y: 0 }); // [-90, 66.51326044311186, 8388608]
 */
export function spatialIdCenter(id: SpatialId, result?: LngLatHeight): LngLatHeight {
  checkSpatialId(id);
  requireResult(result);
  const { z, f, x, y } = id;
  const n = 2 ** z;
  const out = result ?? [0, 0, 0];
  out[0] = ((x + 0.5) / n) * 360 - 180;
  out[1] = rowLatitude(y + 0.5, n);
  out[2] = (f + 0.5) * (SPATIAL_ID_ZOOM0_HEIGHT / n);
  return out;
}
