import type { CameraPosition } from '../../../engine/engine-camera.js';
import { CAMERA_FIELDS } from '../../protocol/arg-schemas.js';
import type { CAMERA_OPS } from '../../protocol/host-ops.js';
import type { OpHandlers } from './host-op.js';

/** A move's seconds: Re:Earth's `withoutAnimation` jumps, else `duration`, else the fallback. */
const seconds = (options: { duration?: number | null; withoutAnimation?: boolean | null } | null | undefined, fallback: number) =>
  options?.withoutAnimation === true ? 0 : (options?.duration ?? fallback);
/** CesiumJS's default flight takes about this long; Re:Earth's flyTo without a duration flies too. */
const DEFAULT_SECONDS = 2;

/** Keeps the fields of a partial position that are there (JSON has turned `undefined` into `null`). */
function partial(position: { [field: string]: number | null | undefined }): Partial<CameraPosition> {
  return Object.fromEntries(
    Object.entries(position).filter(([key, v]) => v !== null && (CAMERA_FIELDS as readonly string[]).includes(key)),
  ) as Partial<CameraPosition>;
}

/** `app.camera`'s host operations (docs/contract.md §8): angles in radians, durations in seconds. */
export const CAMERA_HANDLERS: OpHandlers<typeof CAMERA_OPS> = {
  'camera.position': ({ services }) => services.camera.position(),
  'camera.aspectRatio': ({ services }) => services.camera.aspectRatio(),
  'camera.viewport': ({ services }) => services.camera.viewRectangle(),
  'camera.flyTo': ({ services }, [target, options]) => {
    if (typeof target === 'string') return void services.flyToLayer(target);
    // Re:Earth gives the field of view as an option; Orbis's position carries it.
    const fov = options?.fov ?? undefined;
    services.camera.flyTo({ ...partial(target), ...(fov === undefined ? {} : { fov }) }, seconds(options, DEFAULT_SECONDS));
  },
  'camera.flyToBoundingBox': ({ services }, [box, options]) =>
    services.camera.flyToBoundingBox(box, {
      seconds: seconds(options, DEFAULT_SECONDS),
      heading: options?.heading ?? undefined,
      pitch: options?.pitch ?? undefined,
      range: options?.range ?? undefined,
    }),
  'camera.setView': ({ services }, [position]) => services.camera.flyTo(partial(position), 0),
  'camera.lookAt': ({ services }, [target, options]) => {
    const t = partial(target) as { lng: number; lat: number; height?: number; heading?: number; pitch?: number };
    // `range` and `radius` are no camera fields; `fov` comes as an option, as flyTo's.
    const extra = { range: target.range, radius: target.radius, fov: options?.fov };
    services.camera.lookAt({ ...t, ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== null && v !== undefined)) }, seconds(options, 0));
  },
  'camera.zoomIn': ({ services }, [amount]) => services.camera.zoom(amount ?? 0.5),
  'camera.zoomOut': ({ services }, [amount]) => services.camera.zoom(-(amount ?? 1)),
  'camera.rotateRight': ({ services }, [radians]) => services.camera.rotateRight(radians),
  'camera.rotateAround': ({ services }, [radians]) => services.camera.rotateAround(radians),
  'camera.orbit': ({ services }, [radians]) => services.camera.orbit(radians),
  'camera.move': ({ services }, [direction, metres]) => services.camera.move(direction, metres),
  'camera.moveOverTerrain': ({ services }, [offset]) => services.camera.moveOverTerrain(offset ?? 0),
  'camera.enableScreenSpaceCameraController': ({ services }, [enabled]) => services.camera.enableController(enabled === true),
  'camera.enableForceHorizontalRoll': ({ services }, [enable]) => services.camera.forceHorizontalRoll(enable),
  'camera.overrideScreenSpaceCameraController': ({ services }, [options]) =>
    services.camera.overrideController(Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== null))),
  'camera.getGlobeIntersection': ({ services }, [options]) => services.camera.globeIntersection(options?.withTerrain === true, options?.calcViewSize === true),
};
