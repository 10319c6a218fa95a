/**
 * The checks a page needs without the schema (`@orbis/scene/checks`): layer types, CSS colours
 * and style expressions. Importing them from here keeps TypeBox and the scene's JSON Schema out of
 * the browser bundles that only check.
 */
export {
  FEATURE_LAYER_TYPES,
  FILE_LAYER_TYPES,
  type FileLayerType,
  isFileLayerType,
  LAYER_TYPES,
  type LayerType,
  SCENE_LAYER_TYPES,
  type SceneLayerType,
} from './layer-types.js';
export {
  convertsFromUrl,
  type ConvertedUrlLayer,
  DERIVED_GEOJSON_PATH,
  derivedPathOf,
  derivedTablePath,
  derivedTablesOf,
  publishedUrlLayerPath,
  urlLayerQuery,
  VECTOR_FORMATS,
  type VectorFormat,
  vectorFormatOf,
  vectorFormatOfContentType,
  wktColumnQuery,
} from './vector-formats.js';
export { isTile, MAX_TILE_ZOOM, TILED_LAYER_BYTES, TILE_ID_PROPERTY, TILE_LAYER, TILES_PATH, TILES_TEMPLATE, tilesUrlOf } from './vector-tiles.js';
export { checkStyleExpression, StyleExpressionError, styleExpressionError } from './style-expression.js';
export { CSS_COLOR_NAMES, isCssColor } from './css-color.js';
export { timelineProblem, type SceneProblem } from './scene-rules.js';
export { MAX_TIMELINE_SPEED } from './timeline-limits.js';
export { TILE_TYPES, type TileType } from './tile-types.js';
export { INFOBOX_FORMATS, type InfoboxFormat } from './infobox-formats.js';
export { ALIAS_PATTERN, ALIAS_RULE, aliasFromName } from './project-alias.js';
export {
  GEOTIFF_NAME,
  GSI_DEM_TILES,
  publishedUrlRasterPath,
  rasterStyleProblem,
  type RasterStyleFields,
  rasterTilesPath,
  rasterValuesUrl,
  TERRAIN_TYPES,
  terrainTilesPath,
  urlRasterTilesPath,
  urlTerrainTilesPath,
  PUBLISHED_URL_TERRAIN_PATH,
} from './raster-layers.js';
export { HEATMAP_RAMP } from './heatmap-ramp.js';
