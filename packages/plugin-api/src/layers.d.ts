// app.layers (docs/contract.md §7, §8).
import type { ListenerOptions } from './common.js';

/** A style value (docs/contract.md §7): a literal, a CesiumJS style expression, or conditions (the first that holds gives the value). */
export type StyleValue<T> = T | { expression: string } | { conditions: [condition: string, value: string][] };
/** Re:Earth's form of a style value: also `{expression: {conditions}}`. */
export type ReearthStyleValue<T> = StyleValue<T> | { expression: { conditions: [condition: string, value: string][] } };

/**
 * `geotiff` (docs/contract.md §17) shows a GeoTIFF that a geotiff layer of the scene shows, by its
 * `assetId` or `url`, in the plugin's own `data` style (`bands`, `nodata`, `ramp`, `breaks`, `hillshade`).
 * @example app.layers.add({ type: 'geotiff', assetId: 'ast_dem', data: { hillshade: true } });
 */
export type LayerType = 'geojson' | 'czml' | 'kml' | '3dtiles' | 'gltf' | 'imagery' | 'wms' | 'csv' | 'gpx' | 'mvt' | 'geotiff';

/** Appearance keys (docs/contract.md §7); every field optional. */
export interface Appearance {
  marker?: Record<string, StyleValue<unknown>>;
  polyline?: Record<string, StyleValue<unknown>>;
  polygon?: Record<string, StyleValue<unknown>>;
  model?: Record<string, StyleValue<unknown>>;
  '3dtiles'?: Record<string, StyleValue<unknown>>;
}

/** What a layer's infobox shows (docs/contract.md §7), each field in an optional §14 `format`. */
export interface Infobox {
  title?: string;
  fields?: { label: string; value: string; format?: 'number' | 'integer' | 'percent' | 'date' | 'url' | 'image' }[];
}

/** A layer as `app.layers` shows it: a plain copy in the scene's form (docs/contract.md §4). */
export interface Layer {
  id: string;
  title: string;
  type: LayerType;
  url?: string;
  assetId?: string;
  visible: boolean;
  appearance?: Appearance;
  infobox?: Infobox;
  /** A content model's key (docs/contract.md §10); for a layer added in Re:Earth's form, its `model` appearance. */
  model?: string | Record<string, unknown>;
  /** Type settings (docs/contract.md §7: CSV columns, WMS layers, …); inline data `{value}`; for Re:Earth's form, its `data`. */
  data?: Record<string, unknown>;
  /** Which plugin added it (absent for the scene's own layers). */
  pluginId?: string;
  /** A layer added in Re:Earth's form keeps its top-level appearance keys too. */
  marker?: Record<string, unknown>;
  polyline?: Record<string, unknown>;
  polygon?: Record<string, unknown>;
  '3dtiles'?: Record<string, unknown>;
}

/** A layer to add in Orbis's form: a URL, a project asset, or inline GeoJSON (`data: {value}`). */
export interface NewLayer {
  title?: string;
  type: LayerType;
  url?: string;
  assetId?: string;
  /** Inline GeoJSON or CZML as `{value}`, or the type's settings (docs/contract.md §7). */
  data?: { value?: unknown; [setting: string]: unknown };
  visible?: boolean;
  appearance?: Appearance;
  infobox?: Infobox;
}

/** Re:Earth's named 3D Tiles sources, drawn as `3dtiles` layers (`osm-buildings` draws Re:Earth Buildings: Orbis has no Cesium ion token). */
export type ReearthTilesetSource = 'reearth-buildings' | 'osm-buildings' | 'google-photorealistic';

/** A column of a CSV by its header, or by its 0-based index. */
type CsvColumn = string | number;

/** Re:Earth's `data` of a layer, kept whole (docs/contract.md §8). */
export interface ReearthData {
  type: LayerType | ReearthTilesetSource;
  /** Not needed by a named 3D Tiles source. */
  url?: string;
  value?: unknown;
  /** WMS layer names (or mvt tile layers): a comma-separated string or an array. */
  layers?: string | string[];
  /** Which columns hold a CSV's positions and ids, by header or index; `noHeader` when the first row is data. */
  csv?: { latColumn?: CsvColumn; lngColumn?: CsvColumn; heightColumn?: CsvColumn; idColumn?: CsvColumn; noHeader?: boolean; disableTypeConversion?: boolean };
  /** `googleMapApiKey` for `google-photorealistic`. */
  serviceTokens?: { googleMapApiKey?: string };
  geojson?: { useAsResource?: boolean };
  time?: { property?: string; interval?: number; updateClockOnLoad?: boolean };
  /** Milliseconds. */
  updateInterval?: number;
  parameters?: Record<string, unknown>;
  [setting: string]: unknown;
}

/** A layer to add in Re:Earth's form: the appearance keys at the top level. */
export interface ReearthLayer {
  type: 'simple';
  data: ReearthData;
  title?: string;
  visible?: boolean;
  infobox?: Infobox;
  marker?: Record<string, ReearthStyleValue<unknown>>;
  polyline?: Record<string, ReearthStyleValue<unknown>>;
  polygon?: Record<string, ReearthStyleValue<unknown>>;
  model?: Record<string, ReearthStyleValue<unknown>>;
  '3dtiles'?: Record<string, ReearthStyleValue<unknown>>;
}

/** A `layers.override` patch; `null` values remove what this plugin's override set. */
export interface LayerOverride {
  title?: string | null;
  visible?: boolean | null;
  appearance?: Appearance | null;
  infobox?: Infobox | null;
  marker?: Record<string, unknown> | null;
  polyline?: Record<string, unknown> | null;
  polygon?: Record<string, unknown> | null;
  model?: Record<string, unknown> | null;
  '3dtiles'?: Record<string, unknown> | null;
  /**
   * New data, as Re:Earth's `override(id, {data})`: the layer is loaded again from it and `load`
   * fires. A `url` or `value` replaces the layer's source; `value` (GeoJSON or CZML) is taken whole.
   */
  data?: { type?: LayerType | ReearthTilesetSource | null; url?: string | null; value?: unknown; [setting: string]: unknown } | null;
}

/** One feature of a layer. */
export interface Feature {
  id: string;
  layerId: string;
  properties: Record<string, unknown>;
  /** GeoJSON geometry, where the layer has it. */
  geometry?: unknown;
}

export interface LayersEvents {
  /** `(layerId, featureId)`, both undefined when the selection clears. */
  select: [layerId: string | undefined, featureId: string | undefined];
  load: [{ layerId: string }];
  visible: [{ layerId: string; visible: boolean }];
  /** Re:Earth's edit of a layer's transform in its editor: Orbis has no such editor, so it never fires. */
  edit: [{ layerId: string | undefined }];
}

/** `app.layers`: the scene's layers and this plugin's own. Its layers are never saved into the scene. */
export interface Layers {
  /** Every layer, plain copies: changing one changes nothing. @example for (const l of app.layers.layers) console.log(l.id, l.title, l.visible); */
  readonly layers: Layer[];
  /** @example const l = app.layers.findById('landmarks'); */
  findById(id: string): Layer | undefined;
  /** @example const [a, b] = app.layers.findByIds('a', 'b'); */
  findByIds(...ids: string[]): (Layer | undefined)[];
  /** `parents` (Re:Earth's enclosing groups) is always empty: Orbis's layers are not grouped. @example const tiles = app.layers.find((l) => l.type === '3dtiles'); */
  find(fn: (layer: Layer, index: number, parents: Layer[]) => boolean): Layer | undefined;
  /** @example const hidden = app.layers.findAll((l) => !l.visible); */
  findAll(fn: (layer: Layer, index: number, parents: Layer[]) => boolean): Layer[];
  /**
   * Adds a layer for as long as the page lives; returns its id.
   * @example const id = app.layers.add({ type: 'geojson', title: 'Area', data: { value: { type: 'FeatureCollection', features: [] } } });
   * @example app.layers.add({ type: 'simple', data: { type: 'geojson', url: 'https://example.org/a.geojson' }, marker: { pointColor: 'red' } });
   */
  add(layer: NewLayer | ReearthLayer): string;
  /** Only layers this plugin added; another's throws a TypeError. @example app.layers.delete(id); */
  delete(...ids: string[]): void;
  /** @example app.layers.show('landmarks'); */
  show(...ids: string[]): void;
  /** @example app.layers.hide('landmarks', id); */
  hide(...ids: string[]): void;
  /**
   * This plugin's override of a layer: `title`, `visible`, `appearance` (or its keys at the top level, as Re:Earth writes them), `infobox`, `data`;
   * merged as `overrideProperty` merges (`null` removes a field); `null` as the patch removes the whole override.
   * @example app.layers.override('landmarks', { polygon: { fillColor: 'blue' } });
   * @example app.layers.override('landmarks', null);
   * @example app.layers.override(id, { data: { type: 'geojson', value: { type: 'FeatureCollection', features: [] } } });
   */
  override(id: string, patch: LayerOverride | null): void;
  /**
   * Every layer a plugin overrides (Re:Earth's `overridden`): `{id, …}` with the plugins' overrides
   * merged in the order they came, the appearance keys under `appearance`. A plain copy.
   * @example const mine = app.layers.overridden.find((o) => o.id === 'landmarks');
   */
  readonly overridden: ({ id: string } & LayerOverride)[];
  /** @example app.layers.select('landmarks', 'tokyo-tower'); app.layers.select(); */
  select(layerId?: string, featureId?: string): void;
  /** @example app.layers.selectFeature('landmarks', 'tokyo-tower'); */
  selectFeature(layerId?: string, featureId?: string): void;
  /** @example app.layers.selectFeatures([{ layerId: 'landmarks', featureId: ['a', 'b'] }]); */
  selectFeatures(features: { layerId: string; featureId: string[] }[]): void;
  /** The selected layer, or undefined. @example const l = app.layers.selected; */
  readonly selected: Layer | undefined;
  /** @example console.log(app.layers.selectedFeature?.properties); */
  readonly selectedFeature: Feature | undefined;
  /** @example const f = app.layers.findFeatureById('landmarks', 'tokyo-tower'); */
  findFeatureById(layerId: string, featureId: string): Feature | undefined;
  /** @example const fs = app.layers.findFeaturesByIds('landmarks', ['a', 'b']); */
  findFeaturesByIds(layerId: string, featureIds: string[]): (Feature | undefined)[];
  /**
   * Features shown inside a screen rectangle, those `condition` keeps when given.
   * @example const fs = app.layers.getFeaturesInScreenRect([0, 0, 200, 100], (f) => f.properties.kind === 'school');
   */
  getFeaturesInScreenRect(rect: [x: number, y: number, width: number, height: number], condition?: (feature: Feature) => boolean): Feature[];
  /** @example app.layers.bringToFront(id); */
  bringToFront(id: string): void;
  /** @example app.layers.sendToBack(id); */
  sendToBack(id: string): void;
  /** @example app.layers.on('select', (layerId, featureId) => console.log(layerId, featureId)); */
  on<E extends keyof LayersEvents>(event: E, listener: (...args: LayersEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.layers.off('select', onSelect); */
  off<E extends keyof LayersEvents>(event: E, listener: (...args: LayersEvents[E]) => void): void;
}
