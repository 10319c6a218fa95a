import { CameraEventType, KeyboardEventModifier, type Viewer } from 'cesium';
import { describe, expect, it } from 'vitest';
import { CesiumCamera } from './cesium-camera.js';

/** CesiumJS's ScreenSpaceCameraController needs a canvas and its events; its settings are plain fields, as here. */
function controllerAsCesiumMakesIt() {
  return {
    enableInputs: true,
    enableZoom: true,
    enableTilt: true,
    minimumZoomDistance: 1,
    maximumZoomDistance: Number.POSITIVE_INFINITY,
    zoomEventTypes: [CameraEventType.RIGHT_DRAG, CameraEventType.WHEEL, CameraEventType.PINCH],
    rotateEventTypes: CameraEventType.LEFT_DRAG,
    tiltEventTypes: [CameraEventType.MIDDLE_DRAG, CameraEventType.PINCH],
    lookEventTypes: { eventType: CameraEventType.LEFT_DRAG, modifier: KeyboardEventModifier.SHIFT },
    translateEventTypes: CameraEventType.LEFT_DRAG,
  };
}

describe('CesiumCamera: what plugins set on the camera controller goes with them', () => {
  it('puts back every setting plugins changed when they stop, and leaves the others', () => {
    const controller = controllerAsCesiumMakesIt();
    const before = { ...controller };
    const camera = new CesiumCamera({ scene: { screenSpaceCameraController: controller } } as unknown as Viewer);
    camera.overrideController({ enableZoom: false, minimumZoomDistance: 500, zoomEventTypes: ['left_drag'], rotateEventTypes: [] });
    camera.overrideController({ minimumZoomDistance: 800 });
    camera.enableController(false);
    expect(controller).toMatchObject({ enableZoom: false, minimumZoomDistance: 800, enableInputs: false });
    camera.resetController();
    expect(controller).toEqual(before);
    // Once put back, a second reset changes nothing.
    controller.minimumZoomDistance = 3;
    camera.resetController();
    expect(controller.minimumZoomDistance).toBe(3);
  });

  it('keeps a setting that something else (the scene) changed after the plugin', () => {
    const controller = controllerAsCesiumMakesIt();
    const camera = new CesiumCamera({ scene: { screenSpaceCameraController: controller } } as unknown as Viewer);
    camera.overrideController({ minimumZoomDistance: 500, enableTilt: false });
    controller.minimumZoomDistance = 50; // the map maker's camera settings, applied while the plugin ran
    camera.resetController();
    expect(controller.minimumZoomDistance).toBe(50);
    expect(controller.enableTilt).toBe(true);
  });

  it('keeps a setting the app set after the plugin, even to the value the plugin had set', () => {
    const controller = { ...controllerAsCesiumMakesIt(), enableInputs: false }; // selection mode: no navigation
    const camera = new CesiumCamera({ scene: { screenSpaceCameraController: controller } } as unknown as Viewer);
    camera.enableController(true);
    // Back to moving: the app turns navigation on (as CesiumEngine.setNavigation does), the same value.
    controller.enableInputs = true;
    camera.appSetController(['enableInputs']);
    camera.resetController();
    expect(controller.enableInputs).toBe(true);
  });
});
