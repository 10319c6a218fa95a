import { WGS84_SEMI_MAJOR_AXIS } from '@orbis/geo';

/** The width of a zoom-0 tile of the clusters' index (point-clusters.ts `extent`): zoom z draws the world 256 × 2^z pixels wide. */
export const CLUSTER_TILE_PIXELS = 256;
const EQUATOR = 2 * Math.PI * WGS84_SEMI_MAJOR_AXIS;

/**
 * The web-map zoom a camera at `height` metres, looking down with a vertical field of view
 * `fovy` (radians) onto `pixels` CSS pixels of height, shows the ground at (at the equator):
 * the zoom whose pixel is as many metres as the view's.
 */
export function zoomOfHeight(height: number, fovy: number, pixels: number): number {
  const metresPerPixel = (2 * Math.max(height, 1) * Math.tan(fovy / 2)) / Math.max(pixels, 1);
  return Math.log2(EQUATOR / (CLUSTER_TILE_PIXELS * metresPerPixel));
}

/** The height at which a camera shows the ground at `zoom` (zoomOfHeight's inverse). */
export function heightOfZoom(zoom: number, fovy: number, pixels: number): number {
  const metresPerPixel = EQUATOR / (CLUSTER_TILE_PIXELS * 2 ** zoom);
  return (metresPerPixel * pixels) / (2 * Math.tan(fovy / 2));
}
