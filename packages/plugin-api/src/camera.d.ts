// app.camera (docs/contract.md §8): angles in radians, durations in seconds.
import type { ListenerOptions, Location } from './common.js';

/**
 * The camera as Re:Earth's API v2 gives it: longitude and latitude in degrees, height in metres
 * above the ellipsoid, `heading`, `pitch`, `roll` and `fov` in radians (pitch -π/2 looks down).
 */
export interface CameraPosition {
  lng: number;
  lat: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
  /** The vertical field of view in radians. */
  fov: number;
}

/** A rectangle on the globe in degrees. */
export interface Rect {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type CameraMoveDirection = 'forward' | 'backward' | 'up' | 'down' | 'left' | 'right';

/** A mouse or touch gesture, as Re:Earth names CesiumJS's CameraEventType. */
export type CameraEventName = 'left_drag' | 'right_drag' | 'middle_drag' | 'wheel' | 'pinch';

/** A key held with a gesture, as Re:Earth names CesiumJS's KeyboardEventModifier. */
export type CameraEventModifier = 'ctrl' | 'shift' | 'alt';

/** A gesture that counts only while `modifier` is held. */
export interface ModifiedCameraEvent {
  eventType: CameraEventName;
  modifier: CameraEventModifier;
}

/** The gestures that start one of the controller's movements; `[]` turns that movement off. */
export type CameraEventTypes = (CameraEventName | ModifiedCameraEvent)[];

/**
 * CesiumJS's ScreenSpaceCameraController settings a plugin may set (Re:Earth's, and CesiumJS's
 * `enable…` flags). As on Re:Earth, each call sets all five `…EventTypes`: those it leaves out go
 * back to CesiumJS's defaults (zoom: right drag, wheel, pinch; rotate and translate: left drag;
 * tilt: middle drag, pinch, Ctrl+left drag, Ctrl+right drag; look: Shift+left drag).
 */
export interface ScreenSpaceCameraControllerOptions {
  zoomEventTypes?: CameraEventTypes;
  rotateEventTypes?: CameraEventTypes;
  tiltEventTypes?: CameraEventTypes;
  lookEventTypes?: CameraEventTypes;
  translateEventTypes?: CameraEventTypes;
  enableInputs?: boolean;
  enableTranslate?: boolean;
  enableZoom?: boolean;
  enableRotate?: boolean;
  enableTilt?: boolean;
  enableLook?: boolean;
  enableCollisionDetection?: boolean;
  minimumZoomDistance?: number;
  maximumZoomDistance?: number;
}

/** Where the view's centre meets the globe. */
export interface GlobeIntersection {
  center: Location;
  /** From the camera to `center`, in metres. */
  distance: number;
  /** The width of the view on the ground at `center`, in metres (with `calcViewSize`). */
  viewSize?: number;
}

/**
 * How a camera move goes, as Re:Earth takes it: `duration` in seconds (0 jumps), `withoutAnimation`
 * jumps too. `easing` is accepted and not used: a function cannot leave the sandbox, so Orbis
 * flies with CesiumJS's own easing.
 */
export interface CameraMoveOptions {
  duration?: number;
  withoutAnimation?: boolean;
  easing?: (time: number) => number;
}

export interface CameraEvents {
  /** The camera moved: its new position. At most once per frame, only while it moves. */
  move: CameraPosition;
}

/** `app.camera`: read and move the camera. A wrong argument type throws a TypeError and moves nothing. */
export interface Camera {
  /** Live: each read is the camera now. @example const { lng, lat, height, heading } = app.camera.position; */
  readonly position: CameraPosition;
  /** Radians. @example const degrees = (app.camera.fov * 180) / Math.PI; */
  readonly fov: number;
  /** Width over height of the view. @example if (app.camera.aspectRatio > 1) console.log('landscape'); */
  readonly aspectRatio: number;
  /** The visible rectangle, or `undefined` when the sky fills part of the view. @example const r = app.camera.viewport; if (r) console.log(r.west, r.north); */
  readonly viewport: Rect | undefined;
  /**
   * To a layer (its id) or a position; what the position leaves out stays as it is. `duration` in seconds, 0 jumps.
   * @example app.camera.flyTo({ lng: 139.77, lat: 35.68, height: 5000, pitch: -Math.PI / 4 }, { duration: 2 });
   * @example app.camera.flyTo('landmarks');
   */
  flyTo(target: string | Partial<CameraPosition>, options?: CameraMoveOptions & { fov?: number }): void;
  /** @example app.camera.flyToBoundingBox({ west: 139.6, south: 35.6, east: 139.9, north: 35.8 }, { duration: 0, pitch: -Math.PI / 2 }); */
  flyToBoundingBox(box: Rect, options?: CameraMoveOptions & { heading?: number; pitch?: number; range?: number }): void;
  /** Jumps. @example app.camera.setView({ lng: 0, lat: 0, height: 1e7, heading: 0, pitch: -Math.PI / 2, roll: 0 }); */
  setView(position: Partial<CameraPosition>): void;
  /**
   * Looks at a place from `range` metres at `heading` and `pitch`. Without `range`, `radius`
   * (metres, Re:Earth's bounding sphere) puts the camera where a sphere of that radius around the
   * place fills the view; with neither, the camera keeps its distance. `fov` (radians) sets the
   * field of view first, as `flyTo`'s.
   * @example app.camera.lookAt({ lng: 138.73, lat: 35.36, range: 20000, pitch: -0.5 }, { duration: 1 });
   * @example app.camera.lookAt({ lng: 138.73, lat: 35.36, height: 3776, radius: 5000 }, { withoutAnimation: true, fov: 0.8 });
   */
  lookAt(
    target: { lng: number; lat: number; height?: number; heading?: number; pitch?: number; range?: number; radius?: number },
    options?: CameraMoveOptions & { fov?: number },
  ): void;
  /** Moves toward the ground by `amount` times the height (default 0.5: half-way). @example app.camera.zoomIn(0.5); */
  zoomIn(amount?: number): void;
  /** Moves away from the ground by `amount` times the height (default 1: twice as high). @example app.camera.zoomOut(); */
  zoomOut(amount?: number): void;
  /** Turns the heading right (clockwise seen from above) in place. @example app.camera.rotateRight(Math.PI / 2); */
  rotateRight(radians: number): void;
  /** Rotates the view about the point it looks at. @example app.camera.rotateAround(Math.PI / 8); */
  rotateAround(radians: number): void;
  /** Circles the point at the view's centre, keeping distance and pitch. @example app.camera.orbit(0.1); */
  orbit(radians: number): void;
  /** Moves the camera `amount` metres. @example app.camera.move('forward', 1000); */
  move(direction: CameraMoveDirection, amount: number): void;
  /** Lifts the camera to at least `offset` metres (default 0) above the terrain under it. @example app.camera.moveOverTerrain(100); */
  moveOverTerrain(offset?: number): void;
  /** Whether the user's mouse and touch move the camera (no argument: they do not, as on Re:Earth). @example app.camera.enableScreenSpaceCameraController(false); */
  enableScreenSpaceCameraController(enabled?: boolean): void;
  /** While on, the camera is kept level: its roll goes back to 0 before every frame, heading and pitch kept (for the whole page). @example app.camera.enableForceHorizontalRoll(true); */
  enableForceHorizontalRoll(enable: boolean): void;
  /**
   * Sets the user's camera controls; no argument puts the gestures back to CesiumJS's defaults.
   * @example app.camera.overrideScreenSpaceCameraController({ zoomEventTypes: ['wheel', { eventType: 'left_drag', modifier: 'ctrl' }], enableTilt: false });
   */
  overrideScreenSpaceCameraController(options?: ScreenSpaceCameraControllerOptions): void;
  /** @example const hit = app.camera.getGlobeIntersection({ calcViewSize: true }); if (hit) console.log(hit.center.lat, hit.viewSize); */
  getGlobeIntersection(options?: { withTerrain?: boolean; calcViewSize?: boolean }): GlobeIntersection | undefined;
  /** @example const stop = app.camera.on('move', (p) => console.log(p.height)); */
  on<E extends keyof CameraEvents>(event: E, listener: (event: CameraEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.camera.off('move', onMove); */
  off<E extends keyof CameraEvents>(event: E, listener: (event: CameraEvents[E]) => void): void;
}
