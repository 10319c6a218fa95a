import type { CameraPosition } from '../../engine/engine-camera.js';
import { CAMERA_FIELDS, type Kind } from './arg-kinds.js';
import type { HostOps } from './host-op.js';

const POSITION: Kind = Object.fromEntries(CAMERA_FIELDS.map((f) => [f, 'number?'] as const));
const DURATION: Kind = ['object?', { duration: 'number?' }];
const seconds = (options: { duration?: number | null } | null | undefined, fallback: number) => options?.duration ?? fallback;
/** CesiumJS's default flight takes about this long; Re:Earth's flyTo without a duration flies too. */
const DEFAULT_SECONDS = 2;

/** Keeps the fields of a partial position that are there (JSON has turned `undefined` into `null`). */
function partial(position: Record<string, number | null>): Partial<CameraPosition> {
  return Object.fromEntries(Object.entries(position).filter(([key, v]) => v !== null && (CAMERA_FIELDS as readonly string[]).includes(key))) as Partial<CameraPosition>;
}

/** `app.camera`'s host operations (SPEC §8): angles in radians, durations in seconds. */
export const CAMERA_OPS: HostOps = {
  'camera.position': { args: [], transport: 'state', run: ({ services }) => services.camera.position() },
  'camera.aspectRatio': { args: [], transport: 'state', run: ({ services }) => services.camera.aspectRatio() },
  'camera.viewport': { args: [], transport: 'state', run: ({ services }) => services.camera.viewRectangle() },
  'camera.flyTo': {
    args: [['target', 'cameraTarget'], ['options', DURATION]],
    transport: 'post',
    run: ({ services }, [target, options]) => {
      if (typeof target === 'string') return void services.flyToLayer(target);
      services.camera.flyTo(partial(target), seconds(options, DEFAULT_SECONDS));
    },
  },
  'camera.flyToBoundingBox': {
    args: [['box', { west: 'number', south: 'number', east: 'number', north: 'number' }], ['options', ['object?', { duration: 'number?', heading: 'number?', pitch: 'number?', range: 'number?' }]]],
    transport: 'post',
    run: ({ services }, [box, options]) =>
      services.camera.flyToBoundingBox(box, { seconds: seconds(options, DEFAULT_SECONDS), heading: options?.heading ?? undefined, pitch: options?.pitch ?? undefined, range: options?.range ?? undefined }),
  },
  'camera.setView': { args: [['position', POSITION]], transport: 'post', run: ({ services }, [position]) => services.camera.flyTo(partial(position), 0) },
  'camera.lookAt': {
    args: [['target', { lng: 'number', lat: 'number', height: 'number?', heading: 'number?', pitch: 'number?', range: 'number?' }], ['options', DURATION]],
    transport: 'post',
    run: ({ services }, [target, options]) => {
      const t = partial(target) as { lng: number; lat: number; height?: number; heading?: number; pitch?: number };
      services.camera.lookAt({ ...t, ...(target.range === null || target.range === undefined ? {} : { range: target.range }) }, seconds(options, 0));
    },
  },
  'camera.zoomIn': { args: [['amount', 'number?']], transport: 'post', run: ({ services }, [amount]) => services.camera.zoom(amount ?? 0.5) },
  'camera.zoomOut': { args: [['amount', 'number?']], transport: 'post', run: ({ services }, [amount]) => services.camera.zoom(-(amount ?? 1)) },
  'camera.rotateRight': { args: [['radians', 'number']], transport: 'post', run: ({ services }, [r]) => services.camera.rotateRight(r) },
  'camera.rotateAround': { args: [['radians', 'number']], transport: 'post', run: ({ services }, [r]) => services.camera.rotateAround(r) },
  'camera.orbit': { args: [['radians', 'number']], transport: 'post', run: ({ services }, [r]) => services.camera.orbit(r) },
  'camera.move': { args: [['direction', 'direction'], ['amount', 'number']], transport: 'post', run: ({ services }, [direction, metres]) => services.camera.move(direction, metres) },
  'camera.moveOverTerrain': { args: [['offset', 'number?']], transport: 'post', run: ({ services }, [offset]) => services.camera.moveOverTerrain(offset ?? 0) },
  'camera.enableScreenSpaceCameraController': { args: [['enabled', 'boolean']], transport: 'post', run: ({ services }, [enabled]) => services.camera.enableController(enabled) },
  'camera.overrideScreenSpaceCameraController': {
    args: [
      [
        'options',
        {
          enableInputs: 'boolean?',
          enableTranslate: 'boolean?',
          enableZoom: 'boolean?',
          enableRotate: 'boolean?',
          enableTilt: 'boolean?',
          enableLook: 'boolean?',
          enableCollisionDetection: 'boolean?',
          minimumZoomDistance: 'number?',
          maximumZoomDistance: 'number?',
        },
      ],
    ],
    transport: 'post',
    run: ({ services }, [options]) => services.camera.overrideController(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null))),
  },
  'camera.getGlobeIntersection': {
    args: [['options', ['object?', { withTerrain: 'boolean?', calcViewSize: 'boolean?' }]]],
    run: ({ services }, [options]) => services.camera.globeIntersection(options?.withTerrain === true, options?.calcViewSize === true),
  },
};
