/** The Spatial ID zoom whose voxels are about an eighth of the view across, from the camera's height. */
export function spatialIdZoomFor(cameraHeightM: number): number {
  const zoom = Math.floor(Math.log2(320_000_000 / Math.max(cameraHeightM, 1)));
  return Math.min(25, Math.max(0, zoom));
}
