import { GEOMETRY_SCHEMA_ID, geometrySchema } from './geometry-schema.js';
import type { Field } from '@orbis/content-model';

type Schema = Record<string, unknown>;

/** The schema of one value of a field (not a list). */
function valueSchema(field: Field): Schema {
  switch (field.type) {
    case 'text':
    case 'textArea':
    case 'markdown':
      return { type: 'string' };
    case 'richtext':
      return { type: 'string', contentMediaType: 'text/markdown' };
    case 'integer':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'bool':
    case 'checkbox':
      return { type: 'boolean' };
    case 'date':
      // ISO 8601: a calendar date, or a date and time with its offset.
      return { type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] };
    case 'select':
      return { type: 'string', enum: field.options ?? [] };
    case 'tag':
      return { type: 'string', enum: field.values ?? [] };
    case 'url':
      return { type: 'string', format: 'uri', pattern: '^https?://' };
    case 'asset':
      return { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' };
    case 'reference':
      return { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$', description: `the id of an item of the model "${field.model}"` };
    case 'geometry':
      return { $ref: GEOMETRY_SCHEMA_ID };
    case 'group':
      // Its own fields as an item's are: each typed, null when empty, required ones present.
      return { ...itemFieldsSchema(field.fields ?? []), $schema: undefined };
  }
}

function fieldSchema(field: Field): Schema {
  const one = valueSchema(field);
  // A tag or reference list names each value once.
  const schema: Schema = field.multiple
    ? { type: 'array', items: one, ...(field.type === 'tag' || field.type === 'reference' ? { uniqueItems: true } : {}) }
    : one;
  if (field.name) schema.title = field.name;
  return schema;
}

/**
 * The JSON Schema (2020-12) of an item's `fields` as written through the management API: each
 * field's type, `null` for an empty optional field, required fields present and not null, no
 * other key.
 */
export function itemFieldsSchema(fields: Field[]): Schema {
  const properties: Record<string, Schema> = {};
  for (const field of fields) {
    const schema = fieldSchema(field);
    properties[field.key] = field.required ? schema : { anyOf: [schema, { type: 'null' }] };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties,
    required: fields.filter((f) => f.required).map((f) => f.key),
    additionalProperties: false,
  };
}

/**
 * The JSON Schema (2020-12) of an item as the public API answers it (`{model}.schema.json`):
 * `id`, the fields in the model's order (`null` when empty; an asset field is the asset's public
 * record), `createdAt`, `updatedAt`.
 */
export function publicItemSchema(modelKey: string, modelName: string, fields: Field[], itemUrl: string): Schema {
  const properties: Record<string, Schema> = { id: { type: 'string' } };
  for (const field of fields) {
    const schema = field.type === 'asset' ? assetRecordValue(field) : fieldSchema(field);
    properties[field.key] = { anyOf: [schema, { type: 'null' }] };
  }
  properties.createdAt = { type: 'string', format: 'date-time' };
  properties.updatedAt = { type: 'string', format: 'date-time' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: itemUrl,
    title: modelName,
    description: `An item of the content model "${modelKey}"`,
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    $defs: { geometry: { ...geometrySchema, $schema: undefined } },
  };
}

function assetRecordValue(field: Field): Schema {
  const record = {
    type: 'object',
    required: ['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt'],
    properties: { type: { const: 'asset' }, id: { type: 'string' }, url: { type: 'string', format: 'uri' } },
  };
  return field.multiple ? { type: 'array', items: { anyOf: [record, { type: 'null' }] } } : record;
}
