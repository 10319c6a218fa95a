/**
 * docs/contract.md §4 layer types the viewer's engine draws; `imagery` is an `{z}/{x}/{y}` URL template, and so is
 * `mvt` (§13: Mapbox Vector Tiles), or an uploaded GeoJSON or GIS file's tiles cut by the server;
 * `geotiff` (§17) the tiles the server cuts of an uploaded GeoTIFF.
 * A scene may also name a {@link FILE_LAYER_TYPES} type, which reaches the engine as `geojson`.
 */
export const LAYER_TYPES = ['geojson', 'czml', 'kml', '3dtiles', 'gltf', 'imagery', 'wms', 'csv', 'gpx', 'mvt', 'geotiff'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/**
 * docs/contract.md §13: the GIS files the server reads and reprojects to one WGS84 GeoJSON, which the viewer
 * draws as a `geojson` layer.
 */
export const FILE_LAYER_TYPES = ['shapefile', 'geopackage', 'flatgeobuf', 'geojsonseq'] as const;
export type FileLayerType = (typeof FILE_LAYER_TYPES)[number];

/**
 * docs/contract.md §18: what the editor draws, its features kept in the scene (`data.value`, inline
 * GeoJSON) and drawn as a `geojson` layer.
 */
export const SKETCH_LAYER_TYPE = 'sketch';

/** Every type a scene document's layer may have. */
export const SCENE_LAYER_TYPES = [...LAYER_TYPES, ...FILE_LAYER_TYPES, SKETCH_LAYER_TYPE] as const;
export type SceneLayerType = (typeof SCENE_LAYER_TYPES)[number];

/** Whether a scene layer type is one of the GIS files drawn from their WGS84 GeoJSON. */
export function isFileLayerType(type: string): type is FileLayerType {
  return (FILE_LAYER_TYPES as readonly string[]).includes(type);
}

/** The layer types whose features the viewer reads whole (GeoJSON, CSV, the GIS files and sketches drawn as GeoJSON): the ones docs/contract.md §18's fields apply to. */
export const FEATURE_LAYER_TYPES: readonly SceneLayerType[] = ['geojson', 'csv', ...FILE_LAYER_TYPES, SKETCH_LAYER_TYPE];
