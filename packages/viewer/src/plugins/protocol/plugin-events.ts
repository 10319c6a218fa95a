/**
 * The event names of every plugin namespace, shared by the sandbox runtime (which checks `on`/`off`
 * against them) and the host (which emits them). The host-side name of a namespace's event is
 * `prefix + name` (`camera.move`); `app.viewer`'s have no prefix (`click`).
 */
export const PLUGIN_EVENTS = {
  viewer: {
    prefix: '',
    names: [
      'resize',
      'click',
      'doubleClick',
      'mouseDown',
      'mouseUp',
      'rightClick',
      'rightDown',
      'rightUp',
      'middleClick',
      'middleDown',
      'middleUp',
      'mouseMove',
      'mouseEnter',
      'mouseLeave',
      'wheel',
      'languagechange',
    ],
  },
  camera: { prefix: 'camera.', names: ['move'] },
  // `edit` (Re:Earth's transform editing of a layer) is heard but never fires: Orbis has no such editor.
  layers: { prefix: 'layers.', names: ['select', 'load', 'visible', 'edit'] },
  ui: { prefix: 'ui.', names: ['message', 'update', 'close'] },
  extension: { prefix: 'extension.', names: ['message', 'extensionMessage'] },
  modal: { prefix: 'modal.', names: ['message', 'close'] },
  popup: { prefix: 'popup.', names: ['message', 'close'] },
  selectionMode: { prefix: 'selection.', names: ['marqueeStart', 'marqueeMove', 'marqueeEnd'] },
  sketch: { prefix: 'sketch.', names: ['create', 'update', 'toolChange'] },
  spatialId: { prefix: 'spatialId.', names: ['spacePick'] },
  timeline: { prefix: 'timeline.', names: ['tick', 'commit'] },
} as const;

/** Events whose host payload is an argument list, spread into the listener (Re:Earth's `select(layerId, featureId)`). */
export const SPREAD_EVENTS: readonly string[] = ['layers.select', 'sketch.toolChange'];

/** Events whose listeners get no argument (Re:Earth's `ui.on("update", () => …)`). */
export const EMPTY_EVENTS: readonly string[] = ['ui.update', 'ui.close', 'modal.close', 'popup.close'];

/**
 * A message from a plugin's own UI frame: it reaches `app.ui.on("message")` and
 * `app.extension.on("message")` alike.
 */
export const UI_MESSAGE_EVENTS: readonly string[] = ['ui.message', 'extension.message'];

/**
 * A message from a plugin's modal or popup frame reaches that namespace's `on("message")` and,
 * as on Re:Earth (whose plugins answer their modals through `extension.on("message")`),
 * `app.extension.on("message")`.
 */
export const FRAME_MESSAGE_EVENTS: Readonly<Record<string, readonly string[]>> = {
  'ui.message': UI_MESSAGE_EVENTS,
  'modal.message': ['modal.message', 'extension.message'],
  'popup.message': ['popup.message', 'extension.message'],
};

export type PluginNamespace = keyof typeof PLUGIN_EVENTS;

/** Whether an extension subscribed to `event` hears it (a frame's message: through any namespace that hears it). */
export function hears(subscribed: ReadonlySet<string>, event: string): boolean {
  const hearers = FRAME_MESSAGE_EVENTS[event];
  return hearers ? hearers.some((e) => subscribed.has(e)) : subscribed.has(event);
}
