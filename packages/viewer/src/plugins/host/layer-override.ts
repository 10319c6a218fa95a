import type { Layer, LayerType } from '@orbis/plugin-api';
import type { PluginLayerSource } from '../../engine/engine-plugin-layers.js';
import { PLUGIN_LAYER_TYPES } from './layer-input.js';
import { mergeOverride } from './property-layers.js';
import { isReearthTiles } from './layer-input.js';
import { isTilesetSource, tilesetSourceUrl } from './tileset-sources.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Merges a `layers.override` patch (checked by toOverridePatch) into a layer or an override, as
 * `overrideProperty` merges (docs/contract.md §8), except in `data`: a `url` or `value` there is a new
 * source, so it replaces the other one, and `value` (GeoJSON or CZML) is taken whole: two
 * documents merged key by key would make a third that nobody wrote.
 */
export function mergeLayerOverride(target: Json, patch: Json): Json {
  const { data, ...rest } = patch;
  const out = mergeOverride(target, rest);
  if (data === null) delete out.data;
  else if (isObject(data)) {
    const merged = mergeData(isObject(target.data) ? target.data : {}, data);
    if (Object.keys(merged).length === 0) delete out.data;
    else out.data = merged;
  }
  return out;
}

function mergeData(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  if (patch.url !== undefined && patch.url !== null) delete out.value;
  if (patch.value !== undefined && patch.value !== null) delete out.url;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (key !== 'value' && isObject(value)) out[key] = mergeOverride(isObject(out[key]) ? (out[key] as Json) : {}, value);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** The layer type a layer's data says (Re:Earth's `data.type`; a named 3D Tiles source is `3dtiles`, Re:Earth's raster tiles `imagery`), else its own. */
export function dataType(layer: Layer): LayerType {
  const type = (layer as { data?: { type?: unknown } }).data?.type;
  if (isTilesetSource(type)) return '3dtiles';
  if (isReearthTiles(type)) return 'imagery';
  return PLUGIN_LAYER_TYPES.includes(type as LayerType) ? (type as LayerType) : layer.type;
}

/**
 * What the engine draws for a layer: inline `data.value` first, then `data.url`, then the layer's
 * own `url` (or its asset's, by `assetUrl`); a named 3D Tiles source's tileset (tileset-sources.ts).
 * The rest of `data` is the type's settings (CSV columns, WMS layers, …).
 */
export function layerSource(
  layer: Layer,
  assetUrl: (assetId: string) => string | undefined,
  rasterUrl: (source: string) => string | undefined = () => undefined,
): PluginLayerSource {
  const data = ((layer as { data?: Json }).data ?? {}) as Json;
  const inline = data.value;
  const type = dataType(layer);
  // A named 3D Tiles source (Re:Earth's `reearth-buildings`, …): its tileset, or why it has none.
  let named: { url: string } | { problem: string } | undefined = isTilesetSource(data.type) ? tilesetSourceUrl(data.type, data) : undefined;
  let own = typeof data.url === 'string' ? data.url : (layer.url ?? (layer.assetId === undefined ? undefined : assetUrl(layer.assetId)));
  // Re:Earth's TMS tiles count rows from the south (CesiumJS's {reverseY}).
  if (data.type === 'tms' && own !== undefined) own = own.replace('{y}', '{reverseY}');
  if (type === 'geotiff') {
    // A GeoTIFF the page serves (docs/rasters.md, "Plugins"): the tiles of the scene's geotiff layer of that asset or URL, in the plugin's own style.
    const source = layer.assetId ?? (typeof data.url === 'string' ? data.url : layer.url);
    const tiles = source === undefined ? undefined : rasterUrl(source);
    named =
      tiles !== undefined
        ? { url: tiles }
        : {
            problem: `a geotiff layer shows a GeoTIFF that a geotiff layer of the scene shows (by its assetId or URL): ${JSON.stringify(source ?? null)} is none`,
          };
  }
  const url = inline !== undefined ? undefined : named ? ('url' in named ? named.url : undefined) : own;
  const settings = Object.fromEntries(Object.entries(data).filter(([key]) => !['value', 'type', 'url'].includes(key)));
  return {
    id: layer.id,
    type,
    visible: layer.visible,
    ...(url === undefined ? {} : { url }),
    ...(inline === undefined ? {} : { inline }),
    ...(named && 'problem' in named ? { problem: named.problem } : {}),
    ...(layer.appearance ? { appearance: layer.appearance as PluginLayerSource['appearance'] } : {}),
    ...(Object.keys(settings).length > 0 ? { data: settings as PluginLayerSource['data'] } : {}),
  };
}
