import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { INFOBOX_FORMATS } from './infobox-formats.js';
import { LayerTimeSchema } from './layer-time.js';
import { InlineGeoJsonSchema, LayerFieldsSchema } from './inline-geojson.js';

/**
 * docs/contract.md §7: how a layer's features look, and what a click on one shows. Every appearance field
 * takes a literal, `{"expression": E}` or `{"conditions": [[C, E], …]}`, where `E` and `C` are
 * expressions of the 3D Tiles styling language (format `style-expression`, checked by
 * `checkStyleExpression`). Colours are CSS colour strings (format `css-color`, `isCssColor`).
 */

/** A string that is one of `values` (JSON Schema `enum`, which reads better in errors than a union of consts). */
export const stringEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** One expression of the 3D Tiles styling language, such as `${population} > 1000`. */
export const StyleExpressionSchema = Type.String({ format: 'style-expression', minLength: 1, maxLength: 4000 });

/** A CSS colour string: `#ff0000`, `rgba(255,0,0,0.5)`, `red`. */
export const CssColorSchema = Type.String({ format: 'css-color', maxLength: 100 });

/** A field's value given by an expression evaluated per feature. */
export const ExpressionValueSchema = Type.Object({ expression: StyleExpressionSchema }, { additionalProperties: false });

/**
 * One `[condition, value expression]` pair, written as a JSON Schema 2020-12 tuple (`prefixItems`;
 * TypeBox's own `Tuple` emits the draft-07 form).
 */
export const ConditionSchema = Type.Unsafe<[string, string]>({
  type: 'array',
  prefixItems: [StyleExpressionSchema, StyleExpressionSchema],
  items: false,
  minItems: 2,
  maxItems: 2,
});

/** A field's value given by the first condition that holds: `[[condition, value expression], …]`. */
export const ConditionsValueSchema = Type.Object({ conditions: Type.Array(ConditionSchema, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false });

/** A literal of type `T`, an `{expression}` or `{conditions}`. */
export const styled = <T extends TSchema>(literal: T) => Type.Union([literal, ExpressionValueSchema, ConditionsValueSchema]);

const bool = styled(Type.Boolean());
const color = styled(CssColorSchema);
const px = styled(Type.Number({ minimum: 0, maximum: 10_000 }));
const degrees = styled(Type.Number({ minimum: -360, maximum: 360 }));
const heightReference = styled(stringEnum(['none', 'clamp', 'relative']));
/** An absolute http(s) URL or a same-origin path. */
export const HttpUrlSchema = Type.String({ pattern: '^(https?://|/)[^\\s]*$', maxLength: 2000 });

const closed = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Partial(Type.Object(properties, { additionalProperties: false }), { additionalProperties: false });

export const MarkerAppearanceSchema = closed({
  show: bool,
  style: styled(stringEnum(['point', 'image'])),
  pointColor: color,
  pointSize: px,
  pointOutlineColor: color,
  pointOutlineWidth: px,
  image: styled(HttpUrlSchema),
  imageSize: styled(Type.Number({ minimum: 0, maximum: 1000 })),
  label: bool,
  labelText: styled(Type.String({ maxLength: 1000 })),
  labelColor: color,
  labelSize: px,
  heightReference,
});

export const PolylineAppearanceSchema = closed({ show: bool, strokeColor: color, strokeWidth: px, clampToGround: bool });

export const PolygonAppearanceSchema = closed({
  show: bool,
  fill: bool,
  fillColor: color,
  stroke: bool,
  strokeColor: color,
  strokeWidth: px,
  extrudedHeight: styled(Type.Number({ minimum: -100_000, maximum: 10_000_000 })),
  heightReference,
});

export const ModelAppearanceSchema = closed({
  show: bool,
  url: styled(HttpUrlSchema),
  scale: styled(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  heading: degrees,
  pitch: degrees,
  roll: degrees,
  color,
});

export const TilesetAppearanceSchema = closed({ show: bool, color, pointSize: px });

/** docs/contract.md §7 `appearance`: the keys `marker`, `polyline`, `polygon`, `model`, `3dtiles`. */
export const AppearanceSchema = closed({
  marker: MarkerAppearanceSchema,
  polyline: PolylineAppearanceSchema,
  polygon: PolygonAppearanceSchema,
  model: ModelAppearanceSchema,
  '3dtiles': TilesetAppearanceSchema,
});

/**
 * docs/contract.md §8: a plugin's `infoboxBlock` or `storyBlock` extension placed in a layer's infobox or on a
 * story page, with its settings (`app.extension.block.property`).
 */
/** The most blocks one infobox or one story page holds. */
export const MAX_BLOCKS = 20;

export const BlockSchema = Type.Object(
  {
    pluginId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    extensionId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    property: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

/** docs/contract.md §7 `infobox`: a title expression and the fields to list (every property when absent), each with a §14 `format`; §8 its plugins' blocks. */
export const InfoboxSchema = closed({
  blocks: Type.Array(BlockSchema, { maxItems: MAX_BLOCKS }),
  title: StyleExpressionSchema,
  fields: Type.Array(
    Type.Object(
      { label: Type.String({ minLength: 1, maxLength: 200 }), value: StyleExpressionSchema, format: Type.Optional(stringEnum(INFOBOX_FORMATS)) },
      { additionalProperties: false },
    ),
    { maxItems: 100 },
  ),
});

const column = Type.String({ minLength: 1, maxLength: 200 });
/**
 * docs/contract.md §7 and §13 `data`, by layer type: csv columns (lat/lng or one of WKT), wms `layers`,
 * imagery and mvt `maximumLevel`, mvt `layers` and `minimumLevel`, geopackage `table` (and an mvt layer of an uploaded GeoPackage);
 * geotiff's style (§17).
 */
export const LayerDataSchema = closed({
  latColumn: column,
  lngColumn: column,
  heightColumn: column,
  wktColumn: column,
  table: Type.String({ minLength: 1, maxLength: 200 }),
  /** wms: the layer names, comma-separated; mvt: the tile layers to draw (every one when absent). */
  layers: Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })]),
  minimumLevel: Type.Integer({ minimum: 0, maximum: 30 }),
  maximumLevel: Type.Integer({ minimum: 0, maximum: 30 }),
  /** geotiff (docs/contract.md §17, docs/rasters.md): 1-based bands, one, three or four. */
  bands: Type.Array(Type.Integer({ minimum: 1, maximum: 9999 }), { minItems: 1, maxItems: 4 }),
  /** geotiff: the value shown transparent, instead of the file's own nodata. */
  nodata: Type.Number(),
  /** geotiff: colours of one band, low to high: classes with `breaks`, else spread over its values. */
  ramp: Type.Array(CssColorSchema, { minItems: 1, maxItems: 64 }),
  /** geotiff: ascending class limits, one fewer than the ramp's colours. */
  breaks: Type.Array(Type.Number(), { minItems: 1, maxItems: 63 }),
  /** geotiff: one band (a DEM) as a shaded relief. */
  hillshade: Type.Boolean(),
  /** geotiff: how opaque the layer is drawn, 0 to 1 (default 1). */
  opacity: Type.Number({ minimum: 0, maximum: 1 }),
  /** docs/contract.md §18: each feature's time, read from its properties (layer-tools.ts). */
  time: LayerTimeSchema,
  /** geojson: the features kept in the scene itself, in place of a url, asset or model (inline-geojson.ts). */
  value: InlineGeoJsonSchema,
  /** geojson with `value`: the property fields each drawn feature's form has (inline-geojson.ts). */
  fields: LayerFieldsSchema,
});

export type ExpressionValue = Static<typeof ExpressionValueSchema>;
export type ConditionsValue = Static<typeof ConditionsValueSchema>;
/** A field's value: a literal, an `{expression}` or `{conditions}`. */
export type StyleValue<T> = T | ExpressionValue | ConditionsValue;
export type MarkerAppearance = Static<typeof MarkerAppearanceSchema>;
export type PolylineAppearance = Static<typeof PolylineAppearanceSchema>;
export type PolygonAppearance = Static<typeof PolygonAppearanceSchema>;
export type ModelAppearance = Static<typeof ModelAppearanceSchema>;
export type TilesetAppearance = Static<typeof TilesetAppearanceSchema>;
export type Appearance = Static<typeof AppearanceSchema>;
export type Infobox = Static<typeof InfoboxSchema>;
export type Block = Static<typeof BlockSchema>;
export type InfoboxField = NonNullable<Infobox['fields']>[number];
export type LayerData = Static<typeof LayerDataSchema>;
