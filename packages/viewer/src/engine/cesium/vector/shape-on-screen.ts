import { Cartesian3, type Scene, SceneTransforms } from 'cesium';
import { clipPolygon, clipPolyline } from 'lineclip';

const scratch = new Cartesian3();

/**
 * Whether any of a line or a polygon (`positions`: its vertices, a polygon's outer ring) shows inside
 * a screen rectangle: the vertices projected to the window, then the line clipped to the rectangle
 * (Cohen–Sutherland) or the ring (Sutherland–Hodgman), by lineclip. So a polygon larger than the
 * view, or a line across it, is inside though none of its vertices is. Vertices behind the camera,
 * which have no place in the window, are left out.
 */
export function shapeOnScreen(
  scene: Scene,
  kind: 'line' | 'polygon',
  positions: Iterable<Cartesian3>,
  left: number,
  top: number,
  right: number,
  bottom: number,
): boolean {
  const onScreen: [number, number][] = [];
  for (const position of positions) {
    const at = SceneTransforms.worldToWindowCoordinates(scene, position, scratch);
    if (at) onScreen.push([at.x, at.y]);
  }
  const box: [number, number, number, number] = [left, top, right, bottom];
  if (kind === 'polygon') return onScreen.length >= 3 && clipPolygon(onScreen, box).length > 0;
  return onScreen.length >= 2 && clipPolyline(onScreen, box).length > 0;
}

/** The vertices of a flat `[lng, lat, height, …]` list (degrees and metres), one after another. */
export function* degreesToCartesians(flat: ArrayLike<number>): Generator<Cartesian3> {
  const at = new Cartesian3();
  for (let i = 0; i + 2 < flat.length; i += 3) yield Cartesian3.fromDegrees(flat[i]!, flat[i + 1]!, flat[i + 2]!, undefined, at);
}
