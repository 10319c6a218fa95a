import type { CameraPosition, EngineCamera } from '../engine/engine-camera.js';
import type { ViewerServices } from './plugin-host.js';

/**
 * For the host's unit tests only (test doubles: the real viewer services are tested in the browser).
 *
 * A camera that keeps a position and records every call, so a test sees exactly what a plugin asked the engine for. The real camera (engine/cesium-camera.ts)
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

/** Viewer services that record what plugins asked for and answer fixed values. */
export function fakeServices() {
  const calls: { op: string; args: unknown[] }[] = [];
  const camera = testCamera();
  const logs: { source: string; level: string; text: string }[] = [];
  let viewport = { width: 640, height: 480, isMobile: false, query: { tab: 'map' } };
  const services: ViewerServices = {
    env: { inEditor: true, isBuilt: false },
    viewport: () => viewport,
    ellipsoidRadii: [7_000_000, 7_000_000, 7_000_000],
    applyProperty: (p) => calls.push({ op: 'applyProperty', args: [p] }),
    setInteractionMode: (m) => calls.push({ op: 'mode', args: [m] }),
    locationAt: (x, y, t) => ({ lng: x / 10, lat: y / 10, height: t ? 42 : 0 }),
    screenOf: () => [320, 240],
    globeHeight: () => 12.5,
    terrainHeight: async (lng) => (lng > 0 ? 3776 : undefined),
    offsetOnScreen: (p, o) => [p[0] + o[0], p[1] + o[1], p[2]],
    isVisible: (p) => p[2] > 0,
    currentLocation: async (options) => {
      calls.push({ op: 'location', args: [options] });
      return { lat: 35.68, lng: 139.77, height: 40 };
    },
    capture: (type, quality) => `data:${type ?? 'image/png'};q=${quality ?? 'default'}`,
    open: (url) => calls.push({ op: 'open', args: [url] }),
    reload: () => calls.push({ op: 'reload', args: [] }),
    showUi: (source, html, options) => calls.push({ op: 'ui.show', args: [source, html, options] }),
    postToUi: (source, message) => calls.push({ op: 'ui.post', args: [source, message] }),
    camera: camera.camera,
    flyToLayer: () => undefined,
    log: (source, level, text) => logs.push({ source, level, text }),
  };
  return { services, calls, logs, camera, resize: (w: number, h: number) => (viewport = { ...viewport, width: w, height: h }) };
}

