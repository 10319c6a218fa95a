/**
 * A GeoJSON geometry (RFC 7946 §3.1) in WGS84, as JSON Schema 2020-12: positions are
 * [longitude, latitude] or [longitude, latitude, height] within the ranges of degrees, linear
 * rings have at least four positions. Collections nest.
 */
const position = {
  type: 'array',
  minItems: 2,
  maxItems: 3,
  prefixItems: [{ type: 'number', minimum: -180, maximum: 180 }, { type: 'number', minimum: -90, maximum: 90 }, { type: 'number' }],
} as const;

const line = { type: 'array', minItems: 2, items: { $ref: '#/$defs/position' } } as const;
const ring = { type: 'array', minItems: 4, items: { $ref: '#/$defs/position' } } as const;
const polygon = { type: 'array', items: { $ref: '#/$defs/ring' } } as const;

function shape(type: string, coordinates: object) {
  return {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: { type: { const: type }, coordinates, bbox: { type: 'array', items: { type: 'number' } } },
  };
}

/** The schema's id: item schemas refer to it with `$ref`. */
export const GEOMETRY_SCHEMA_ID = 'https://orbis.invalid/schemas/geojson-geometry.json';

export const geometrySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: GEOMETRY_SCHEMA_ID,
  title: 'GeoJSON geometry (WGS84)',
  $defs: { position, line, ring, polygon },
  oneOf: [
    shape('Point', { $ref: '#/$defs/position' }),
    shape('MultiPoint', { type: 'array', items: { $ref: '#/$defs/position' } }),
    shape('LineString', { $ref: '#/$defs/line' }),
    shape('MultiLineString', { type: 'array', items: { $ref: '#/$defs/line' } }),
    shape('Polygon', { $ref: '#/$defs/polygon' }),
    shape('MultiPolygon', { type: 'array', items: { $ref: '#/$defs/polygon' } }),
    {
      type: 'object',
      required: ['type', 'geometries'],
      properties: { type: { const: 'GeometryCollection' }, geometries: { type: 'array', items: { $ref: '#' } } },
    },
  ],
} as const;
