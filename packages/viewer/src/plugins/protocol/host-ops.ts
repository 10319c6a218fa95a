import type { LayerOverride, NewLayer, PropertyOverride, ReearthLayer } from '@orbis/plugin-api';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  anything,
  boolean,
  cameraEventTypes,
  cameraTarget,
  CAMERA_FIELDS,
  cssColor,
  direction,
  featureSelection,
  fieldOfView,
  fields,
  finite,
  frameSize,
  httpUrl,
  latitude,
  longitude,
  maybe,
  nonNegative,
  mode,
  objectOf,
  popupOffset,
  popupPosition,
  position,
  rangeType,
  screenOffset,
  screenRect,
  sketchTool,
  stepType,
  string,
  strings,
  time,
} from './arg-schemas.js';

/**
 * How a call to a host operation crosses from a sandbox that runs in a worker (docs/contract.md §11;
 * docs/plugin-isolation.md). On the main thread every operation is a plain call.
 * - `blocking`: the worker waits (Atomics.wait) for the page's answer; right for anything that
 *   asks the engine, can fail after its arguments check, or returns a value. Always correct.
 * - `post`: sent without waiting; the plugin gets `undefined` at once. Only for operations that
 *   return nothing and whose only errors are wrong arguments (checked in the worker from `args`);
 *   an error after that reaches the plugin's console instead.
 * - `state`: an argument-less read the page pushes to the worker whenever it may have changed
 *   (after every other operation, each frame the camera moves, each resize), answered there.
 * - `async`: posted; the plugin's promise settles when the page's promise does.
 */
export type OpTransport = 'blocking' | 'post' | 'state' | 'async';
export const OP_TRANSPORTS: readonly OpTransport[] = ['blocking', 'post', 'state', 'async'];

/** One argument: its name (errors say it) and its schema. */
export type ArgDecl = readonly [name: string, schema: TSchema];

/** One host operation as both sides know it: how it crosses and what it takes. */
export interface OpDecl<T extends OpTransport = OpTransport, A extends readonly ArgDecl[] = readonly ArgDecl[]> {
  readonly transport: T;
  readonly args: A;
}

/** The values a call passes for these declared arguments. */
export type ArgValues<A extends readonly ArgDecl[]> = { -readonly [K in keyof A]: A[K] extends readonly [string, infer S extends TSchema] ? Static<S> : never };

const declare =
  <T extends OpTransport>(transport: T) =>
  <const A extends readonly ArgDecl[]>(...args: A): OpDecl<T, A> => ({ transport, args });
const blocking = declare('blocking');
const post = declare('post');
const later = declare('async');
const state = (): OpDecl<'state', []> => ({ transport: 'state', args: [] });

/** Re:Earth's CameraMoveOptions as they cross: `easing`, a function, cannot (JSON drops it). */
const DURATION = maybe(fields({ duration: maybe(finite), withoutAnimation: maybe(boolean), fov: maybe(fieldOfView) }));
const MODAL_OPTIONS = fields({ width: maybe(frameSize), height: maybe(frameSize), background: maybe(string), clickBgToClose: maybe(boolean) });
const POPUP_OPTIONS = fields({
  width: maybe(frameSize),
  height: maybe(frameSize),
  position: maybe(popupPosition),
  offset: maybe(popupOffset),
  anchor: maybe(fields({ lng: longitude, lat: latitude, height: maybe(finite) })),
});
const PICK_OPTIONS = fields({
  zoom: maybe(finite),
  maxHeight: maybe(finite),
  minHeight: maybe(finite),
  color: maybe(cssColor),
  outlineColor: maybe(cssColor),
  dataOnly: maybe(boolean),
  rightClickToExit: maybe(boolean),
});
const CAMERA_POSITION = fields(
  Object.fromEntries(CAMERA_FIELDS.map((f) => [f, maybe(finite)])) as { [F in (typeof CAMERA_FIELDS)[number]]: ReturnType<typeof maybe<typeof finite>> },
);

/** `app.viewer`'s operations (what the sandbox cannot answer from its pushed state). */
export const VIEWER_OPS = {
  override: blocking(['property', objectOf<PropertyOverride>()]),
  mode: blocking(['mode', mode]),
  capture: blocking(['type', maybe(string)], ['encoderOptions', maybe(finite)]),
  open: post(['url', httpUrl]),
  reload: post(),
  locationAt: blocking(['x', finite], ['y', finite], ['withTerrain', boolean]),
  screenOf: blocking(['position', position]),
  globeHeight: blocking(['lng', finite], ['lat', finite]),
  offsetOnScreen: blocking(['rawPosition', position], ['screenOffset', screenOffset]),
  visible: blocking(['position', position]),
  globeHeightByCamera: blocking(),
  // Re:Earth's `lng` and `lat` are optional: without either the answer is `undefined`.
  geoidHeight: later(['lng', maybe(longitude)], ['lat', maybe(latitude)]),
  terrainHeight: later(['lng', finite], ['lat', finite]),
  location: later(['options', maybe(fields({ maximumAge: maybe(finite), timeout: maybe(finite), enableHighAccuracy: maybe(boolean) }))]),
};

/** `app.ui`'s and `app.extension`'s operations. */
export const UI_OPS = {
  'ui.show': post(
    ['html', string],
    ['options', fields({ width: maybe(frameSize), height: maybe(frameSize), visible: maybe(boolean), extended: maybe(boolean) })],
  ),
  // Re:Earth's `resize(undefined, 500)` changes the height only; JSON has made `undefined` null.
  'ui.resize': post(['width', maybe(frameSize)], ['height', maybe(frameSize)], ['extended', maybe(boolean)]),
  'ui.close': post(),
  'ui.post': post(['message', anything]),
  'extension.post': blocking(['id', string], ['message', anything]),
};

/** `app.camera`'s operations (docs/contract.md §8): angles in radians, durations in seconds. */
export const CAMERA_OPS = {
  'camera.position': state(),
  'camera.aspectRatio': state(),
  'camera.viewport': state(),
  'camera.flyTo': post(['target', cameraTarget], ['options', DURATION]),
  'camera.flyToBoundingBox': post(
    ['box', fields({ west: finite, south: finite, east: finite, north: finite })],
    [
      'options',
      maybe(fields({ duration: maybe(finite), withoutAnimation: maybe(boolean), heading: maybe(finite), pitch: maybe(finite), range: maybe(finite) })),
    ],
  ),
  'camera.setView': post(['position', CAMERA_POSITION]),
  'camera.lookAt': post(
    [
      'target',
      fields({
        lng: finite,
        lat: finite,
        height: maybe(finite),
        heading: maybe(finite),
        pitch: maybe(finite),
        range: maybe(finite),
        radius: maybe(nonNegative),
      }),
    ],
    ['options', DURATION],
  ),
  'camera.zoomIn': post(['amount', maybe(finite)]),
  'camera.zoomOut': post(['amount', maybe(finite)]),
  'camera.rotateRight': post(['radians', finite]),
  'camera.rotateAround': post(['radians', finite]),
  'camera.orbit': post(['radians', finite]),
  'camera.move': post(['direction', direction], ['amount', finite]),
  'camera.moveOverTerrain': post(['offset', maybe(finite)]),
  'camera.enableScreenSpaceCameraController': post(['enabled', maybe(boolean)]),
  'camera.enableForceHorizontalRoll': post(['enable', boolean]),
  'camera.overrideScreenSpaceCameraController': post([
    'options',
    maybe(
      fields({
        zoomEventTypes: maybe(cameraEventTypes),
        rotateEventTypes: maybe(cameraEventTypes),
        tiltEventTypes: maybe(cameraEventTypes),
        lookEventTypes: maybe(cameraEventTypes),
        translateEventTypes: maybe(cameraEventTypes),
        enableInputs: maybe(boolean),
        enableTranslate: maybe(boolean),
        enableZoom: maybe(boolean),
        enableRotate: maybe(boolean),
        enableTilt: maybe(boolean),
        enableLook: maybe(boolean),
        enableCollisionDetection: maybe(boolean),
        minimumZoomDistance: maybe(finite),
        maximumZoomDistance: maybe(finite),
      }),
    ),
  ]),
  'camera.getGlobeIntersection': blocking(['options', maybe(fields({ withTerrain: maybe(boolean), calcViewSize: maybe(boolean) }))]),
};

/** `app.layers`'s operations (docs/contract.md §8); a layer's own shape is checked by the host (layer-input.ts). */
export const LAYERS_OPS = {
  'layers.list': blocking(),
  'layers.add': blocking(['layer', objectOf<NewLayer | ReearthLayer>()]),
  'layers.delete': blocking(['ids', strings]),
  'layers.show': blocking(['ids', strings]),
  'layers.hide': blocking(['ids', strings]),
  'layers.override': blocking(['id', string], ['patch', maybe(objectOf<LayerOverride>())]),
  'layers.overridden': blocking(),
  'layers.select': blocking(['layerId', maybe(string)], ['featureId', maybe(string)]),
  'layers.selectFeatures': blocking(['features', featureSelection]),
  'layers.selected': blocking(),
  'layers.selectedFeature': blocking(),
  'layers.findFeaturesByIds': blocking(['layerId', string], ['featureIds', strings]),
  'layers.featuresInRect': blocking(['rect', screenRect]),
  'layers.order': blocking(['id', string], ['where', string]),
};

/** `app.sketch`, `app.spatialId` and `app.timeline`'s operations (docs/contract.md §8). */
export const TOOL_OPS = {
  'sketch.setTool': blocking(['type', maybe(sketchTool)]),
  'sketch.overrideOptions': blocking([
    'options',
    maybe(fields({ color: maybe(cssColor), dataOnly: maybe(boolean), rightClickToAbort: maybe(boolean), disableShadow: maybe(boolean) })),
  ]),
  'spatialId.pickSpace': blocking(['options', maybe(PICK_OPTIONS)]),
  'spatialId.exitPickSpace': blocking(),
  'timeline.use': blocking(),
  'timeline.play': blocking(),
  'timeline.pause': blocking(),
  'timeline.tick': blocking(),
  'timeline.setTime': blocking(['time', fields({ start: maybe(time), stop: maybe(time), current: maybe(time) })]),
  'timeline.setSpeed': blocking(['speed', finite]),
  'timeline.setStepType': blocking(['stepType', stepType]),
  'timeline.setRangeType': blocking(['rangeType', rangeType]),
};

/**
 * `app.modal`'s and `app.popup`'s operations (docs/contract.md §8): each returns nothing and fails only on its
 * arguments (checked before anything shows), so a worker posts it without waiting.
 */
export const FRAME_OPS = {
  'modal.show': post(['html', string], ['options', MODAL_OPTIONS]),
  'modal.update': post(['options', MODAL_OPTIONS]),
  'modal.post': post(['message', anything]),
  'modal.close': post(),
  'popup.show': post(['html', string], ['options', POPUP_OPTIONS]),
  'popup.update': post(['options', POPUP_OPTIONS]),
  'popup.post': post(['message', anything]),
  'popup.close': post(),
};

/** `app.data.clientStorage`'s operations, each asynchronous; values arrive checked as JSON by the runtime (runtime/data.ts). */
export const STORAGE_OPS = {
  'storage.get': later(['key', string]),
  'storage.set': later(['key', string], ['value', anything]),
  'storage.delete': later(['key', string]),
  'storage.keys': later(),
  'storage.drop': later(),
};

/** Every host operation a sandbox may call: the one declaration the runtime, the worker and the host derive their types from. */
export const HOST_OPS = { ...VIEWER_OPS, ...UI_OPS, ...CAMERA_OPS, ...LAYERS_OPS, ...TOOL_OPS, ...FRAME_OPS, ...STORAGE_OPS };

export type HostOps = typeof HOST_OPS;
export type HostOpName = keyof HostOps;
/** The arguments of a host operation, as the runtime passes them and its handler receives them. */
export type HostOpArgs<N extends HostOpName> = ArgValues<HostOps[N]['args']>;
/** The operations that cross one way (`async`, or the synchronous ones: blocking, post, state). */
export type HostOpNameOf<T extends OpTransport> = { [N in HostOpName]: HostOps[N]['transport'] extends T ? N : never }[HostOpName];

/**
 * What the runtime calls that the sandbox itself answers (extension-sandbox.ts, the worker's
 * serve-sandbox.ts) before any host operation: console lines, its listeners, timers, and the
 * envelope of an async operation.
 */
export interface SandboxCalls {
  console: [level: string, text: string];
  error: [message: string, stack: string];
  subscribe: [event: string, on: boolean];
  timer: [id: number, ms: number, repeat: boolean];
  clearTimer: [id: number];
  async: [id: number, op: HostOpNameOf<'async'>, args: unknown[]];
}

/** Every synchronous call of the runtime's bridge, with its arguments. */
export type BridgeCalls = SandboxCalls & { [N in HostOpNameOf<'blocking' | 'post' | 'state'>]: HostOpArgs<N> };

/**
 * The operations that send a message (to the plugin's UI, modal, popup, another extension): they
 * share one budget a second (docs/contract.md §8; transport/message-budget.ts), counted where the call is made.
 */
export const MESSAGE_OPS: ReadonlySet<string> = new Set<HostOpName>(['ui.post', 'modal.post', 'popup.post', 'extension.post']);

/** `hasOwn` for the table: a name a plugin made up is no operation, `toString` included. */
export function hostOp(name: string): OpDecl | undefined {
  return Object.prototype.hasOwnProperty.call(HOST_OPS, name) ? (HOST_OPS as Record<string, OpDecl>)[name] : undefined;
}
