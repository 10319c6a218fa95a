import { describe, expect, it } from 'vitest';
import { Camera, Cartesian2, Cartesian3, Ellipsoid, GeographicProjection, OrthographicFrustum, SceneMode } from 'cesium';
import { nearRay } from './near-ray.js';

/** A CesiumJS camera over a 640 × 480 window (the scene holds only what the camera reads). */
function camera(): Camera {
  const scene = {
    drawingBufferWidth: 640,
    drawingBufferHeight: 480,
    canvas: { clientWidth: 640, clientHeight: 480 },
    mapProjection: new GeographicProjection(),
    mode: SceneMode.SCENE3D,
    ellipsoid: Ellipsoid.WGS84,
    pixelRatio: 1,
  };
  const c = new Camera(scene as never);
  c.setView({ destination: Cartesian3.fromDegrees(139.7, 35.7, 30_000), orientation: { heading: 0.3, pitch: -0.6, roll: 0 } });
  return c;
}

/** The point `distance` m along the ray through the window position (x, y). */
function along(c: Camera, x: number, y: number, distance: number): Cartesian3 {
  const ray = c.getPickRay(new Cartesian2(x, y))!;
  return Cartesian3.add(ray.origin, Cartesian3.multiplyByScalar(ray.direction, distance, new Cartesian3()), new Cartesian3());
}

describe('nearRay (a pick among dots drawn together, docs/viewer.md "Time on the GPU")', () => {
  it('keeps every point drawn within the radius of the position, and passes over points farther off, anywhere in the window', () => {
    const c = camera();
    for (const [x, y] of [
      [320, 240],
      [20, 15],
      [630, 470],
      [600, 60],
    ] as const) {
      const near = nearRay(c, 480, 10, x, y)!;
      for (const distance of [500, 20_000, 900_000]) {
        for (const [dx, dy] of [
          [0, 0],
          [10, 0],
          [0, -10],
          [7, 7],
        ] as const)
          expect(near(along(c, x + dx, y + dy, distance)), `${dx},${dy} px from ${x},${y} at ${distance} m`).toBe(true);
        for (const [dx, dy] of [
          [30, 0],
          [0, -30],
          [-25, 25],
          [200, 100],
        ] as const)
          expect(near(along(c, x + dx, y + dy, distance)), `${dx},${dy} px from ${x},${y} at ${distance} m`).toBe(false);
      }
      // Behind the eye, on the line of the ray.
      expect(near(along(c, x, y, -1000))).toBe(false);
    }
  });

  it('gives no test where the view is not a perspective one, or the window has no height', () => {
    const c = camera();
    expect(nearRay(c, 0, 10, 320, 240)).toBeUndefined();
    c.frustum = new OrthographicFrustum({ width: 10_000, aspectRatio: 640 / 480 });
    expect(nearRay(c, 480, 10, 320, 240)).toBeUndefined();
  });
});
