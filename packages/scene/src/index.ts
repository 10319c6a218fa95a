export {
  type Appearance,
  AppearanceSchema,
  type ConditionsValue,
  ConditionsValueSchema,
  CssColorSchema,
  type ExpressionValue,
  ExpressionValueSchema,
  HttpUrlSchema,
  type Block,
  BlockSchema,
  MAX_BLOCKS,
  type Infobox,
  type InfoboxField,
  InfoboxSchema,
  type LayerData,
  LayerDataSchema,
  type MarkerAppearance,
  MarkerAppearanceSchema,
  type ModelAppearance,
  ModelAppearanceSchema,
  type PolygonAppearance,
  PolygonAppearanceSchema,
  type PolylineAppearance,
  PolylineAppearanceSchema,
  StyleExpressionSchema,
  type StyleValue,
  type TilesetAppearance,
  TilesetAppearanceSchema,
} from './appearance-schema.js';
export {
  type Camera,
  CameraSchema,
  LAYER_TYPES,
  SCENE_LAYER_TYPES,
  type SceneLayerType,
  type Layer,
  LayerSchema,
  type LayerType,
  type Scene,
  SceneSchema,
  type SceneTimeline,
  SceneTimelineSchema,
  type SceneViewerProperty,
  type StoryPage,
  StoryPageSchema,
  type ViewerProperty,
  ViewerPropertySchema,
  WIDGET_AREAS,
  type Widget,
  type WidgetArea,
  WidgetSchema,
} from './scene-schema.js';
export { type SceneProblem, sceneProblem } from './scene-rules.js';
export {
  ClusterSchema,
  FILTER_TYPES,
  type FilterType,
  HeatmapSchema,
  type LayerCluster,
  type LayerFilter,
  LayerFilterSchema,
  type LayerGroup,
  LayerGroupSchema,
  type LayerHeatmap,
  layerToolsProblem,
} from './layer-tools.js';
export { type LayerTime, LayerTimeSchema } from './layer-time.js';
export {
  FIELD_TYPES,
  type FieldType,
  type InlineFeature,
  type InlineGeometry,
  type InlineGeoJson,
  InlineGeoJsonSchema,
  type LayerField,
  LayerFieldsSchema,
  MAX_INLINE_FEATURES,
} from './inline-geojson.js';
export { HEATMAP_RAMP } from './heatmap-ramp.js';
export { defaultScene } from './default-scene.js';
export { FEATURE_LAYER_TYPES, FILE_LAYER_TYPES, type FileLayerType, isFileLayerType } from './layer-types.js';
export {
  convertsFromUrl,
  type ConvertedUrlLayer,
  DERIVED_GEOJSON_PATH,
  derivedPathOf,
  derivedTablePath,
  publishedUrlLayerPath,
  urlLayerQuery,
  VECTOR_FORMATS,
  type VectorFormat,
  vectorFormatOf,
  vectorFormatOfContentType,
  wktColumnQuery,
} from './vector-formats.js';
export { isTile, MAX_TILE_ZOOM, TILED_LAYER_BYTES, TILE_ID_PROPERTY, TILE_LAYER, TILES_PATH, TILES_TEMPLATE, tilesUrlOf } from './vector-tiles.js';
export type { PublishedLayer, PublishedSnapshot, PublishedTerrain } from './published-snapshot.js';
export { checkStyleExpression, StyleExpressionError, styleExpressionError } from './style-expression.js';
export { CSS_COLOR_NAMES, isCssColor } from './css-color.js';
export { PMTILES_CONTENT_TYPE, TILE_TYPES, type TileType } from './tile-types.js';
export { INFOBOX_FORMATS, type InfoboxFormat } from './infobox-formats.js';
export { VIDEO_PLAYER_ORIGINS } from './video-players.js';
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
