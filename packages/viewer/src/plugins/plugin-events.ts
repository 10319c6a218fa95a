/**
 * The event names of every plugin namespace, shared by the sandbox runtime (which checks `on`/`off`
 * against them) and the host (which emits them). The host-side name of a namespace's event is
 * `prefix + name` (`camera.move`); `app.viewer`'s have no prefix (`click`).
 */
export const PLUGIN_EVENTS = {
  viewer: {
    prefix: '',
    names: ['resize', 'click', 'doubleClick', 'mouseDown', 'mouseUp', 'rightClick', 'rightDown', 'rightUp', 'middleClick', 'middleDown', 'middleUp', 'mouseMove', 'mouseEnter', 'mouseLeave', 'wheel'],
  },
  camera: { prefix: 'camera.', names: ['move'] },
  layers: { prefix: 'layers.', names: ['select', 'load', 'visible'] },
  ui: { prefix: 'ui.', names: ['message', 'update', 'close'] },
  extension: { prefix: 'extension.', names: ['message', 'extensionMessage'] },
  sketch: { prefix: 'sketch.', names: ['create', 'update', 'toolChange'] },
  spatialId: { prefix: 'spatialId.', names: ['spacePick'] },
  timeline: { prefix: 'timeline.', names: ['tick', 'commit'] },
} as const;

/** Events whose host payload is an argument list, spread into the listener (Re:Earth's `select(layerId, featureId)`). */
export const SPREAD_EVENTS: readonly string[] = ['layers.select', 'sketch.toolChange'];

/** Events whose listeners get no argument (Re:Earth's `ui.on("update", () => …)`). */
export const EMPTY_EVENTS: readonly string[] = ['ui.update', 'ui.close'];

/**
 * A message from a plugin's own UI frame: it reaches `app.ui.on("message")` and
 * `app.extension.on("message")` alike.
 */
export const UI_MESSAGE_EVENTS: readonly string[] = ['ui.message', 'extension.message'];

export type PluginNamespace = keyof typeof PLUGIN_EVENTS;
