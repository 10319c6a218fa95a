import type { CameraPosition, EngineCamera } from '../engine/engine-camera.js';

/**
 * For the host's unit tests only: a camera that keeps a position and records every call, so a
 * test sees exactly what a plugin asked the engine for. The real camera (engine/cesium-camera.ts)
 * is tested in the browser (e2e/plugins-camera.test.ts).
 */
export function testCamera() {
  const calls: { op: string; args: unknown[] }[] = [];
  let position: CameraPosition = { lng: 139, lat: 35, height: 1000, heading: 0, pitch: -Math.PI / 2, roll: 0, fov: 1 };
  let moved: (() => void) | undefined;
  const record =
    (op: string) =>
    (...args: unknown[]) => {
      calls.push({ op, args });
    };
  const camera: EngineCamera = {
    position: () => ({ ...position }),
    aspectRatio: () => 4 / 3,
    viewRectangle: () => ({ west: 138, south: 34, east: 140, north: 36 }),
    flyTo: (target, seconds) => {
      calls.push({ op: 'flyTo', args: [target, seconds] });
      position = { ...position, ...target };
    },
    flyToBoundingBox: record('flyToBoundingBox'),
    lookAt: record('lookAt'),
    zoom: record('zoom'),
    rotateRight: record('rotateRight'),
    rotateAround: record('rotateAround'),
    orbit: record('orbit'),
    move: record('move'),
    moveOverTerrain: record('moveOverTerrain'),
    enableController: record('enableController'),
    overrideController: record('overrideController'),
    globeIntersection: (withTerrain, calcViewSize) => ({ center: { lng: 139, lat: 35, height: withTerrain ? 5 : 0 }, distance: 1000, ...(calcViewSize ? { viewSize: 1500 } : {}) }),
    onMove: (listener) => {
      moved = listener;
      return () => (moved = undefined);
    },
  };
  /** The engine drew a frame in which the camera moved to `to`. */
  const frame = (to: Partial<CameraPosition>) => {
    position = { ...position, ...to };
    moved?.();
  };
  return { camera, calls, frame };
}
