import {
  Camera as CesiumCameraObject,
  Cartesian3,
  type Ellipsoid,
  HeadingPitchRoll,
  IntersectionTests,
  Math as CesiumMath,
  Matrix4,
  PerspectiveFrustum,
  Ray,
  Transforms,
  type Viewer,
} from 'cesium';
import type { Camera } from '@orbis/scene';

/** A destination and the orientation there. */
interface Placed {
  destination: Cartesian3;
  orientation: HeadingPitchRoll;
}

interface Flight {
  camera: Camera;
  ends: number;
  resolve: () => void;
}

/**
 * Places the scene's views (the initial one, story pages) so that what they look at lies in the
 * middle of the canvas's uncovered part when the page covers its bottom (the story's sheet on a
 * phone), and moves the current view along when that covered height changes.
 *
 * Why the camera moves rather than the frustum: CesiumJS's `PerspectiveFrustum.xOffset/yOffset`
 * are lengths on the near plane, which CesiumJS changes from frame to frame (one near plane per
 * depth range), and `Camera.getPickRay` ignores them, so picking positions and dragging the globe
 * would miss by the offset. Moving the camera along its own up vector keeps the orientation, the
 * frustum and every pick exact: the target then appears above the canvas's centre by the angle
 * whose tangent is `covered / height × tan(fovy / 2)` (half the covered height in screen units).
 */
export class ViewInset {
  private covered = 0;
  /** The tangent of the angle above the centre at which the current view shows its target. */
  private applied = 0;
  private flight: Flight | undefined;
  private token = 0;
  private readonly scratch: CesiumCameraObject;

  constructor(private readonly viewer: Viewer) {
    this.scratch = new CesiumCameraObject(viewer.scene);
    // A window resize or turned phone changes the canvas's height, so the same covered pixels are another angle.
    new ResizeObserver(() => this.follow()).observe(viewer.canvas);
  }

  /** Sets how many CSS pixels at the canvas's bottom the page covers (0: none). */
  setCovered(pixels: number): void {
    const next = Math.max(0, pixels);
    if (next === this.covered) return;
    this.covered = next;
    this.follow();
  }

  /** Shows `camera`'s view at once, its target in the middle of the uncovered part. */
  set(camera: Camera): void {
    this.endFlight();
    this.viewer.camera.cancelFlight();
    const [placed, tangent] = this.place(camera);
    this.viewer.camera.setView(placed);
    this.applied = tangent;
    this.viewer.scene.requestRender();
  }

  /** Flies to `camera`'s view; resolves when the flight ends or is cancelled. */
  fly(camera: Camera, seconds: number): Promise<void> {
    this.endFlight();
    return new Promise((resolve) => this.start({ camera, ends: performance.now() + seconds * 1000, resolve }, seconds));
  }

  private start(flight: Flight, seconds: number): void {
    const token = ++this.token;
    this.flight = flight;
    const done = () => {
      // A flight restarted for a new covered height is superseded, not finished.
      if (token !== this.token) return;
      this.flight = undefined;
      flight.resolve();
    };
    const [placed, tangent] = this.place(flight.camera);
    this.viewer.camera.flyTo({ ...placed, duration: seconds, complete: done, cancel: done });
    this.applied = tangent;
    this.viewer.scene.requestRender();
  }

  private endFlight(): void {
    const flight = this.flight;
    this.flight = undefined;
    this.token++;
    flight?.resolve();
  }

  /** The tangent for the current covered height: the uncovered part's middle, above the canvas's centre. */
  private wanted(): number {
    const height = this.viewer.canvas.clientHeight;
    const frustum = this.viewer.camera.frustum;
    if (height <= 0 || this.covered <= 0 || !(frustum instanceof PerspectiveFrustum)) return 0;
    return (Math.min(this.covered, height) / height) * Math.tan((frustum.fovy ?? CesiumMath.PI_OVER_THREE) / 2);
  }

  /** `camera`'s position moved down its own up vector so that its target shows `wanted()` above the centre, and the tangent used. */
  private place(camera: Camera): [Placed, number] {
    const s = this.scratch;
    s.setView({
      destination: Cartesian3.fromDegrees(camera.lng, camera.lat, camera.height),
      orientation: { heading: CesiumMath.toRadians(camera.heading), pitch: CesiumMath.toRadians(camera.pitch), roll: CesiumMath.toRadians(camera.roll) },
    });
    const direction = Cartesian3.clone(s.direction);
    const up = Cartesian3.clone(s.up);
    const depth = this.depthAlong(s.position, direction, direction);
    // A view of the sky has no target to keep in sight: it stays as the author set it.
    const tangent = depth === undefined ? 0 : this.wanted();
    const destination = Cartesian3.subtract(s.position, Cartesian3.multiplyByScalar(up, (depth ?? 0) * tangent, new Cartesian3()), new Cartesian3());
    return [{ destination, orientation: orientationAt(destination, direction, up, this.viewer.scene.globe.ellipsoid) }, tangent];
  }

  /** The depth (along `forward`) of the globe point seen along `ray` from `from`; undefined when it shows sky. */
  private depthAlong(from: Cartesian3, ray: Cartesian3, forward: Cartesian3): number | undefined {
    const unit = Cartesian3.normalize(ray, new Cartesian3());
    const hit = IntersectionTests.rayEllipsoid(new Ray(from, unit), this.viewer.scene.globe.ellipsoid);
    return hit ? hit.start * Cartesian3.dot(unit, forward) : undefined;
  }

  /**
   * After the covered height or the canvas changed: a flight restarts toward the same view placed
   * for the new height; a still view moves so that what was in the middle of the uncovered part is
   * in the middle of the new one (sky there: nothing to keep, the view stays).
   */
  private follow(): void {
    const wanted = this.wanted();
    if (Math.abs(wanted - this.applied) < 1e-9) return;
    if (this.flight) {
      const flight = this.flight;
      this.start(flight, Math.max(0.3, (flight.ends - performance.now()) / 1000));
      return;
    }
    const c = this.viewer.camera;
    const target = Cartesian3.add(c.directionWC, Cartesian3.multiplyByScalar(c.upWC, this.applied, new Cartesian3()), new Cartesian3());
    const depth = this.depthAlong(c.positionWC, target, c.directionWC);
    const before = this.applied;
    this.applied = wanted;
    if (depth === undefined) return;
    // The same world direction and up from the new place (orientationAt keeps them exact).
    const direction = Cartesian3.clone(c.directionWC);
    const up = Cartesian3.clone(c.upWC);
    const destination = Cartesian3.subtract(c.positionWC, Cartesian3.multiplyByScalar(up, depth * (wanted - before), new Cartesian3()), new Cartesian3());
    c.setView({ destination, orientation: orientationAt(destination, direction, up, this.viewer.scene.globe.ellipsoid) });
    this.viewer.scene.requestRender();
  }
}

/**
 * The heading, pitch and roll at `position` of a world direction and up, in CesiumJS's conventions.
 * Handing CesiumJS `{direction, up}` instead left a moved straight-down view about 30 px off at
 * 390×844 (its conversion has a branch within about 2.5° of vertical that takes the heading from
 * `up` and sets the roll to 0); this one is exact down to straight down (cesium-view-inset.test.ts).
 */
export function orientationAt(position: Cartesian3, direction: Cartesian3, up: Cartesian3, ellipsoid: Ellipsoid): HeadingPitchRoll {
  const toLocal = Matrix4.inverseTransformation(Transforms.eastNorthUpToFixedFrame(position, ellipsoid), new Matrix4());
  const d = Cartesian3.normalize(Matrix4.multiplyByPointAsVector(toLocal, direction, new Cartesian3()), new Cartesian3());
  const u = Cartesian3.normalize(Matrix4.multiplyByPointAsVector(toLocal, up, new Cartesian3()), new Cartesian3());
  const pitch = CesiumMath.PI_OVER_TWO - CesiumMath.acosClamped(d.z);
  // CesiumJS's own conventions (Camera's getHeading and getRoll), with its near-vertical cut-off moved to exactly vertical.
  const heading = (from: Cartesian3) => CesiumMath.TWO_PI - CesiumMath.zeroToTwoPi(Math.atan2(from.y, from.x) - CesiumMath.PI_OVER_TWO);
  if (Math.abs(d.z) > 1 - 1e-12) return new HeadingPitchRoll(heading(u), pitch, 0);
  const right = Cartesian3.cross(d, u, new Cartesian3());
  return new HeadingPitchRoll(heading(d), pitch, CesiumMath.zeroToTwoPi(Math.atan2(-right.z, u.z) + CesiumMath.TWO_PI));
}
