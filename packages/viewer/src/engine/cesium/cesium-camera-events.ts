import { CameraEventType, KeyboardEventModifier } from 'cesium';
import type { CameraEventModifier, CameraEventName, CameraEventTypes, ScreenSpaceCameraControllerOptions } from '@orbis/plugin-api';

/** The ScreenSpaceCameraController fields that say which gestures start a movement. */
export const EVENT_TYPE_FIELDS = ['zoomEventTypes', 'rotateEventTypes', 'tiltEventTypes', 'lookEventTypes', 'translateEventTypes'] as const;
type EventTypeField = (typeof EVENT_TYPE_FIELDS)[number];

/** A CesiumJS `…EventTypes` value: one gesture, a gesture with a key, or a list of either. */
type CesiumEventTypes = CameraEventType | { eventType: CameraEventType; modifier: KeyboardEventModifier } | unknown[];
export type ControllerEventTypes = Record<EventTypeField, CesiumEventTypes>;

const GESTURES: Record<CameraEventName, CameraEventType> = {
  left_drag: CameraEventType.LEFT_DRAG,
  right_drag: CameraEventType.RIGHT_DRAG,
  middle_drag: CameraEventType.MIDDLE_DRAG,
  wheel: CameraEventType.WHEEL,
  pinch: CameraEventType.PINCH,
};
const KEYS: Record<CameraEventModifier, KeyboardEventModifier> = {
  ctrl: KeyboardEventModifier.CTRL,
  shift: KeyboardEventModifier.SHIFT,
  alt: KeyboardEventModifier.ALT,
};

const toCesium = (types: CameraEventTypes) =>
  types.map((t) => (typeof t === 'string' ? GESTURES[t] : { eventType: GESTURES[t.eventType], modifier: KEYS[t.modifier] }));

/**
 * The five `…EventTypes` a plugin's override sets, in CesiumJS's values. As Re:Earth's engine
 * does, every call sets all five: a field the options leave out goes back to its default
 * (`defaults`, what the controller had before any plugin changed it).
 */
export function controllerEventTypes(options: ScreenSpaceCameraControllerOptions, defaults: ControllerEventTypes): ControllerEventTypes {
  return Object.fromEntries(EVENT_TYPE_FIELDS.map((field) => [field, options[field] ? toCesium(options[field]) : defaults[field]])) as ControllerEventTypes;
}
