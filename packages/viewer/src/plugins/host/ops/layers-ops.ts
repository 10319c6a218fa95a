import { toOverridePatch, toPluginLayer } from '../layer-input.js';
import type { LAYERS_OPS } from '../../protocol/host-ops.js';
import type { OpHandlers } from './host-op.js';

/** `app.layers`'s host operations (docs/contract.md §8); layer shapes are checked by layer-input.ts. */
export const LAYERS_HANDLERS: OpHandlers<typeof LAYERS_OPS> = {
  'layers.list': ({ host }) => host.layers.list(),
  'layers.add': ({ sandbox, host }, [layer]) => host.layers.add(sandbox.pluginId, toPluginLayer(layer)),
  'layers.delete': ({ sandbox, host }, [ids]) => host.layers.delete(sandbox.pluginId, ids),
  'layers.show': ({ host }, [ids]) => host.layers.setVisible(ids, true),
  'layers.hide': ({ host }, [ids]) => host.layers.setVisible(ids, false),
  'layers.override': ({ sandbox, host }, [id, patch]) =>
    host.layers.override(sandbox.pluginId, id, patch === null || patch === undefined ? null : toOverridePatch(patch)),
  'layers.overridden': ({ host }) => host.layers.overriddenLayers(),
  'layers.select': ({ host }, [layerId, featureId]) => host.layers.select(layerId ?? undefined, featureId ?? undefined),
  'layers.selectFeatures': ({ host }, [features]) => host.layers.selectFeatures(features),
  'layers.selected': ({ host }) => host.layers.selected(),
  'layers.selectedFeature': ({ host }) => host.layers.selectedFeature(),
  'layers.findFeaturesByIds': ({ host }, [layerId, ids]) => host.layers.features(layerId, ids),
  'layers.featuresInRect': ({ host }, [rect]) => host.layers.inRect(rect),
  'layers.order': ({ host }, [id, where]) => host.layers.order(id, where === 'back' ? 'back' : 'front'),
};
