import type { Field, FieldType } from '@orbis/content-model';
import { PageQueryError } from '../assets/page-query.js';
import {
  type Condition,
  type ItemQuery,
  MAX_INDEXED_FIELDS,
  QUERY_OPS,
  type QueryIndexShape,
  type QueryField,
  type QueryKind,
  type QueryOp,
} from '../store/item-query.js';

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textArea', 'markdown', 'select', 'url', 'asset', 'date', 'tag', 'reference', 'richtext']);
/** The fields whose values keyword search (`q`) reads. */
const SEARCHED_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textArea', 'markdown', 'select', 'url', 'tag', 'richtext']);
const QUERY_PARAM = /^(filter|or\[(\d{1,3})\])\[([^\]]*)\]\[([^\]]*)\]$/;
/** At most this many conditions, or-groups and sort keys: a URL is no program. */
const MAX_TERMS = 50;

function kindOf(type: FieldType): QueryKind {
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'bool' || type === 'checkbox') return 'bool';
  return 'text';
}

function queryFields(fields: Field[]): Map<string, QueryField> {
  const byKey = new Map<string, QueryField>();
  for (const f of fields)
    byKey.set(f.key, {
      key: f.key,
      kind: TEXT_TYPES.has(f.type) ? 'text' : kindOf(f.type),
      existsOnly: f.multiple === true || f.type === 'geometry' || f.type === 'group',
    });
  byKey.set('createdAt', { key: 'createdAt', kind: 'time', column: 'created_at', existsOnly: false });
  byKey.set('updatedAt', { key: 'updatedAt', kind: 'time', column: 'updated_at', existsOnly: false });
  return byKey;
}

/** Types whose values can be long: read from the item, not kept in its model's query index. */
const LONG_TYPES: ReadonlySet<FieldType> = new Set(['textArea', 'markdown', 'richtext']);

/** What the model's query indexes hold (docs/content-workflow.md, "Which indexes"). */
export function queryIndexShape(fields: Field[]): QueryIndexShape {
  const byKey = queryFields(fields);
  const indexed = fields.filter((f) => !LONG_TYPES.has(f.type) && !byKey.get(f.key)!.existsOnly).slice(0, MAX_INDEXED_FIELDS);
  return { fields: indexed.map((f) => byKey.get(f.key)!), geometry: fields.find((f) => f.type === 'geometry')?.key };
}

/** Whether a listing request carries a query (any of its parameters), so that it is not a plain page. */
export function hasItemQuery(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (name === 'sort' || name === 'q' || name === 'bbox' || name.startsWith('filter[') || name.startsWith('or[')) return true;
  return false;
}

function scalar(param: string, field: QueryField, raw: string): string | number | boolean {
  if (field.kind === 'number') {
    if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) || !Number.isFinite(Number(raw)))
      throw new PageQueryError(param, `${param} must be a number, got "${raw.slice(0, 40)}"`);
    return Number(raw);
  }
  if (field.kind === 'bool') {
    if (raw !== 'true' && raw !== 'false') throw new PageQueryError(param, `${param} must be true or false, got "${raw.slice(0, 40)}"`);
    return raw === 'true';
  }
  if (field.kind === 'time') {
    const at = Date.parse(raw);
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at))
      throw new PageQueryError(param, `${param} must be an ISO 8601 date and time, got "${raw.slice(0, 40)}"`);
    return new Date(at).toISOString();
  }
  return raw;
}

function condition(param: string, field: QueryField, op: string, raw: string): Condition {
  if (!(QUERY_OPS as readonly string[]).includes(op))
    throw new PageQueryError(param, `${param}: unknown operator "${op.slice(0, 40)}"; one of ${QUERY_OPS.join(', ')}`);
  const o = op as QueryOp;
  if (o === 'exists') {
    if (raw !== 'true' && raw !== 'false') throw new PageQueryError(param, `${param} must be true or false, got "${raw.slice(0, 40)}"`);
    return { field, op: o, value: raw === 'true' };
  }
  if (field.existsOnly) throw new PageQueryError(param, `${param}: field "${field.key}" (a list or a geometry) takes only exists`);
  if (o === 'contains' && field.kind !== 'text') throw new PageQueryError(param, `${param}: contains applies to text fields, and "${field.key}" is not one`);
  if (field.kind === 'bool' && o !== 'eq' && o !== 'ne')
    throw new PageQueryError(param, `${param}: field "${field.key}" (true or false) takes eq, ne or exists`);
  if (o === 'in') return { field, op: o, value: raw.split(',').map((part) => scalar(param, field, part) as string | number) };
  return { field, op: o, value: scalar(param, field, raw) };
}

function fieldOr400(byKey: Map<string, QueryField>, param: string, key: string): QueryField {
  const field = byKey.get(key);
  if (!field) throw new PageQueryError(param, `${param}: unknown field "${key.slice(0, 60)}"`);
  return field;
}

/**
 * The query a listing request asks of a model's items, or undefined when it asks none. Every
 * name and value is checked: an unknown field or operator, or a value of the wrong type, is a
 * PageQueryError (a 400 `invalid_parameter`) naming the parameter. As with pagination, the first
 * value of a parameter counts and an empty one is absent.
 */
export function parseItemQuery(search: URLSearchParams, fields: Field[]): ItemQuery | undefined {
  if (!hasItemQuery(search)) return undefined;
  const byKey = queryFields(fields);
  const first = new Map<string, string>();
  for (const [name, value] of search) if (!first.has(name) && value !== '') first.set(name, value);
  const query: ItemQuery = {
    and: [],
    or: [],
    words: [],
    text: [...byKey.values()].filter((f) => fields.some((x) => x.key === f.key && SEARCHED_TYPES.has(x.type) && !x.multiple)),
    sort: [],
    canonical: '',
    index: queryIndexShape(fields),
  };
  const groups = new Map<number, Condition[]>();
  const canonical: [string, string][] = [];
  for (const [name, raw] of first) {
    if (name === 'q') {
      query.words = raw.split(/\s+/).filter((w) => w !== '');
    } else if (name === 'sort') {
      for (const part of raw.split(',')) {
        const desc = part.startsWith('-');
        const field = fieldOr400(byKey, 'sort', desc ? part.slice(1) : part);
        if (field.existsOnly) throw new PageQueryError('sort', `sort: field "${field.key}" (a list or a geometry) cannot be sorted by`);
        query.sort.push({ field, desc });
      }
    } else if (name === 'bbox') {
      const geometry = query.index.geometry;
      if (geometry === undefined) throw new PageQueryError('bbox', 'bbox: the model has no geometry field');
      const parts = raw.split(',');
      const numbers = parts.map(Number);
      if (parts.length !== 4 || numbers.some((n, i) => parts[i]!.trim() === '' || !Number.isFinite(n)))
        throw new PageQueryError('bbox', `bbox must be west,south,east,north in degrees, got "${raw.slice(0, 60)}"`);
      const [west, south, east, north] = numbers as [number, number, number, number];
      if (south > north || west > east)
        throw new PageQueryError('bbox', `bbox must be west,south,east,north with west ≤ east and south ≤ north, got "${raw.slice(0, 60)}"`);
      query.bbox = { field: geometry, west, south, east, north };
    } else {
      const m = QUERY_PARAM.exec(name);
      if (!m) continue;
      const param = name;
      const c = condition(param, fieldOr400(byKey, param, m[3]!), m[4]!, raw);
      if (m[2] === undefined) query.and.push(c);
      else groups.set(Number(m[2]), [...(groups.get(Number(m[2])) ?? []), c]);
    }
    canonical.push([name, raw]);
  }
  query.or = [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
  if (query.and.length + query.or.flat().length + query.sort.length > MAX_TERMS)
    throw new PageQueryError('filter', `a query has at most ${MAX_TERMS} conditions and sort keys`);
  query.canonical = new URLSearchParams(canonical.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))).toString();
  return query;
}
