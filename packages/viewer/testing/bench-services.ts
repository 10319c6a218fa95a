import type { CameraPosition } from '../src/engine/engine-camera.js';
import type { ViewerServices } from '../src/plugins/viewer-services.js';
import { fakeServices } from './test-services.js';

/**
 * For the plugin bridge benchmark (bench/plugin-bridge.js), which bundles this file with the real `PluginHost`: the
 * viewer services as the page gives them, typed by the services' own interface, so that a member the host comes to
 * need is a compile error here, not a bench that stops on "this.services.x is not a function".
 */

/** Where the bench's camera is (radians for the angles). */
export const CAMERA_POSITION: CameraPosition = { lng: 139.767, lat: 35.681, height: 1200, heading: 0.1, pitch: -1.2, roll: 0, fov: 1.0471975511965976 };

/** The page's viewport: one object, replaced only on a resize (as the page does). */
const VIEWPORT = Object.freeze({ width: 640, height: 480, isMobile: false, query: Object.freeze({ tab: 'map' }) });

/** A plugin's console line, as the page gets it. */
export interface LoggedLine {
  source: string;
  level: string;
  text: string;
}

/**
 * Viewer services for the real PluginHost on a published page: no engine, WGS84's radii, a fixed camera that never
 * moves, one viewport object; plugin console lines go to `lines`. What the bench's plugins never use (frames, layers,
 * sketch, storage …) is the host's unit-test doubles (test-services.ts), which answer without work.
 */
export function benchServices(lines: LoggedLine[]): ViewerServices {
  const none = () => undefined;
  const { services } = fakeServices();
  return {
    ...services,
    env: { inEditor: false, isBuilt: true },
    viewport: () => VIEWPORT,
    ellipsoidRadii: [6378137, 6378137, 6356752.314245179],
    applyProperty: none,
    setInteractionMode: none,
    showUi: none,
    postToUi: none,
    resizeUi: none,
    closeUi: none,
    widgetPlace: () => ({ area: 'top-left', extended: undefined }),
    camera: { ...services.camera, position: () => CAMERA_POSITION, onMove: () => none },
    // A page with no layers and nothing selected.
    layers: { ...services.layers, sceneLayers: () => [], selected: () => [] },
    log: (source, level, text) => void lines.push({ source, level, text }),
    stopped: none,
  };
}
