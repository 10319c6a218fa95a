/**
 * Compile-only: the host operations are typed end to end from their one declaration
 * (protocol/host-ops.ts). `npm run typecheck` fails if any `@ts-expect-error` line compiles.
 */
import type { CameraEventModifier, CameraEventName, InteractionModeType } from '@orbis/plugin-api';
import type { OpHandlers } from '../host/ops/host-op.js';
import type { Bridge } from '../runtime/bridge.js';
import type { CAMERA_EVENT_MODIFIERS, CAMERA_EVENT_NAMES } from './arg-schemas.js';
import type { CAMERA_OPS, HostOpArgs, HostOpName } from './host-ops.js';
import type { INTERACTION_MODES } from './interaction-modes.js';

declare const bridge: Bridge;

// The runtime's calls: names and arguments from the declaration.
bridge.call('locationAt', [1, 2, true]);
bridge.call('camera.move', ['up', 10]);
bridge.call('reload');
bridge.call('subscribe', ['click', true]);
void bridge.later('storage.get', ['key']);
// @ts-expect-error a misspelt operation
bridge.call('locationAtt', [1, 2, true]);
// @ts-expect-error a wrong argument
bridge.call('locationAt', [1, '2', true]);
// @ts-expect-error a missing argument
bridge.call('camera.move', ['up']);
// @ts-expect-error not a direction
bridge.call('camera.move', ['sideways', 1]);
// @ts-expect-error an async operation is not called synchronously
bridge.call('storage.get', ['key']);
// @ts-expect-error a synchronous operation is not awaited
void bridge.later('locationAt', [1, 2, true]);
// @ts-expect-error arguments an operation does not take
bridge.call('reload', [1]);

// The host's handlers: one per declared operation, typed from its arguments.
export const handlers: OpHandlers<typeof CAMERA_OPS> = {
  'camera.position': ({ services }) => services.camera.position(),
  'camera.aspectRatio': () => 1,
  'camera.viewport': () => undefined,
  'camera.flyTo': () => undefined,
  'camera.flyToBoundingBox': (_, [box]) => box.west + box.east,
  'camera.setView': () => undefined,
  'camera.lookAt': () => undefined,
  'camera.zoomIn': () => undefined,
  'camera.zoomOut': () => undefined,
  'camera.rotateRight': (_, [radians]) => radians satisfies number,
  'camera.rotateAround': () => undefined,
  'camera.orbit': () => undefined,
  'camera.move': (_, [direction]) => direction satisfies 'forward' | 'backward' | 'up' | 'down' | 'left' | 'right',
  'camera.moveOverTerrain': () => undefined,
  'camera.enableScreenSpaceCameraController': () => undefined,
  'camera.enableForceHorizontalRoll': (_, [enable]) => enable satisfies boolean,
  'camera.overrideScreenSpaceCameraController': () => undefined,
  'camera.getGlobeIntersection': () => undefined,
};

type Move = Pick<typeof CAMERA_OPS, 'camera.move'>;
// @ts-expect-error a handler whose argument is not the declared one
export const wrongArgument: OpHandlers<Move> = { 'camera.move': (_, [direction]: [number]) => direction };
// @ts-expect-error a handler for an operation that is not declared
export const unknownName: OpHandlers<Move> = { 'camera.move': () => undefined, 'camera.fly': () => undefined };

// @ts-expect-error a group without a handler for each of its operations
export const incomplete: OpHandlers<typeof CAMERA_OPS> = { 'camera.position': () => undefined };

// Argument types come from the schemas.
export const lookAt: HostOpArgs<'locationAt'> = [1, 2, false];
export const name: HostOpName = 'layers.add';

// The interaction-mode list names every mode of the plugin API, and nothing else.
type Listed = (typeof INTERACTION_MODES)[number];
export const everyMode: [Exclude<InteractionModeType, Listed>, Exclude<Listed, InteractionModeType>] extends [never, never] ? true : false = true;

// The gesture and key lists the argument check accepts are the plugin API's, all of them and nothing else.
type Gesture = (typeof CAMERA_EVENT_NAMES)[number];
type Key = (typeof CAMERA_EVENT_MODIFIERS)[number];
export const everyGesture: [Exclude<CameraEventName, Gesture>, Exclude<CameraEventModifier, Key>] extends [never, never] ? true : false = true;
