import type { Layer, Scene, SceneLayerType, SceneTimeline } from './scene-schema.js';
import { MAX_TIMELINE_SPEED } from './timeline-limits.js';
import { rasterStyleProblem } from './raster-layers.js';
import { layerToolsProblem } from './layer-tools.js';
import { FEATURE_LAYER_TYPES } from './layer-types.js';
import { positionOffEarth } from './inline-geojson.js';

/** A field of a document that breaks a rule: its path (`layers[2].data`) and what is wrong. */
export interface SceneProblem {
  path: string;
  message: string;
}

/** Which layer types each `data` key belongs to (docs/contract.md §7). */
const DATA_KEYS: Record<string, readonly SceneLayerType[]> = {
  wktColumn: ['csv'],
  table: ['geopackage', 'mvt'],
  latColumn: ['csv'],
  lngColumn: ['csv'],
  heightColumn: ['csv'],
  layers: ['wms', 'mvt'],
  minimumLevel: ['mvt'],
  maximumLevel: ['imagery', 'mvt'],
  bands: ['geotiff'],
  nodata: ['geotiff'],
  ramp: ['geotiff'],
  breaks: ['geotiff'],
  hillshade: ['geotiff'],
  opacity: ['geotiff'],
  time: FEATURE_LAYER_TYPES,
  value: ['sketch'],
  fields: ['sketch'],
};

/** Content models are read as GeoJSON (`.geojson`) or CSV (`.csv`), docs/contract.md §10. */
const MODEL_TYPES: readonly SceneLayerType[] = ['geojson', 'csv'];

function layerProblem(layer: Layer, path: string): SceneProblem | undefined {
  if (layer.type === 'sketch' && layer.data?.value === undefined) return { path: `${path}.data.value`, message: 'is required: the features of a sketch layer' };
  const sources = [layer.url, layer.assetId, layer.model, layer.data?.value].filter((v) => v !== undefined).length;
  if (sources !== 1) return { path, message: 'needs exactly one of "url", "assetId", "model" and "data.value"' };
  const fieldNames = (layer.data?.fields ?? []).map((f) => f.name);
  const twice = fieldNames.find((name, i) => fieldNames.indexOf(name) !== i);
  if (twice !== undefined) return { path: `${path}.data.fields`, message: `names the field "${twice}" twice` };
  const ids = (layer.data?.value?.features ?? []).map((f) => f.id);
  const again = ids.find((id, i) => ids.indexOf(id) !== i);
  if (again !== undefined) return { path: `${path}.data.value`, message: `has two features of id "${again}"` };
  const features = layer.data?.value?.features ?? [];
  const off = features.findIndex((f) => positionOffEarth(f.geometry));
  if (off >= 0) {
    const at = JSON.stringify(positionOffEarth(features[off]!.geometry));
    return {
      path: `${path}.data.value.features[${off}].geometry`,
      message: `has the position ${at} off the earth (longitude within ±180°, latitude within ±90°)`,
    };
  }
  if (layer.model !== undefined && !MODEL_TYPES.includes(layer.type)) {
    return { path: `${path}.model`, message: `a content model shows as a "geojson" or "csv" layer, not "${layer.type}"` };
  }
  for (const key of Object.keys(layer.data ?? {})) {
    const types = DATA_KEYS[key]!;
    if (!types.includes(layer.type)) return { path: `${path}.data.${key}`, message: `applies only to ${types.join(', ')} layers` };
  }
  if (layer.data?.wktColumn !== undefined && (layer.data.latColumn !== undefined || layer.data.lngColumn !== undefined)) {
    return { path: `${path}.data.wktColumn`, message: 'takes the place of latColumn and lngColumn: give one or the other' };
  }
  if (layer.data?.wktColumn !== undefined && layer.model !== undefined) {
    return { path: `${path}.data.wktColumn`, message: 'applies to a CSV file (an asset or a URL), not to a content model' };
  }
  if (layer.type === 'wms' && typeof layer.data?.layers !== 'string') {
    return { path: `${path}.data.layers`, message: 'is required: the WMS layer names to draw, comma-separated' };
  }
  if (layer.type === 'mvt' && typeof layer.data?.layers === 'string') {
    return { path: `${path}.data.layers`, message: 'lists the tile layers to draw: an array of names' };
  }
  if (layer.type === 'mvt' && layer.data?.table !== undefined && layer.assetId === undefined) {
    return { path: `${path}.data.table`, message: 'applies to an mvt layer of an uploaded GeoPackage (assetId): the table whose tiles the server cuts' };
  }
  if (layer.type === 'mvt' && layer.url !== undefined && !['{z}', '{x}', '{y}'].every((k) => layer.url!.includes(k))) {
    return { path: `${path}.url`, message: 'is a tile URL template with {z}, {x} and {y}' };
  }
  if (layer.type === 'geotiff') {
    if (layer.model !== undefined)
      return { path: `${path}.model`, message: 'a geotiff layer shows a GeoTIFF uploaded to the project (assetId) or named by URL (url)' };
    if (layer.url !== undefined && !/^https?:\/\//i.test(layer.url))
      return { path: `${path}.url`, message: 'is the http or https URL of a GeoTIFF (a COG, best), which the server reads by ranges' };
    const problem = rasterStyleProblem(layer.data ?? {});
    if (problem) return { path: `${path}.data.${problem.key}`, message: problem.message };
  }
  if (layer.data?.minimumLevel !== undefined && layer.data.maximumLevel !== undefined && layer.data.minimumLevel > layer.data.maximumLevel) {
    return { path: `${path}.data.minimumLevel`, message: 'is deeper than maximumLevel' };
  }
  return undefined;
}

/** A `pmtiles` basemap names its archive by `assetId` (docs/contract.md §14), and only it does. */
function tileProblem(tile: NonNullable<Scene['property']['tiles']>[number], path: string): SceneProblem | undefined {
  if (tile.type === 'pmtiles' && tile.assetId === undefined)
    return { path: `${path}.assetId`, message: 'is required: the PMTiles archive uploaded to the project' };
  if (tile.type === 'pmtiles' && tile.url !== undefined)
    return { path: `${path}.url`, message: 'does not apply: a pmtiles basemap is an archive of the project, named by assetId' };
  if (tile.type !== 'pmtiles' && tile.assetId !== undefined) return { path: `${path}.assetId`, message: 'applies only to pmtiles basemaps' };
  return undefined;
}

/**
 * The rules of the scene's clock that JSON Schema cannot say: its times are real dates (not
 * 2026-02-30), and the timeline does not stop before it starts. The editor checks its clock fields
 * with it before saving; the server checks every document.
 */
export function timelineProblem(timeline: SceneTimeline): SceneProblem | undefined {
  if (timeline.speed !== undefined && !(Math.abs(timeline.speed) <= MAX_TIMELINE_SPEED)) {
    return {
      path: 'timeline.speed',
      message: `must be a number between -${MAX_TIMELINE_SPEED.toLocaleString('en-US')} and ${MAX_TIMELINE_SPEED.toLocaleString('en-US')}`,
    };
  }
  for (const key of ['start', 'stop', 'current'] as const) {
    const value = timeline[key];
    if (value !== undefined && !Number.isFinite(Date.parse(value))) return { path: `timeline.${key}`, message: `"${value}" is not a date and time` };
  }
  if (timeline.start !== undefined && timeline.stop !== undefined && Date.parse(timeline.start) > Date.parse(timeline.stop)) {
    return { path: 'timeline.stop', message: 'must not be before timeline.start' };
  }
  return undefined;
}

/**
 * The rules of a scene that span fields, which JSON Schema cannot say: one source per layer,
 * `data` keys that fit the layer's type, unique layer, group and story page ids, §18's layer
 * fields (layer-tools.ts). Call it on a document
 * that already fits `SceneSchema`.
 */
export function sceneProblem(scene: Scene): SceneProblem | undefined {
  for (const [i, tile] of (scene.property.tiles ?? []).entries()) {
    const problem = tileProblem(tile, `property.tiles[${i}]`);
    if (problem) return problem;
  }
  const groups = new Set<string>();
  for (const [i, group] of (scene.groups ?? []).entries()) {
    if (groups.has(group.id)) return { path: `groups[${i}].id`, message: `repeats the id "${group.id}" of an earlier group` };
    groups.add(group.id);
  }
  const layerIds = new Set<string>();
  for (const [i, layer] of scene.layers.entries()) {
    const problem = layerProblem(layer, `layers[${i}]`) ?? layerToolsProblem(layer, `layers[${i}]`, groups);
    if (problem) return problem;
    if (layerIds.has(layer.id)) return { path: `layers[${i}].id`, message: `repeats the id "${layer.id}" of an earlier layer` };
    layerIds.add(layer.id);
  }
  const terrain = scene.property.terrain;
  if (terrain?.type === 'dem' && (terrain.assetId === undefined) === (terrain.url === undefined))
    return {
      path: 'property.terrain.assetId',
      message: `${terrain.assetId === undefined ? 'is required' : 'goes without "url"'}: the elevation GeoTIFF uploaded to the project, or "url" of one (a COG, best)`,
    };
  if (terrain?.type !== 'dem' && terrain?.assetId !== undefined) return { path: 'property.terrain.assetId', message: 'applies only to terrain type "dem"' };
  const timeline = timelineProblem(scene.timeline ?? {});
  if (timeline) return timeline;
  const pageIds = new Set<string>();
  for (const [i, page] of scene.story.pages.entries()) {
    if (pageIds.has(page.id)) return { path: `story.pages[${i}].id`, message: `repeats the id "${page.id}" of an earlier page` };
    if (page.time !== undefined && !Number.isFinite(Date.parse(page.time)))
      return { path: `story.pages[${i}].time`, message: `"${page.time}" is not a date and time` };
    pageIds.add(page.id);
  }
  return undefined;
}
