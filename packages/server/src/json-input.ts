import { isCssColor, styleExpressionError } from '@orbis/scene';
import type { ErrorObject, Schema, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { InputError } from './input-error.js';
import { checkJsonDepth } from './json-depth.js';

/*
 * JSON bodies are checked by Ajv, the validator Fastify itself uses, against JSON Schemas
 * (2020-12) declared once (the scene's in @orbis/scene), each compiled once. Two formats are Orbis's own:
 * `css-color` (a colour CesiumJS reads) and `style-expression` (an expression CesiumJS's parser
 * accepts). Ajv's errors become one InputError naming the JSON path, as `layers[0].type`.
 */
const ajv = new Ajv2020({ allErrors: false, verbose: true, strictTypes: false });
ajv.addFormat('css-color', { type: 'string', validate: isCssColor });
ajv.addFormat('style-expression', { type: 'string', validate: (s: string) => styleExpressionError(s) === undefined });

/** Throws the InputError of one field: `path: message` (the body itself is `the body`). */
export function fail(path: string, message: string): never {
  throw new InputError(path || 'body', `${path || 'the body'}: ${message}`);
}

/**
 * Compiles `schema` once (on first use) and returns a check that gives the value back typed, or throws an
 * InputError naming the first bad field, its path prefixed by `root` (`manifest.extensions[0].id`).
 */
export function jsonInput<T>(schema: Schema, root = ''): (value: unknown) => T {
  // Compiled on first use, once: the scene's schema takes about half a second, which a CLI
  // command that never checks a body should not pay.
  let validate: ValidateFunction<T> | undefined;
  return (value) => {
    checkJsonDepth(value, root || 'the body');
    validate ??= ajv.compile<T>(schema);
    if (validate(value)) return value;
    const { path, message } = explain(validate.errors ?? []);
    const full = root && path ? (path.startsWith('[') ? `${root}${path}` : `${root}.${path}`) : root || path;
    return fail(full, message);
  };
}

type Explained = { path: string; message: string };

/** `/layers/0/appearance/polygon` → `layers[0].appearance.polygon`. */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, seg) => (/^\d+$/.test(seg) ? `${path}[${seg}]` : path ? `${path}.${seg}` : seg), '');
}

const inBranch = (e: ErrorObject) => /\/anyOf\/\d+\//.test(e.schemaPath);

function pathOf(e: ErrorObject): string {
  const base = jsonPath(e.instancePath);
  const join = (key: string) => (base ? `${base}.${key}` : key);
  if (e.keyword === 'additionalProperties') return join(String(e.params.additionalProperty));
  // A missing key inside one of several forms says nothing of which form was meant.
  if (e.keyword === 'required' && !inBranch(e)) return join(String(e.params.missingProperty));
  return base;
}

const depth = (path: string) => (path === '' ? 0 : path.split(/\.|\[/).length);

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'number' ? 'number' : typeof v;
}

/**
 * Picks the error that best says what is wrong. Where a value may take several forms (a literal,
 * `{expression}`, `{conditions}`), Ajv reports each form's failure: the deepest error wins (a bad
 * expression inside `conditions[1][0]`); at equal depth, the one form whose JSON type fits the
 * value; otherwise the list of the forms.
 */
function explain(errors: ErrorObject[]): Explained {
  const located = errors.map((e) => ({ e, path: pathOf(e) }));
  const deepest = Math.max(...located.map((l) => depth(l.path)));
  const candidates = located.filter((l) => depth(l.path) === deepest);
  const fitting = candidates.filter((l) => l.e.keyword !== 'anyOf' && typeFits(l.e.parentSchema?.type, l.e.data));
  const union = candidates.find((l) => l.e.keyword === 'anyOf');
  const chosen = fitting.length === 1 || !union ? (fitting[0] ?? candidates[0]!) : union;
  return { path: chosen.path, message: messageOf(chosen.e) };
}

function typeFits(type: unknown, data: unknown): boolean {
  const t = jsonType(data);
  return type === t || (type === 'integer' && t === 'number');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a finite number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

function describe(schema: Record<string, any>): string {
  if (schema.format === 'css-color') return 'a CSS colour';
  if (schema.format === 'style-expression') return 'a style expression';
  if (schema.enum) return `one of ${schema.enum.map((v: string) => `"${v}"`).join(', ')}`;
  return TYPE_WORDS[schema.type] ?? 'a value';
}

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'type':
      return `must be ${TYPE_WORDS[p.type] ?? p.type}`;
    case 'enum':
      return `must be ${describe(e.parentSchema ?? {})}`;
    case 'pattern':
      return p.pattern === '\\S' ? 'must not be empty' : `must match ${p.pattern}`;
    case 'format':
      if (p.format === 'css-color') return 'must be a CSS colour such as "#ff0000", "rgba(255,0,0,0.5)" or "red"';
      if (p.format === 'style-expression') return `is not a style expression CesiumJS can read: ${styleExpressionError(String(e.data))}`;
      return `must be a ${p.format}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minItems':
      return `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${p.limit} items`;
    case 'required':
      return inBranch(e) ? `must have the field "${p.missingProperty}"` : 'is required';
    case 'additionalProperties':
      return `is not a known field; known: ${Object.keys(e.parentSchema?.properties ?? {}).join(', ')}`;
    case 'anyOf': {
      const forms = (e.parentSchema?.anyOf ?? []) as Record<string, any>[];
      const literal = forms.find((f) => !(f.type === 'object' && (f.properties?.expression || f.properties?.conditions)));
      return `must be ${literal ? describe(literal) : 'a value'}, {"expression": "…"} or {"conditions": [["…", "…"], …]}`;
    }
    default:
      return e.message ?? 'is not valid';
  }
}
