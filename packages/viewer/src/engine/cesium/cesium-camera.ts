import {
  BoundingSphere,
  Cartesian2,
  Cartesian3,
  Cartographic,
  EllipsoidTerrainProvider,
  HeadingPitchRange,
  Math as CesiumMath,
  Matrix4,
  PerspectiveFrustum,
  Rectangle,
  type Viewer,
} from 'cesium';
import { controllerEventTypes, type ControllerEventTypes, EVENT_TYPE_FIELDS } from './cesium-camera-events.js';
import type { CameraMoveDirection, CameraPosition, EngineCamera, GlobeIntersection, Rect, ScreenSpaceCameraControllerOptions } from '../engine-camera.js';

const CONTROLLER_FLAGS = [
  'enableInputs',
  'enableTranslate',
  'enableZoom',
  'enableRotate',
  'enableTilt',
  'enableLook',
  'enableCollisionDetection',
  'minimumZoomDistance',
  'maximumZoomDistance',
] as const;

/** The plugin API's camera on a CesiumJS viewer (docs/contract.md §8). */
export class CesiumCamera implements EngineCamera {
  private stopLevelling: (() => void) | undefined;
  /** The controller's gestures before any plugin changed them: CesiumJS's defaults, which are Re:Earth's. */
  private readonly defaultEventTypes: ControllerEventTypes;
  /**
   * Each controller setting a plugin changed: as it was before the first such change, and as plugins last set it,
   * until {@link resetController}.
   */
  private readonly pluginSettings = new Map<string, { before: unknown; set: unknown }>();

  constructor(private readonly viewer: Viewer) {
    const controller = viewer.scene.screenSpaceCameraController;
    this.defaultEventTypes = Object.fromEntries(EVENT_TYPE_FIELDS.map((field) => [field, controller[field]])) as ControllerEventTypes;
  }

  private get camera() {
    return this.viewer.camera;
  }

  position(): CameraPosition {
    const c = this.camera;
    const place = c.positionCartographic;
    const frustum = c.frustum;
    return {
      lng: CesiumMath.toDegrees(place.longitude),
      lat: CesiumMath.toDegrees(place.latitude),
      height: place.height,
      heading: angle(c.heading),
      pitch: c.pitch,
      roll: c.roll,
      fov: frustum instanceof PerspectiveFrustum ? (frustum.fov ?? 0) : 0,
    };
  }

  aspectRatio(): number {
    const frustum = this.camera.frustum;
    if (frustum instanceof PerspectiveFrustum && frustum.aspectRatio) return frustum.aspectRatio;
    const canvas = this.viewer.canvas;
    return canvas.clientWidth / Math.max(1, canvas.clientHeight);
  }

  viewRectangle(): Rect | undefined {
    const { canvas, scene } = this.viewer;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    const corners = [new Cartesian2(0, 0), new Cartesian2(w, 0), new Cartesian2(0, h), new Cartesian2(w, h)];
    if (corners.some((corner) => !this.camera.pickEllipsoid(corner, scene.globe.ellipsoid))) return undefined;
    const r = this.camera.computeViewRectangle(scene.globe.ellipsoid);
    return r ? toRect(r) : undefined;
  }

  flyTo(target: Partial<CameraPosition>, seconds: number): void {
    const now = this.position();
    const to = { ...now, ...target };
    this.setFov(target.fov);
    const options = { destination: Cartesian3.fromDegrees(to.lng, to.lat, to.height), orientation: { heading: to.heading, pitch: to.pitch, roll: to.roll } };
    this.camera.cancelFlight();
    if (seconds <= 0) this.camera.setView(options);
    else this.camera.flyTo({ ...options, duration: seconds });
    this.viewer.scene.requestRender();
  }

  flyToBoundingBox(box: Rect, options: { seconds: number; heading?: number; pitch?: number; range?: number }): void {
    const sphere = BoundingSphere.fromRectangle3D(Rectangle.fromDegrees(box.west, box.south, box.east, box.north), this.viewer.scene.globe.ellipsoid);
    this.view(
      sphere,
      new HeadingPitchRange(options.heading ?? this.camera.heading, options.pitch ?? -CesiumMath.PI_OVER_TWO, options.range ?? 0),
      options.seconds,
    );
  }

  lookAt(
    target: { lng: number; lat: number; height?: number; heading?: number; pitch?: number; range?: number; radius?: number; fov?: number },
    seconds: number,
  ): void {
    // Set first: the distance that fits a radius depends on it.
    this.setFov(target.fov);
    const center = Cartesian3.fromDegrees(target.lng, target.lat, target.height ?? 0);
    // A range of 0 with a sphere's radius: CesiumJS stands where the sphere fills the view (Re:Earth's
    // lookAt hands `radius` to flyToBoundingSphere so).
    const fit = target.range === undefined && target.radius !== undefined && target.radius > 0;
    const range = target.range ?? (fit ? 0 : Cartesian3.distance(this.camera.positionWC, center));
    const heading = target.heading ?? this.camera.heading;
    const pitch = target.pitch ?? this.camera.pitch;
    this.view(new BoundingSphere(center, fit ? target.radius : 0), new HeadingPitchRange(heading, pitch, range), seconds);
  }

  /**
   * A perspective camera's field of view, when one between 0 and π is given (the plugin API refuses
   * others in options; a position read in 2D says 0, which setting it back leaves alone).
   */
  private setFov(fov: number | undefined): void {
    if (fov !== undefined && fov > 0 && fov < Math.PI && this.camera.frustum instanceof PerspectiveFrustum) this.camera.frustum.fov = fov;
  }

  /** Views a sphere from an offset: at once for 0 seconds (the next read sees it), else a flight. */
  private view(sphere: BoundingSphere, offset: HeadingPitchRange, seconds: number): void {
    this.camera.cancelFlight();
    if (seconds <= 0) {
      this.camera.viewBoundingSphere(sphere, offset);
      this.camera.lookAtTransform(Matrix4.IDENTITY);
    } else {
      this.camera.flyToBoundingSphere(sphere, { offset, duration: seconds });
    }
    this.viewer.scene.requestRender();
  }

  zoom(fraction: number): void {
    const distance = this.centreDistance();
    if (fraction > 0) this.camera.zoomIn(distance * Math.min(fraction, 0.99));
    else this.camera.zoomOut(distance * -fraction);
    this.viewer.scene.requestRender();
  }

  rotateRight(radians: number): void {
    const c = this.camera;
    c.setView({ orientation: { heading: c.heading + radians, pitch: c.pitch, roll: c.roll } });
    this.viewer.scene.requestRender();
  }

  rotateAround(radians: number): void {
    this.camera.rotate(Cartesian3.UNIT_Z, -radians);
    this.viewer.scene.requestRender();
  }

  orbit(radians: number): void {
    const hit = this.globeIntersection(false, false);
    if (!hit) return this.rotateAround(radians);
    const center = Cartesian3.fromDegrees(hit.center.lng, hit.center.lat, hit.center.height);
    this.view(new BoundingSphere(center, 0), new HeadingPitchRange(this.camera.heading + radians, this.camera.pitch, hit.distance), 0);
  }

  move(direction: CameraMoveDirection, metres: number): void {
    const c = this.camera;
    const moves = { forward: c.moveForward, backward: c.moveBackward, up: c.moveUp, down: c.moveDown, left: c.moveLeft, right: c.moveRight };
    moves[direction].call(c, metres);
    this.viewer.scene.requestRender();
  }

  moveOverTerrain(offset: number): void {
    const place = this.camera.positionCartographic;
    const ground = this.viewer.terrainProvider instanceof EllipsoidTerrainProvider ? 0 : (this.viewer.scene.globe.getHeight(place) ?? 0);
    if (place.height >= ground + offset) return;
    this.flyTo({ height: ground + offset }, 0);
  }

  enableController(enabled: boolean): void {
    this.setController({ enableInputs: enabled });
  }

  forceHorizontalRoll(enable: boolean): void {
    this.stopLevelling?.();
    this.stopLevelling = undefined;
    if (!enable) return;
    const { scene } = this.viewer;
    this.stopLevelling = scene.preRender.addEventListener(() => {
      const c = this.camera;
      // A micro-radian of roll is level enough: below it, setting the view again would only cost a frame.
      if (Math.abs(CesiumMath.negativePiToPi(c.roll)) > 1e-6) c.setView({ orientation: { heading: c.heading, pitch: c.pitch, roll: 0 } });
    });
    scene.requestRender();
  }

  overrideController(options: ScreenSpaceCameraControllerOptions): void {
    const flags = Object.fromEntries(CONTROLLER_FLAGS.filter((flag) => options[flag] !== undefined).map((flag) => [flag, options[flag]]));
    this.setController({ ...flags, ...controllerEventTypes(options, this.defaultEventTypes) });
  }

  /** Puts back each setting plugins changed, unless the app set it since ({@link appSetController}). */
  resetController(): void {
    const controller = this.viewer.scene.screenSpaceCameraController as unknown as Record<string, unknown>;
    for (const [field, { before, set }] of this.pluginSettings) if (controller[field] === set) controller[field] = before;
    this.pluginSettings.clear();
  }

  /** The app set these controller settings itself (the scene's camera settings, navigation on or off): they stay when plugins stop. */
  appSetController(fields: readonly string[]): void {
    for (const field of fields) this.pluginSettings.delete(field);
  }

  private setController(settings: Record<string, unknown>): void {
    const controller = this.viewer.scene.screenSpaceCameraController as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(settings)) {
      this.pluginSettings.set(field, { before: this.pluginSettings.get(field)?.before ?? controller[field], set: value });
      controller[field] = value;
    }
  }

  globeIntersection(withTerrain: boolean, calcViewSize: boolean): GlobeIntersection | undefined {
    const { scene, canvas } = this.viewer;
    const centre = new Cartesian2(canvas.clientWidth / 2, canvas.clientHeight / 2);
    const point = this.pick(centre, withTerrain);
    if (!point) return undefined;
    const place = Cartographic.fromCartesian(point, scene.globe.ellipsoid);
    const out: GlobeIntersection = {
      center: { lng: CesiumMath.toDegrees(place.longitude), lat: CesiumMath.toDegrees(place.latitude), height: place.height },
      distance: Cartesian3.distance(this.camera.positionWC, point),
    };
    if (calcViewSize) {
      const left = this.pick(new Cartesian2(0, centre.y), withTerrain);
      const right = this.pick(new Cartesian2(canvas.clientWidth, centre.y), withTerrain);
      // Where an edge shows sky, the frustum's width at the centre's distance.
      out.viewSize = left && right ? Cartesian3.distance(left, right) : 2 * out.distance * Math.tan((this.position().fov || 1) / 2);
    }
    return out;
  }

  onMove(listener: () => void): () => void {
    const c = this.camera;
    let last = [c.positionWC.clone(), c.directionWC.clone(), c.upWC.clone()];
    return this.viewer.scene.postRender.addEventListener(() => {
      const now = [c.positionWC, c.directionWC, c.upWC];
      if (now.every((v, i) => Cartesian3.equalsEpsilon(v, last[i]!, 0, 1e-9))) return;
      last = now.map((v) => v.clone());
      listener();
    });
  }

  /** The globe point at a viewer pixel: the rendered surface with terrain, else the ellipsoid. */
  private pick(at: Cartesian2, withTerrain: boolean): Cartesian3 | undefined {
    const { scene } = this.viewer;
    const terrainOn = withTerrain && !(this.viewer.terrainProvider instanceof EllipsoidTerrainProvider);
    const ray = terrainOn ? this.camera.getPickRay(at) : undefined;
    return (ray && scene.globe.pick(ray, scene)) || this.camera.pickEllipsoid(at, scene.globe.ellipsoid);
  }

  private centreDistance(): number {
    return this.globeIntersection(false, false)?.distance ?? this.camera.positionCartographic.height;
  }
}

/** A heading in [0, 2π): CesiumJS answers 2π − ε for a view due north. */
function angle(radians: number): number {
  const a = CesiumMath.zeroToTwoPi(radians);
  return CesiumMath.TWO_PI - a < 1e-9 ? 0 : a;
}

function toRect(r: Rectangle): Rect {
  return { west: CesiumMath.toDegrees(r.west), south: CesiumMath.toDegrees(r.south), east: CesiumMath.toDegrees(r.east), north: CesiumMath.toDegrees(r.north) };
}
