import {
  Cesium3DTileset,
  CzmlDataSource,
  type DataSource,
  GeoJsonDataSource,
  GpxDataSource,
  type ImageryLayer,
  KmlDataSource,
  Model,
  Resource,
  SingleTileImageryProvider,
  Transforms,
  Cartesian3,
  UrlTemplateImageryProvider,
  type Viewer,
  WebMapServiceImageryProvider,
} from 'cesium';
import { styleEntities, tilesetStyle } from './cesium-appearance.js';
import { csvDataSource } from './cesium-csv.js';
import { rasterImagery } from './cesium-raster-layer.js';
import { watchTiles } from './cesium-tileset-properties.js';
import { layerNames } from '../../layer-names.js';
import type { BatchedLayer } from '../vector/batched-layer.js';
import { CesiumTileLayer } from '../vector/cesium-tile-layer.js';
import { loadVector, type Progress, VectorJob } from '../vector/vector-loader.js';
import type { VectorTools } from '../vector/cesium-vector-layer.js';
import type { ClusterOptions, HeatmapOptions } from '../../vector/vector-protocol.js';
import { HEATMAP_RAMP } from '@orbis/scene/checks';
import type { EngineLayer } from '../../engine.js';

/** What a layer became in Cesium. */
export type LoadedLayer =
  | { kind: 'dataSource'; value: DataSource }
  | { kind: 'tileset'; value: Cesium3DTileset }
  | { kind: 'model'; value: Model }
  | { kind: 'imagery'; value: ImageryLayer }
  | { kind: 'vector'; value: BatchedLayer };

/** Whether two versions of a layer draw the same, so that only its visibility needs to change. */
export function drawsTheSame(a: EngineLayer, b: EngineLayer): boolean {
  const key = (l: EngineLayer) =>
    JSON.stringify([
      l.url,
      l.type,
      l.headers,
      l.appearance,
      l.data,
      l.cluster?.enabled ? l.cluster : undefined,
      (l.filters?.length ?? 0) > 0,
      l.heatmap,
      l.opacity ?? 1,
    ]);
  return key(a) === key(b);
}

/**
 * Whether `b` differs from `a` only in a 3D Tiles layer's appearance, which CesiumJS applies to the
 * loaded tileset (its `Cesium3DTileStyle`) without loading it again: the style panel's changes
 * show at once and its list of the tiles' properties stays.
 */
export function restylesInPlace(a: EngineLayer, b: EngineLayer): boolean {
  return a.type === '3dtiles' && b.type === '3dtiles' && drawsTheSame({ ...a, appearance: undefined }, { ...b, appearance: undefined });
}

/** Gives a loaded tileset the style of its layer's appearance. */
export function restyleTileset(loaded: LoadedLayer, layer: EngineLayer): void {
  if (loaded.kind === 'tileset') loaded.value.style = tilesetStyle(layer.appearance?.['3dtiles'], layer.opacity);
}

/** Loads one layer into the viewer, styled by its appearance; rejects with the reason when it cannot be loaded. */
export async function loadLayer(viewer: Viewer, layer: EngineLayer, progress?: Progress, job?: VectorJob, tools: VectorTools = {}): Promise<LoadedLayer> {
  const loaded = readsFeatures(layer)
    ? await loadFeatures(viewer, layer, progress, job, tools)
    : layer.type === 'mvt'
      ? loadTiles(viewer, layer, progress)
      : await loadUnstyled(viewer, layer);
  if (loaded.kind === 'dataSource') styleEntities(loaded.value.entities.values, layer.appearance, viewer.clock.currentTime);
  restyleTileset(loaded, layer);
  // Its group's opacity (docs/contract.md §18): imagery by its alpha; features by their colours (the batched path's styler); a tileset by its style.
  if (loaded.kind === 'imagery' && layer.opacity !== undefined) loaded.value.alpha *= layer.opacity;
  return loaded;
}

async function addSource<T extends DataSource>(viewer: Viewer, source: T): Promise<LoadedLayer> {
  await viewer.dataSources.add(source);
  return { kind: 'dataSource', value: source };
}

/** A layer the layer worker reads: GeoJSON or CSV, from a URL or inline (a plugin's). */
export type FeatureLayer = Omit<EngineLayer, 'url'> & { url?: string; inline?: unknown };

/** Whether a layer goes through the layer worker (loadFeatures). */
export function readsFeatures(layer: { type: string }): boolean {
  return layer.type === 'geojson' || layer.type === 'csv';
}

/** A plugin's inline features, or a scene layer's kept in the scene (docs/contract.md §18 `data.value`). */
function inlineOf(layer: FeatureLayer): { inline?: unknown } {
  const inline = layer.inline ?? layer.data?.value;
  return inline === undefined ? {} : { inline };
}

/** Starts reading a GeoJSON or CSV layer in a layer worker: parsed and styled there. */
export function startFeatures(layer: FeatureLayer): VectorJob {
  const source = {
    format: layer.type === 'csv' ? ('csv' as const) : ('geojson' as const),
    // The worker resolves URLs against its own script's: hand it an absolute one.
    ...(layer.url ? { url: new URL(layer.url, document.baseURI).href } : {}),
    ...inlineOf(layer),
    ...(layer.headers ? { headers: layer.headers } : {}),
    ...(layer.data ? { data: layer.data } : {}),
  };
  return new VectorJob(
    source,
    layer.appearance,
    layer.appearance?.model !== undefined,
    clusterOptions(layer),
    (layer.filters?.length ?? 0) > 0,
    heatmapOptions(layer),
    layer.opacity,
  );
}

/** docs/contract.md §18 `heatmap` with its defaults (20 px, HEATMAP_RAMP); a clustered layer is no heat map. */
function heatmapOptions(layer: FeatureLayer): HeatmapOptions | undefined {
  const h = layer.heatmap;
  return h && !layer.cluster?.enabled ? { radius: h.radius ?? 20, ramp: [...(h.ramp ?? HEATMAP_RAMP)] } : undefined;
}

/** docs/contract.md §18 `cluster` with its defaults (60 px, clustered up to zoom 16), when it is on. */
function clusterOptions(layer: FeatureLayer): ClusterOptions | undefined {
  const c = layer.cluster;
  return c?.enabled ? { radius: c.radius ?? 60, maxZoom: c.maxZoom ?? 16 } : undefined;
}

/**
 * A GeoJSON or CSV layer, read by a layer worker (`job`, or one started now): drawn on the
 * batched path when it is large, on CesiumJS's entities when it is small (docs/viewer.md, "Large
 * layers").
 */
export async function loadFeatures(
  viewer: Viewer,
  layer: FeatureLayer,
  progress?: Progress,
  job = startFeatures(layer),
  tools: VectorTools = {},
): Promise<LoadedLayer> {
  const loaded = await loadVector(viewer.scene, job, progress, tools);
  if (!('type' in loaded)) return { kind: 'vector', value: loaded };
  if (loaded.csv) return addSource(viewer, csvDataSource(loaded.csv.points, loaded.csv.skipped, layer.id));
  return addSource(viewer, await GeoJsonDataSource.load(loaded.geojson as object, { clampToGround: false }));
}

/** An `mvt` layer (docs/contract.md §13): the tiles in view, styled by its appearance in a worker. */
function loadTiles(viewer: Viewer, layer: EngineLayer, progress?: Progress): LoadedLayer {
  // The worker resolves URLs against its own script's: hand it an absolute template.
  const url = new URL(layer.url, document.baseURI).href.replace(/%7B([xyz])%7D/g, '{$1}');
  return {
    kind: 'vector',
    value: new CesiumTileLayer(
      viewer.scene,
      { url, ...(layer.headers ? { headers: layer.headers } : {}), ...(layer.data ? { data: layer.data } : {}) },
      layer.appearance,
      progress,
      layer.opacity,
    ),
  };
}

async function loadUnstyled(viewer: Viewer, layer: EngineLayer): Promise<LoadedLayer> {
  // A Resource carries the headers to every request the layer makes, relative ones included.
  const resource = new Resource({ url: layer.url, headers: layer.headers });
  switch (layer.type) {
    case 'czml': {
      const source = await CzmlDataSource.load(resource);
      await viewer.dataSources.add(source);
      // A CZML document with a clock sets the scene's time, as Cesium's own apps do.
      if (source.clock) viewer.clockTrackedDataSource = source;
      return { kind: 'dataSource', value: source };
    }
    case 'kml': {
      const source = await KmlDataSource.load(resource, { camera: viewer.scene.camera, canvas: viewer.scene.canvas });
      await viewer.dataSources.add(source);
      return { kind: 'dataSource', value: source };
    }
    case '3dtiles': {
      const tileset = await Cesium3DTileset.fromUrl(resource);
      watchTiles(tileset);
      viewer.scene.primitives.add(tileset);
      return { kind: 'tileset', value: tileset };
    }
    case 'gltf': {
      // A glTF with no position of its own stands at 0°, 0° on the ellipsoid; place it with a scene edit later.
      const model = await Model.fromGltfAsync({ url: resource, modelMatrix: Transforms.eastNorthUpToFixedFrame(Cartesian3.fromDegrees(0, 0, 0)) });
      viewer.scene.primitives.add(model);
      return { kind: 'model', value: model };
    }
    case 'imagery': {
      const maximumLevel = layer.data?.maximumLevel;
      const provider = /\{[xyz]\}/.test(layer.url)
        ? new UrlTemplateImageryProvider({ url: resource, ...(maximumLevel !== undefined ? { maximumLevel } : {}) })
        : await SingleTileImageryProvider.fromUrl(resource);
      const imagery = viewer.imageryLayers.addImageryProvider(provider);
      return { kind: 'imagery', value: imagery };
    }
    case 'geotiff': {
      const imagery = rasterImagery(layer.url, layer.data, layer.headers);
      viewer.imageryLayers.add(imagery);
      return { kind: 'imagery', value: imagery };
    }
    case 'wms': {
      const layers = layerNames(layer.data?.layers);
      if (!layers) throw new Error('a WMS layer needs data.layers: its layer names, a comma-separated string or an array');
      const provider = new WebMapServiceImageryProvider({ url: resource, layers: layers.join(','), parameters: { transparent: true, format: 'image/png' } });
      return { kind: 'imagery', value: viewer.imageryLayers.addImageryProvider(provider) };
    }
    case 'geojson':
    case 'csv':
      return loadFeatures(viewer, layer);
    case 'mvt':
      return loadTiles(viewer, layer);
    case 'gpx':
      // GpxDataSource reads a Resource (so the layer's headers go along); its typings list only string, Blob, Document.
      return addSource(viewer, await GpxDataSource.load(resource as unknown as string, { clampToGround: false }));
  }
}

export function setLayerVisible(loaded: LoadedLayer, visible: boolean): void {
  loaded.value.show = visible;
}

/**
 * Puts layers in the scene's order: each later one draws over the earlier ones (data sources and
 * imagery; 3D tiles and models draw by depth). Already-ordered layers are moved nowhere.
 */
export function orderLayers(viewer: Viewer, inOrder: LoadedLayer[]): void {
  for (const loaded of inOrder) {
    if (loaded.kind === 'dataSource' && viewer.dataSources.contains(loaded.value)) viewer.dataSources.raiseToTop(loaded.value);
    else if (loaded.kind === 'imagery' && viewer.imageryLayers.contains(loaded.value)) viewer.imageryLayers.raiseToTop(loaded.value);
  }
}

export function removeLayer(viewer: Viewer, loaded: LoadedLayer): void {
  switch (loaded.kind) {
    case 'dataSource':
      viewer.dataSources.remove(loaded.value, true);
      return;
    case 'tileset':
    case 'model':
      viewer.scene.primitives.remove(loaded.value);
      return;
    case 'vector':
      loaded.value.destroy();
      return;
    case 'imagery':
      viewer.imageryLayers.remove(loaded.value, true);
  }
}

/** Whether a loaded layer is drawn as it will stay (so its features can be picked): hidden ones count as drawn. */
export function layerDrawn(loaded: LoadedLayer): boolean {
  if (!loaded.value.show) return true;
  switch (loaded.kind) {
    case 'dataSource':
      return !loaded.value.isLoading;
    case 'tileset':
      return loaded.value.tilesLoaded;
    case 'model':
      return loaded.value.ready;
    case 'imagery':
      return loaded.value.ready;
    case 'vector':
      return loaded.value.ready;
  }
}
