import { toOverridePatch, toPluginLayer } from '../layer-input.js';
import type { HostOps } from './host-op.js';

/** `app.layers`'s host operations (SPEC §8); layer shapes are checked by layer-input.ts. */
export const LAYERS_OPS: HostOps = {
  'layers.list': { args: [], run: ({ host }) => host.layers.list() },
  'layers.add': { args: [['layer', 'object']], run: ({ sandbox, host }, [layer]) => host.layers.add(sandbox.pluginId, toPluginLayer(layer)) },
  'layers.delete': { args: [['ids', 'strings']], run: ({ sandbox, host }, [ids]) => host.layers.delete(sandbox.pluginId, ids) },
  'layers.show': { args: [['ids', 'strings']], run: ({ host }, [ids]) => host.layers.setVisible(ids, true) },
  'layers.hide': { args: [['ids', 'strings']], run: ({ host }, [ids]) => host.layers.setVisible(ids, false) },
  'layers.override': {
    args: [['id', 'string'], ['patch', 'object?']],
    run: ({ sandbox, host }, [id, patch]) => host.layers.override(sandbox.pluginId, id, patch === null || patch === undefined ? null : toOverridePatch(patch)),
  },
  'layers.select': { args: [['layerId', 'string?'], ['featureId', 'string?']], run: ({ host }, [layerId, featureId]) => host.layers.select(layerId ?? undefined, featureId ?? undefined) },
  'layers.selectFeatures': { args: [['features', 'featureSelection']], run: ({ host }, [features]) => host.layers.selectFeatures(features) },
  'layers.selected': { args: [], run: ({ host }) => host.layers.selected() },
  'layers.selectedFeature': { args: [], run: ({ host }) => host.layers.selectedFeature() },
  'layers.findFeaturesByIds': { args: [['layerId', 'string'], ['featureIds', 'strings']], run: ({ host }, [layerId, ids]) => host.layers.features(layerId, ids) },
  'layers.featuresInRect': { args: [['rect', 'screenRect']], run: ({ host }, [rect]) => host.layers.inRect(rect) },
  'layers.order': { args: [['id', 'string'], ['where', 'string']], run: ({ host }, [id, where]) => host.layers.order(id, where === 'back' ? 'back' : 'front') },
};
