import { spatialIdBounds, spatialIdCenter } from './spatial-id-bounds.js';
import { spatialIdToHilbertIndex, spatialIdToHilbertTilehash } from './spatial-id-hilbert.js';
import { type SpatialId, spatialIdToString } from './spatial-id.js';
import { spatialIdToTilehash } from './spatial-id-tilehash.js';

/**
 * The Space of a Spatial ID: everything the Spatial ID specification's Space object says about a
 * voxel, in the shape of Re:Earth's `spacePick` event (`SpatialIdSpace` of `@orbis/plugin-api`):
 * `id` = `zfxyStr` = `/z/f/x/y`; `alt` and `center.alt` = `center.height` the height of the
 * voxel's centre in metres; `vertices` its 8 corners as `[lng, lat, height]`, the bottom four then
 * the top four, each face from the north-west corner anticlockwise seen from above (as the
 * reference SDK's `vertices3d`). `geo` imports nothing of ours, so the type is the one TypeScript
 * infers here; the viewer hands the value to plugins as the plugin API's `SpatialIdSpace`, so a
 * field the plugin API has and this lacks fails to compile there (interaction-controller.ts).
 *
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID, or its floor is so far from
 * the ground (beyond ±2^24 m) that it has no Hilbert index.
 * @example
 * spatialIdSpace({ z: 22, f: 6, x: 3725284, y: 1651062 }).vertices[0]; // [139.74369049072266, 35.720454780411565, 48]
 */
export function spatialIdSpace(id: SpatialId) {
  const zfxy = { z: id.z, f: id.f, x: id.x, y: id.y };
  const text = spatialIdToString(zfxy);
  const b = spatialIdBounds(zfxy);
  const [lng, lat, height] = spatialIdCenter(zfxy);
  const face = (h: number): [number, number, number][] => [
    [b.west, b.north, h],
    [b.west, b.south, h],
    [b.east, b.south, h],
    [b.east, b.north, h],
  ];
  return {
    id: text,
    zfxy,
    zfxyStr: text,
    tilehash: spatialIdToTilehash(zfxy),
    hilbertTilehash: spatialIdToHilbertTilehash(zfxy),
    hilbertIndex: spatialIdToHilbertIndex(zfxy),
    zoom: zfxy.z,
    alt: height,
    center: { lng, lat, alt: height, height },
    vertices: [...face(b.bottom), ...face(b.top)],
  };
}
