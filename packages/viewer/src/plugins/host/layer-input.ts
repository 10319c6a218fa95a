import type { Appearance, Infobox, Layer, LayerType } from '@orbis/plugin-api';
import { isCssColor, LAYER_TYPES, styleExpressionError } from '@orbis/scene/checks';
import { isTilesetSource, TILESET_SOURCES } from './tileset-sources.js';

/** The layer types a plugin may add: the scene's (docs/contract.md §4; a `geotiff` one shows a GeoTIFF the scene shows, docs/rasters.md). */
export const PLUGIN_LAYER_TYPES: readonly LayerType[] = LAYER_TYPES;
/** Re:Earth's raster tile `data.type`s: `tiles` ({z}/{x}/{y} from the north) and `tms` (rows from the south), drawn as `imagery`. */
const REEARTH_TILES = ['tiles', 'tms'] as const;
export const isReearthTiles = (type: unknown): boolean => (REEARTH_TILES as readonly unknown[]).includes(type);
/** The appearance keys (docs/contract.md §7): in Re:Earth's form they sit at the layer's top level. */
export const APPEARANCE_KEYS = ['marker', 'polyline', 'polygon', 'model', '3dtiles'] as const;

/** A plugin's layer, whichever form it was added in: Orbis's (docs/contract.md §4) plus, for Re:Earth's, what it gave. */
export type PluginLayerSpec = Omit<Layer, 'id' | 'pluginId'> & {
  /** Inline GeoJSON (`data: {value}`), instead of `url` or `assetId`; in Re:Earth's form, its whole `data` (docs/contract.md §8). */
  data?: { type?: string; url?: string; value?: unknown; [setting: string]: unknown };
};

const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (path: string, message: string): never => {
  throw new TypeError(`${path.startsWith('patch') ? 'layers.override' : 'layers.add'}: ${path} ${message}`);
};

/**
 * Turns what a plugin gave `layers.add` into one layer: Orbis's form (`{type, url | assetId |
 * data: {value}, …}`) or Re:Earth's (`{type: "simple", data: {type, url?, value?, …settings}, marker?, …}`,
 * whose `{expression: {conditions}}` values become §7's `{conditions}`). A wrong shape is a
 * TypeError naming the field, before anything is added.
 */
export function toPluginLayer(input: unknown): PluginLayerSpec {
  if (!plain(input)) return fail('layer', 'must be an object');
  if (input.type === 'simple') return fromReearth(input);
  const type = layerType(input.type, 'layer.type');
  const sources = (['url', 'assetId'] as const).filter((k) => input[k] !== undefined);
  for (const key of sources) if (typeof input[key] !== 'string' || input[key] === '') fail(`layer.${key}`, 'must be a non-empty string');
  const data = input.data;
  if (data !== undefined && !plain(data)) fail('layer.data', "must be an object: {value} with the data inline, or the type's settings");
  if (plain(data)) dataSettings(data, 'layer.data');
  const inline = plain(data) && data.value !== undefined;
  if (sources.length + (inline ? 1 : 0) !== 1) fail('layer', 'needs exactly one of url, assetId or data: {value}');
  if (inline && type !== 'geojson' && type !== 'czml') fail('layer.data', `inline data is GeoJSON or CZML, not ${type}`);
  return {
    title: title(input.title),
    type,
    ...(typeof input.url === 'string' ? { url: input.url } : {}),
    ...(typeof input.assetId === 'string' ? { assetId: input.assetId } : {}),
    ...(plain(data) ? { data: structuredClone(data) } : {}),
    visible: visible(input.visible, 'layer.visible'),
    ...(input.appearance === undefined ? {} : { appearance: appearance(input.appearance, 'layer.appearance') }),
    ...(input.infobox === undefined ? {} : { infobox: infobox(input.infobox, 'layer.infobox') }),
  };
}

function fromReearth(input: Record<string, unknown>): PluginLayerSpec {
  const data = input.data;
  if (!plain(data)) return fail('layer.data', 'must be {type, url?, value?, …}');
  const type = dataLayerType(data.type, 'layer.data.type');
  if (data.url !== undefined && (typeof data.url !== 'string' || data.url === '')) fail('layer.data.url', 'must be a non-empty string');
  if (isTilesetSource(data.type)) {
    if (data.value !== undefined) fail('layer.data.value', `does not apply to a "${data.type}" layer: its tiles are the source's own`);
  } else if ((data.url === undefined) === (data.value === undefined)) fail('layer.data', 'needs exactly one of url or value');
  dataSettings(data, 'layer.data');
  const look: Record<string, unknown> = {};
  for (const key of APPEARANCE_KEYS) if (input[key] !== undefined) look[key] = input[key];
  const converted = appearance(look, 'layer');
  // Re:Earth's whole `data`, as given (docs/contract.md §8): its settings reach the engine (layerSource).
  const { value, ...settings } = data;
  return {
    title: title(input.title),
    type,
    ...(typeof data.url === 'string' ? { url: data.url } : {}),
    data: { ...structuredClone(settings), ...(value === undefined ? {} : { value }) },
    visible: visible(input.visible, 'layer.visible'),
    ...(Object.keys(converted).length > 0 ? { appearance: converted } : {}),
    ...(input.infobox === undefined ? {} : { infobox: infobox(input.infobox, 'layer.infobox') }),
    // Re:Earth's form is shown back as given, too (docs/contract.md §8).
    ...(look as Pick<Layer, (typeof APPEARANCE_KEYS)[number]>),
  };
}

/** A Re:Earth `data.type`: a layer type, Re:Earth's raster tiles (drawn as `imagery`), or a named 3D Tiles source (drawn as `3dtiles`). */
function dataLayerType(value: unknown, path: string): LayerType {
  if (isTilesetSource(value)) return '3dtiles';
  if (isReearthTiles(value)) return 'imagery';
  if (!PLUGIN_LAYER_TYPES.includes(value as LayerType))
    fail(path, `must be one of ${[...PLUGIN_LAYER_TYPES, ...REEARTH_TILES, ...TILESET_SOURCES].join(', ')}, not ${JSON.stringify(value)}`);
  return value as LayerType;
}

const isColumn = (v: unknown) => (typeof v === 'string' && v !== '') || (Number.isInteger(v) && (v as number) >= 0);
const CSV_COLUMNS = ['latColumn', 'lngColumn', 'heightColumn', 'idColumn'] as const;

/** Checks the shape of Re:Earth's data settings that Orbis reads: `layers` (a string or an array, docs/contract.md §8) and `csv`. */
function dataSettings(data: Record<string, unknown>, path: string): void {
  const layers = data.layers;
  if (layers !== undefined && typeof layers !== 'string' && !(Array.isArray(layers) && layers.every((name) => typeof name === 'string'))) {
    fail(`${path}.layers`, 'must be a layer name, names comma-separated, or an array of names');
  }
  const csv = data.csv;
  if (csv === undefined) return;
  if (!plain(csv)) return fail(`${path}.csv`, 'must be {latColumn?, lngColumn?, heightColumn?, idColumn?, noHeader?, disableTypeConversion?}');
  for (const key of CSV_COLUMNS)
    if (csv[key] !== undefined && !isColumn(csv[key])) fail(`${path}.csv.${key}`, 'must be a column name or a 0-based column index');
  for (const key of ['noHeader', 'disableTypeConversion'])
    if (csv[key] !== undefined && typeof csv[key] !== 'boolean') fail(`${path}.csv.${key}`, 'must be a boolean');
}

function layerType(value: unknown, path: string): LayerType {
  if (!PLUGIN_LAYER_TYPES.includes(value as LayerType)) fail(path, `must be one of ${PLUGIN_LAYER_TYPES.join(', ')}, not ${JSON.stringify(value)}`);
  return value as LayerType;
}

function title(value: unknown): string {
  if (value === undefined) return 'Plugin layer';
  if (typeof value !== 'string') fail('layer.title', 'must be a string');
  return value as string;
}

function visible(value: unknown, path: string): boolean {
  if (value !== undefined && typeof value !== 'boolean') fail(path, 'must be a boolean');
  return value !== false;
}

/** Checks the appearance's shape; each value keeps §7's form (`{expression: {conditions}}` → `{conditions}`). */
function appearance(value: unknown, path: string): Appearance {
  if (!plain(value)) return fail(path, 'must be an object');
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, fields] of Object.entries(value)) {
    if (!(APPEARANCE_KEYS as readonly string[]).includes(key)) fail(`${path}.${key}`, `is not an appearance key; keys: ${APPEARANCE_KEYS.join(', ')}`);
    if (!plain(fields)) fail(`${path}.${key}`, 'must be an object');
    out[key] = Object.fromEntries(Object.entries(fields as Record<string, unknown>).map(([field, v]) => [field, styleValue(v, `${path}.${key}.${field}`)]));
  }
  return out as Appearance;
}

/** Checks an expression as CesiumJS's parser would (the scene's own check, @orbis/scene). */
function expression(source: string, path: string): string {
  const problem = styleExpressionError(source);
  if (problem !== undefined) fail(path, `is not a style expression: ${problem}`);
  return source;
}

function styleValue(value: unknown, path: string): unknown {
  if (typeof value === 'string' && /Color$/.test(path) && !isCssColor(value)) fail(path, `must be a CSS colour, not ${JSON.stringify(value)}`);
  if (!plain(value)) return value;
  if ('expression' in value) {
    const e = value.expression;
    if (typeof e === 'string') return { expression: expression(e, `${path}.expression`) };
    if (plain(e) && Array.isArray(e.conditions)) return { conditions: conditions(e.conditions, `${path}.expression.conditions`) };
    return fail(`${path}.expression`, 'must be a string or {conditions: [[condition, value], …]}');
  }
  if ('conditions' in value) return { conditions: conditions(value.conditions, `${path}.conditions`) };
  return value;
}

function conditions(value: unknown, path: string): [string, string][] {
  if (!Array.isArray(value)) return fail(path, 'must be a list of [condition, value] pairs');
  value.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string')
      fail(`${path}[${i}]`, 'must be [condition, value], two strings');
    expression(pair[0] as string, `${path}[${i}][0]`);
    expression(pair[1] as string, `${path}[${i}][1]`);
  });
  return value as [string, string][];
}

function infobox(value: unknown, path: string): Infobox {
  if (!plain(value)) return fail(path, 'must be an object');
  if (value.title !== undefined && typeof value.title !== 'string') fail(`${path}.title`, 'must be a string');
  if (value.fields !== undefined) {
    if (!Array.isArray(value.fields)) fail(`${path}.fields`, 'must be a list');
    (value.fields as unknown[]).forEach((f, i) => {
      if (!plain(f) || typeof f.label !== 'string' || typeof f.value !== 'string') fail(`${path}.fields[${i}]`, 'must be {label, value}, two strings');
    });
  }
  return value as Infobox;
}

/** What `layers.override` may change (docs/contract.md §8); the appearance keys may also sit at the top level, as in Re:Earth's form. */
const OVERRIDE_KEYS = ['title', 'visible', 'appearance', 'infobox', 'data', ...APPEARANCE_KEYS] as const;

/**
 * Checks a `layers.override` patch and puts Re:Earth's top-level appearance keys under
 * `appearance`. `null` anywhere removes that part of the override, as in `overrideProperty`.
 */
export function toOverridePatch(patch: unknown): Record<string, unknown> {
  if (!plain(patch)) return fail('patch', 'must be an object or null');
  const out: Record<string, unknown> = {};
  const look: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (!(OVERRIDE_KEYS as readonly string[]).includes(key)) fail(`patch.${key}`, `cannot be overridden; these can: ${OVERRIDE_KEYS.join(', ')}`);
    if (value === null) {
      if ((APPEARANCE_KEYS as readonly string[]).includes(key)) look[key] = null;
      else out[key] = null;
    } else if (key === 'title') out.title = title(value);
    else if (key === 'visible') out.visible = visible(value, 'patch.visible');
    else if (key === 'infobox') out.infobox = infobox(value, 'patch.infobox');
    else if (key === 'data') out.data = dataPatch(value);
    else if (key === 'appearance') Object.assign(look, appearanceWithNulls(value, 'patch.appearance'));
    else Object.assign(look, appearanceWithNulls({ [key]: value }, 'patch'));
  }
  if (Object.keys(look).length > 0) out.appearance = look;
  return out;
}

/** Re:Earth's `{type?, url?, value?}` (and the type's settings) for an override; `null` removes a key of it. */
function dataPatch(value: unknown): Record<string, unknown> {
  if (!plain(value)) return fail('patch.data', 'must be {type?, url?, value?} or null');
  if (value.type !== undefined && value.type !== null) dataLayerType(value.type, 'patch.data.type');
  if (value.url !== undefined && value.url !== null && (typeof value.url !== 'string' || value.url === ''))
    fail('patch.data.url', 'must be a non-empty string');
  if (value.url !== undefined && value.url !== null && value.value !== undefined && value.value !== null) fail('patch.data', 'takes url or value, not both');
  dataSettings(Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)), 'patch.data');
  return structuredClone(value);
}

function appearanceWithNulls(value: unknown, path: string): Record<string, unknown> {
  if (!plain(value)) return fail(path, 'must be an object');
  const present = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  const checked = appearance(
    Object.fromEntries(
      Object.entries(present).map(([k, fields]) => [k, plain(fields) ? Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) : fields]),
    ),
    path,
  ) as Record<string, Record<string, unknown>>;
  // Put back the nulls (they remove a field of this plugin's override).
  const out: Record<string, unknown> = {};
  for (const [key, fields] of Object.entries(value)) {
    if (fields === null) out[key] = null;
    else out[key] = { ...Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => v === null)), ...checked[key] };
  }
  return out;
}
