import type { Position } from './engine.js';

/**
 * The horizon test in scaled space (positions divided by the radii, so the ellipsoid is the unit
 * sphere): a point is hidden when it lies beyond the plane of the horizon and inside its cone.
 */
export function isBehindHorizon(radii: Position, camera: Position, point: Position): boolean {
  const c = camera.map((v, i) => v / radii[i]!) as Position;
  const p = point.map((v, i) => v / radii[i]!) as Position;
  const horizonSquared = c[0] * c[0] + c[1] * c[1] + c[2] * c[2] - 1;
  const toPoint = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
  const along = -(toPoint[0]! * c[0] + toPoint[1]! * c[1] + toPoint[2]! * c[2]);
  const lengthSquared = toPoint[0]! ** 2 + toPoint[1]! ** 2 + toPoint[2]! ** 2;
  return along > horizonSquared && (along * along) / lengthSquared > horizonSquared;
}

/**
 * The distance from a camera `height` metres above a sphere of `radius` metres to its horizon: every
 * point of the surface nearer than this faces the camera, every point farther is behind the globe.
 */
export function horizonDistance(radius: number, height: number): number {
  const h = Math.max(0, height);
  return Math.sqrt(h * (2 * radius + h));
}
