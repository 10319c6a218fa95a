import type { LayerData } from '@orbis/scene';
import { isFileLayerType, type LayerType, type SceneLayerType } from '@orbis/scene/checks';

/**
 * The type the engine draws a scene layer as: a GIS file layer (shapefile, GeoPackage,
 * FlatGeobuf, GeoJSON sequence, docs/contract.md §13) as `geojson`, from the WGS84 GeoJSON the server
 * derived from it (`derivedPathOf` picks which); a CSV of WKT geometries (`data.wktColumn`) as
 * `geojson`, from the GeoJSON the server answers for it; every other type as itself.
 */
export function drawnType(layer: { type: SceneLayerType; data?: LayerData }): LayerType {
  if (layer.type === 'csv' && layer.data?.wktColumn !== undefined) return 'geojson';
  // A sketch layer (docs/contract.md §18): the editor's drawing, inline GeoJSON in `data.value`.
  return isFileLayerType(layer.type) || layer.type === 'sketch' ? 'geojson' : layer.type;
}
