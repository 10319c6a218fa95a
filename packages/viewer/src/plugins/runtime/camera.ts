import type { Camera } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';

/**
 * `app.camera`. Every member crosses to the host, which checks the arguments (one table,
 * host/ops/camera-ops.ts) and asks the engine: the camera is live state the page owns.
 */
export function createCamera(bridge: Bridge): { camera: Camera; events: Emitter } {
  const { call } = bridge;
  const events = new Emitter(bridge, 'camera', PLUGIN_EVENTS.camera.prefix, PLUGIN_EVENTS.camera.names);
  const camera: Camera = {
    get position() {
      return call('camera.position');
    },
    get fov() {
      return call('camera.position').fov;
    },
    get aspectRatio() {
      return call('camera.aspectRatio');
    },
    get viewport() {
      return call('camera.viewport');
    },
    flyTo: (target, options) => call('camera.flyTo', [target, options]),
    flyToBoundingBox: (box, options) => call('camera.flyToBoundingBox', [box, options]),
    setView: (position) => call('camera.setView', [position]),
    lookAt: (target, options) => call('camera.lookAt', [target, options]),
    zoomIn: (amount) => call('camera.zoomIn', [amount]),
    zoomOut: (amount) => call('camera.zoomOut', [amount]),
    rotateRight: (radians) => call('camera.rotateRight', [radians]),
    rotateAround: (radians) => call('camera.rotateAround', [radians]),
    orbit: (radians) => call('camera.orbit', [radians]),
    move: (direction, amount) => call('camera.move', [direction, amount]),
    moveOverTerrain: (offset) => call('camera.moveOverTerrain', [offset]),
    enableScreenSpaceCameraController: (enabled) => call('camera.enableScreenSpaceCameraController', [enabled]),
    enableForceHorizontalRoll: (enable) => call('camera.enableForceHorizontalRoll', [enable]),
    overrideScreenSpaceCameraController: (options) => call('camera.overrideScreenSpaceCameraController', [options]),
    getGlobeIntersection: (options) => call('camera.getGlobeIntersection', [options]),
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { camera, events };
}
