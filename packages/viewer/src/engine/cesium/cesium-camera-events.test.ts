import { CameraEventType, KeyboardEventModifier } from 'cesium';
import { describe, expect, it } from 'vitest';
import { controllerEventTypes, type ControllerEventTypes } from './cesium-camera-events.js';

describe("controllerEventTypes (Re:Earth's overrideScreenSpaceCameraController gestures)", () => {
  const defaults: ControllerEventTypes = {
    zoomEventTypes: [CameraEventType.RIGHT_DRAG, CameraEventType.WHEEL, CameraEventType.PINCH],
    rotateEventTypes: CameraEventType.LEFT_DRAG,
    tiltEventTypes: [CameraEventType.MIDDLE_DRAG],
    lookEventTypes: [{ eventType: CameraEventType.LEFT_DRAG, modifier: KeyboardEventModifier.SHIFT }],
    translateEventTypes: CameraEventType.LEFT_DRAG,
  };

  it("turns Re:Earth's names into CesiumJS's CameraEventType and KeyboardEventModifier values", () => {
    const set = controllerEventTypes(
      {
        zoomEventTypes: ['wheel', 'pinch', { eventType: 'left_drag', modifier: 'ctrl' }],
        rotateEventTypes: ['right_drag'],
        tiltEventTypes: [
          { eventType: 'middle_drag', modifier: 'alt' },
          { eventType: 'right_drag', modifier: 'shift' },
        ],
        lookEventTypes: [],
        translateEventTypes: ['middle_drag', 'left_drag'],
      },
      defaults,
    );
    expect(set).toEqual({
      zoomEventTypes: [CameraEventType.WHEEL, CameraEventType.PINCH, { eventType: CameraEventType.LEFT_DRAG, modifier: KeyboardEventModifier.CTRL }],
      rotateEventTypes: [CameraEventType.RIGHT_DRAG],
      tiltEventTypes: [
        { eventType: CameraEventType.MIDDLE_DRAG, modifier: KeyboardEventModifier.ALT },
        { eventType: CameraEventType.RIGHT_DRAG, modifier: KeyboardEventModifier.SHIFT },
      ],
      lookEventTypes: [],
      translateEventTypes: [CameraEventType.MIDDLE_DRAG, CameraEventType.LEFT_DRAG],
    });
  });

  it('puts every field the options leave out back to its default, as each Re:Earth call does', () => {
    expect(controllerEventTypes({ tiltEventTypes: ['pinch'], minimumZoomDistance: 5 }, defaults)).toEqual({
      ...defaults,
      tiltEventTypes: [CameraEventType.PINCH],
    });
    expect(controllerEventTypes({}, defaults)).toEqual(defaults);
  });
});
