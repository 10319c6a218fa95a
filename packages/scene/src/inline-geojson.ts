import { type Static, Type } from '@sinclair/typebox';

/**
 * docs/contract.md §18 `sketch` layers' `data.value` and `data.fields`: features kept in the scene
 * itself, as inline GeoJSON (as Re:Earth's `data: { type: "geojson", value }`). The editor's drawing
 * tool writes them (docs/viewer.md, "Drawing in the editor"): points, lines and polygons, an extruded polygon
 * carrying its height in `properties.extrudedHeight`, and the values of the layer's `fields`.
 */

/** How many features a layer kept in the scene may hold: the scene stays small enough to sync live. */
export const MAX_INLINE_FEATURES = 2000;
/** How many vertices one geometry may have. */
export const MAX_INLINE_VERTICES = 5000;

const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 3 });
const Line = Type.Array(Position, { minItems: 2, maxItems: MAX_INLINE_VERTICES });
const Ring = Type.Array(Position, { minItems: 4, maxItems: MAX_INLINE_VERTICES });

export const InlineGeometrySchema = Type.Union([
  Type.Object({ type: Type.Literal('Point'), coordinates: Position }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('LineString'), coordinates: Line }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('Polygon'), coordinates: Type.Array(Ring, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }),
]);

/** A property's value: what the fields' types give (text, number, true/false), or null when not set. */
const PropertyValue = Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean(), Type.Null()]);

export const InlineFeatureSchema = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Type.String({ minLength: 1, maxLength: 100 }),
    geometry: InlineGeometrySchema,
    properties: Type.Record(Type.String({ minLength: 1, maxLength: 200 }), PropertyValue),
  },
  { additionalProperties: false },
);

export const InlineGeoJsonSchema = Type.Object(
  { type: Type.Literal('FeatureCollection'), features: Type.Array(InlineFeatureSchema, { maxItems: MAX_INLINE_FEATURES }) },
  { additionalProperties: false },
);

/** The types a drawn layer's property field may have. */
export const FIELD_TYPES = ['text', 'number', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A drawn layer's small schema: each field a property every feature's form has. */
export const LayerFieldsSchema = Type.Array(
  Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 200 }), type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))) },
    { additionalProperties: false },
  ),
  { maxItems: 50 },
);

export type InlineGeometry = Static<typeof InlineGeometrySchema>;
export type InlineFeature = Static<typeof InlineFeatureSchema>;
export type InlineGeoJson = Static<typeof InlineGeoJsonSchema>;
export type LayerField = Static<typeof LayerFieldsSchema>[number];

/** A geometry's first position off the earth (longitude past ±180°, latitude past ±90°), if it has one. */
export function positionOffEarth(geometry: InlineGeometry): number[] | undefined {
  const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  return positions.find(([lng, lat]) => !(Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90));
}
