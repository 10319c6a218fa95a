import type { Feature, Layer, Layers } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';

/**
 * `app.layers`. Reads cross once for the whole list (a plain copy) and search it here, so `find`
 * and `findAll` run the plugin's own function inside the sandbox; changes cross to the host,
 * which checks them (host/ops/layers-ops.ts) and owns the page's layers.
 */
export function createLayers(bridge: Bridge): { layers: Layers; events: Emitter } {
  const { call } = bridge;
  const all = (): Layer[] => call('layers.list');
  const byId = (list: Layer[], id: string) => list.find((l) => l.id === id);
  const events = new Emitter(bridge, 'layers', PLUGIN_EVENTS.layers.prefix, PLUGIN_EVENTS.layers.names);
  const layers: Layers = {
    get layers() {
      return all();
    },
    findById: (id) => byId(all(), id),
    findByIds: (...ids) => {
      const list = all();
      return ids.map((id) => byId(list, id));
    },
    find: (fn) => {
      if (typeof fn !== 'function') throw new TypeError('layers.find: fn must be a function');
      // Re:Earth's third argument is the layer's parent groups: Orbis has no groups, so none.
      return all().find((layer, index) => fn(layer, index, []));
    },
    findAll: (fn) => {
      if (typeof fn !== 'function') throw new TypeError('layers.findAll: fn must be a function');
      return all().filter((layer, index) => fn(layer, index, []));
    },
    add: (layer) => call('layers.add', [layer]),
    delete: (...ids) => call('layers.delete', [ids]),
    show: (...ids) => call('layers.show', [ids]),
    hide: (...ids) => call('layers.hide', [ids]),
    override: (id, patch) => call('layers.override', [id, patch]),
    get overridden() {
      return call('layers.overridden');
    },
    select: (layerId, featureId) => call('layers.select', [layerId, featureId]),
    selectFeature: (layerId, featureId) => call('layers.select', [layerId, featureId]),
    selectFeatures: (features) => call('layers.selectFeatures', [features]),
    get selected() {
      return call('layers.selected');
    },
    get selectedFeature() {
      return call('layers.selectedFeature');
    },
    findFeatureById: (layerId, featureId) => call('layers.findFeaturesByIds', [layerId, [featureId]])[0] ?? undefined,
    findFeaturesByIds: (layerId, featureIds) => call('layers.findFeaturesByIds', [layerId, featureIds]).map((f: unknown) => f ?? undefined),
    getFeaturesInScreenRect: (rect, condition) => {
      const found: Feature[] = call('layers.featuresInRect', [rect]);
      if (condition === undefined) return found;
      if (typeof condition !== 'function') throw new TypeError('layers.getFeaturesInScreenRect: condition must be a function');
      return found.filter((feature) => condition(feature));
    },
    bringToFront: (id) => call('layers.order', [id, 'front']),
    sendToBack: (id) => call('layers.order', [id, 'back']),
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { layers, events };
}
