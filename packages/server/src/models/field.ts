import { FIELD_TYPES, type Field, type FieldType, GROUP_MEMBER_TYPES } from '@orbis/content-model';
import { checkDisplayText } from '../display-text.js';
import { InputError } from '../input-error.js';

/** What a model is made of before the store gives it an id: its key, name, flag and fields. */
export interface ModelDraft {
  key: string;
  name: string;
  public: boolean;
  review: boolean;
  fields: Field[];
}

export const MODEL_KEY = /^[a-z][a-z0-9_-]{0,62}$/;
export const FIELD_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Keys an item record already uses for itself. */
const RESERVED_FIELD_KEYS = new Set(['id', 'createdAt', 'updatedAt']);
/** A model key the public API routes to something else. */
const RESERVED_MODEL_KEYS = new Set(['assets']);
export const MAX_FIELDS = 100;
export const MAX_NAME_LENGTH = 200;
const MAX_OPTIONS = 1000;
const FIELD_PROPS = ['key', 'type', 'name', 'required', 'multiple', 'options', 'values', 'model', 'fields'];
/** The most fields a group holds. */
const MAX_GROUP_FIELDS = 30;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A model key as docs/contract.md §10 allows it; throws an InputError naming `key` otherwise. */
export function checkModelKey(value: unknown): string {
  if (typeof value !== 'string' || !MODEL_KEY.test(value) || RESERVED_MODEL_KEYS.has(value)) {
    throw new InputError('key', `"key" must match [a-z][a-z0-9_-]{0,62} and not be "assets", got "${show(value)}"`);
  }
  return value;
}

export function checkModelName(value: unknown): string {
  return checkDisplayText(value, 'name', { max: MAX_NAME_LENGTH });
}

function checkField(value: unknown, at: string): Field {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(at, `${at} must be an object`);
  const raw = value as Record<string, unknown>;
  for (const prop of Object.keys(raw)) {
    if (!FIELD_PROPS.includes(prop)) throw new InputError(`${at}.${prop}`, `unknown property "${show(prop)}" in ${at}; allowed: ${FIELD_PROPS.join(', ')}`);
  }
  const { key, type } = raw;
  if (typeof key !== 'string' || !FIELD_KEY.test(key) || RESERVED_FIELD_KEYS.has(key)) {
    throw new InputError(`${at}.key`, `${at}.key must match [A-Za-z_][A-Za-z0-9_]{0,62} and not be id, createdAt or updatedAt, got "${show(key)}"`);
  }
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
    throw new InputError(`${at}.type`, `${at}.type must be one of ${FIELD_TYPES.join(', ')}, got "${show(type)}"`);
  }
  const field: Field = { key, type: type as FieldType };
  if (raw.name !== undefined) {
    field.name = checkDisplayText(raw.name, `${at}.name`, { max: MAX_NAME_LENGTH, allowEmpty: true });
  }
  for (const flag of ['required', 'multiple'] as const) {
    if (raw[flag] === undefined) continue;
    if (typeof raw[flag] !== 'boolean') throw new InputError(`${at}.${flag}`, `${at}.${flag} must be true or false`);
    field[flag] = raw[flag];
  }
  // A select's options and a tag field's values are lists of the same kind.
  for (const [prop, owner] of [
    ['options', 'select'],
    ['values', 'tag'],
  ] as const) {
    if (type !== owner) {
      if (raw[prop] !== undefined) throw new InputError(`${at}.${prop}`, `${at}.${prop} is only for ${owner} fields`);
      continue;
    }
    const list = raw[prop];
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_OPTIONS || !list.every((o) => typeof o === 'string' && o !== '')) {
      throw new InputError(`${at}.${prop}`, `${at}.${prop} must be a list of 1 to ${MAX_OPTIONS} non-empty strings for a ${owner} field`);
    }
    if (new Set(list).size !== list.length) throw new InputError(`${at}.${prop}`, `${at}.${prop} has a value twice`);
    field[prop] = list as string[];
  }
  if (type === 'reference') {
    if (typeof raw.model !== 'string' || !MODEL_KEY.test(raw.model))
      throw new InputError(`${at}.model`, `${at}.model must name a model of the project for a reference field`);
    field.model = raw.model;
  } else if (raw.model !== undefined) {
    throw new InputError(`${at}.model`, `${at}.model is only for reference fields`);
  }
  if (type === 'group') {
    const members = raw.fields;
    if (!Array.isArray(members) || members.length === 0 || members.length > MAX_GROUP_FIELDS)
      throw new InputError(`${at}.fields`, `${at}.fields must be a list of 1 to ${MAX_GROUP_FIELDS} fields for a group field`);
    field.fields = uniqueKeys(
      members.map((m, i) => checkField(m, `${at}.fields[${i}]`)),
      `${at}.fields`,
    );
    field.fields.forEach((m, i) => {
      if (!GROUP_MEMBER_TYPES.includes(m.type))
        throw new InputError(
          `${at}.fields[${i}].type`,
          `${at}.fields[${i}].type must be one of ${GROUP_MEMBER_TYPES.join(', ')} inside a group, got "${m.type}"`,
        );
    });
  } else if (raw.fields !== undefined) {
    throw new InputError(`${at}.fields`, `${at}.fields is only for group fields`);
  }
  return field;
}

/** A model's fields as docs/contract.md §10 allows them: at most MAX_FIELDS, each valid, keys unique. */
export function checkFields(value: unknown): Field[] {
  if (!Array.isArray(value)) throw new InputError('fields', '"fields" must be a list of fields');
  if (value.length > MAX_FIELDS) throw new InputError('fields', `a model has at most ${MAX_FIELDS} fields, got ${value.length}`);
  return uniqueKeys(
    value.map((f, i) => checkField(f, `fields[${i}]`)),
    'fields',
  );
}

/** `fields`, when no key is used twice; else an InputError naming the second. */
function uniqueKeys(fields: Field[], at: string): Field[] {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.key)) throw new InputError(`${at}[${i}].key`, `${at}[${i}].key "${f.key}" is used twice`);
    seen.add(f.key);
  });
  return fields;
}

/** A `POST …/models` body, checked. */
export function parseModelDraft(body: Record<string, unknown>): ModelDraft {
  const key = checkModelKey(body.key);
  const name = body.name === undefined ? key : checkModelName(body.name);
  if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
  if (body.review !== undefined && typeof body.review !== 'boolean') throw new InputError('review', '"review" must be true or false');
  return { key, name, public: body.public === true, review: body.review === true, fields: checkFields(body.fields ?? []) };
}

/** The first geometry field of a model: the one `.geojson` draws. */
export function firstGeometryField(fields: Field[]): Field | undefined {
  return fields.find((f) => f.type === 'geometry');
}
