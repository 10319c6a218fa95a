import { InputError } from '../input-error.js';

/**
 * A small schema language for JSON documents: enough to check a scene and say exactly which
 * field is wrong (`layers[2].type`), with no dependency and no code generation.
 */
export type Schema =
  | { kind: 'string'; maxLength?: number; pattern?: RegExp; oneOf?: readonly string[]; allowEmpty?: boolean }
  | { kind: 'number'; min?: number; max?: number; integer?: boolean }
  | { kind: 'boolean' }
  | { kind: 'array'; items: Schema; maxItems?: number }
  | { kind: 'object'; fields: Record<string, Schema>; required?: readonly string[] };

export const str = (o: Omit<Extract<Schema, { kind: 'string' }>, 'kind'> = {}): Schema => ({ kind: 'string', ...o });
export const num = (o: Omit<Extract<Schema, { kind: 'number' }>, 'kind'> = {}): Schema => ({ kind: 'number', ...o });
export const bool: Schema = { kind: 'boolean' };
export const arr = (items: Schema, maxItems = 1000): Schema => ({ kind: 'array', items, maxItems });
export const obj = (fields: Record<string, Schema>, required: readonly string[] = []): Schema => ({ kind: 'object', fields, required });

/** Throws the InputError of one field: `path: message`. */
export function fail(path: string, message: string): never {
  throw new InputError(path || 'body', `${path || 'the body'}: ${message}`);
}

/** Throws an InputError naming the first field of `value` that does not fit `schema`. */
export function check(value: unknown, schema: Schema, path = ''): void {
  switch (schema.kind) {
    case 'string': {
      if (typeof value !== 'string') fail(path, 'must be a string');
      if (!schema.allowEmpty && value.trim() === '') fail(path, 'must not be empty');
      if (value.length > (schema.maxLength ?? 10_000)) fail(path, `must be at most ${schema.maxLength ?? 10_000} characters`);
      if (schema.oneOf && !schema.oneOf.includes(value)) fail(path, `must be one of ${schema.oneOf.map((v) => `"${v}"`).join(', ')}`);
      if (schema.pattern && !schema.pattern.test(value)) fail(path, `must match ${schema.pattern.source}`);
      return;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a finite number');
      if (schema.integer && !Number.isInteger(value)) fail(path, 'must be a whole number');
      if (schema.min !== undefined && value < schema.min) fail(path, `must be at least ${schema.min}`);
      if (schema.max !== undefined && value > schema.max) fail(path, `must be at most ${schema.max}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, 'must be true or false');
      return;
    case 'array':
      if (!Array.isArray(value)) fail(path, 'must be an array');
      if (value.length > (schema.maxItems ?? 1000)) fail(path, `must have at most ${schema.maxItems ?? 1000} items`);
      value.forEach((item, i) => check(item, schema.items, `${path}[${i}]`));
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!Object.hasOwn(schema.fields, key)) {
          fail(path ? `${path}.${key}` : key, `is not a known field; known: ${Object.keys(schema.fields).join(', ')}`);
        }
      }
      for (const key of schema.required ?? []) {
        if (record[key] === undefined) fail(path ? `${path}.${key}` : key, 'is required');
      }
      for (const [key, fieldSchema] of Object.entries(schema.fields)) {
        if (record[key] !== undefined) check(record[key], fieldSchema, path ? `${path}.${key}` : key);
      }
    }
  }
}
