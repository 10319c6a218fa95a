import { type Camera, Cartesian2, type Cartesian3, PerspectiveFrustum } from 'cesium';

/**
 * Whether a point may be drawn within `radiusPx` of the window position (x, y): true for every
 * point whose direction from the eye is within a cone about the ray through (x, y). A few
 * multiplications a point, so a pick among 100,000 dots projects only the few in the cone to the
 * window (projecting all of them took 13–45 ms a click, the cone 4–17; docs/viewer.md, "Time on the GPU").
 *
 * On a plane one unit in front of the eye a pixel is `2 tan(fovy / 2) / height` across, and two
 * rays meeting that plane d apart make an angle of at most d: so a dot r px from (x, y) lies
 * within r of those widths of the ray, wherever it is in the window. Undefined where the camera's
 * view is not a perspective one (every point is then to be projected).
 */
export function nearRay(camera: Camera, windowHeight: number, radiusPx: number, x: number, y: number): ((point: Cartesian3) => boolean) | undefined {
  const frustum = camera.frustum;
  const fovy = frustum instanceof PerspectiveFrustum ? frustum.fovy : undefined;
  const ray = fovy === undefined || !(windowHeight > 0) ? undefined : camera.getPickRay(new Cartesian2(x, y));
  if (!ray || fovy === undefined) return undefined;
  // A pixel more, for rounding.
  const angle = (radiusPx + 1) * ((2 * Math.tan(fovy / 2)) / windowHeight);
  const cos = Math.cos(Math.min(angle, Math.PI / 2));
  const { origin, direction } = ray;
  return (point) => {
    const dx = point.x - origin.x;
    const dy = point.y - origin.y;
    const dz = point.z - origin.z;
    return dx * direction.x + dy * direction.y + dz * direction.z >= cos * Math.sqrt(dx * dx + dy * dy + dz * dz);
  };
}
