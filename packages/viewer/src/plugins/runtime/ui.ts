import type { Extension, Layer, PluginUI } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';
import type { PushedState } from './state.js';

/** `app.ui`: the plugin's own frame. Its messages also reach `app.extension.on("message")`. */
export function createUi(bridge: Bridge): { ui: PluginUI; events: Emitter } {
  const { call, copy } = bridge;
  const events = new Emitter(bridge, 'ui', PLUGIN_EVENTS.ui.prefix, PLUGIN_EVENTS.ui.names);
  const ui: PluginUI = {
    show: (html, options) => call('ui.show', [String(html), copy(options || {})]),
    postMessage: (message) => call('ui.post', [copy(message)]),
    resize: (width, height, extended) => call('ui.resize', [width, height, extended]),
    close: () => call('ui.close'),
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { ui, events };
}

/** `app.extension`: this widget or block (with its settings from the scene) and the running extensions. */
export function createExtension(bridge: Bridge, state: PushedState, layerById: (id: string) => Layer | undefined): { extension: Extension; events: Emitter } {
  const { call, copy } = bridge;
  const events = new Emitter(bridge, 'extension', PLUGIN_EVENTS.extension.prefix, PLUGIN_EVENTS.extension.names);
  const extension: Extension = {
    get widget() {
      // A block is no widget: Re:Earth gives it `widget` undefined.
      return (state.block ? undefined : copy(state.widget)) as Extension['widget'];
    },
    get block() {
      if (!state.block) return undefined;
      // An infobox block's layer as it is now, as Re:Earth reads it on each access.
      const layer = state.blockLayer === null ? undefined : layerById(state.blockLayer);
      return layer ? { ...copy(state.block), layer } : copy(state.block);
    },
    get list() {
      return copy(state.extensions);
    },
    postMessage: (id, message) => call('extension.post', [id, copy(message)]),
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { extension, events };
}
