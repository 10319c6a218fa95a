import { isFileLayerType, type LayerType, type SceneLayerType } from '@orbis/scene/checks';

/**
 * The type the engine draws a scene layer as: a GIS file layer (shapefile, GeoPackage,
 * FlatGeobuf, GeoJSON sequence, SPEC §13) as `geojson`, from the WGS84 GeoJSON the server
 * derived from it (`derivedPathOf` picks which); every other type as itself.
 */
export function drawnType(type: SceneLayerType): LayerType {
  return isFileLayerType(type) ? 'geojson' : type;
}
