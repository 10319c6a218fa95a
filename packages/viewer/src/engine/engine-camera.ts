import type { CameraMoveDirection, CameraPosition, GlobeIntersection, Rect, ScreenSpaceCameraControllerOptions } from '@orbis/plugin-api';

export type { CameraMoveDirection, CameraPosition, GlobeIntersection, Rect, ScreenSpaceCameraControllerOptions };

/**
 * The camera operations of the plugin API (docs/contract.md §8), behind the engine: longitude and latitude in
 * degrees, angles in radians, distances in metres, durations in seconds (0 jumps at once).
 */
export interface EngineCamera {
  position(): CameraPosition;
  aspectRatio(): number;
  /** The visible rectangle, or undefined when any corner of the view shows sky. */
  viewRectangle(): Rect | undefined;
  /** Flies to a partial position; what it leaves out stays as it is. */
  flyTo(target: Partial<CameraPosition>, seconds: number): void;
  flyToBoundingBox(box: Rect, options: { seconds: number; heading?: number; pitch?: number; range?: number }): void;
  /**
   * Looks at a place from `range` metres; without it, from where a sphere of `radius` metres around
   * the place fills the view, else from the current distance. `fov` sets the field of view first.
   */
  lookAt(
    target: { lng: number; lat: number; height?: number; heading?: number; pitch?: number; range?: number; radius?: number; fov?: number },
    seconds: number,
  ): void;
  /** Moves toward (positive) or away from (negative) the view's centre by this fraction of the distance to it. */
  zoom(fraction: number): void;
  /** Turns the heading in place. */
  rotateRight(radians: number): void;
  /** Circles the Earth's axis. */
  rotateAround(radians: number): void;
  /** Circles the point at the view's centre, keeping distance and pitch. */
  orbit(radians: number): void;
  move(direction: CameraMoveDirection, metres: number): void;
  /** Lifts the camera to at least `offset` metres above the globe's surface under it. */
  moveOverTerrain(offset: number): void;
  enableController(enabled: boolean): void;
  /** While on, the camera's roll is put back to 0 before every frame (heading and pitch kept), as Re:Earth's `enableForceHorizontalRoll`. */
  forceHorizontalRoll(enable: boolean): void;
  overrideController(options: ScreenSpaceCameraControllerOptions): void;
  /** Puts the controller's settings back as they were before plugins changed them (`enableController`, `overrideController`): their plugins stopped. */
  resetController(): void;
  globeIntersection(withTerrain: boolean, calcViewSize: boolean): GlobeIntersection | undefined;
  /** Calls `listener` after each drawn frame in which the camera moved (at most once a frame); returns the function that stops it. */
  onMove(listener: () => void): () => void;
}
