import type { Condition, ItemQuery, QueryField, QueryIndexShape, QueryKind } from './item-query.js';
import { modelIdLiteral, type QueryIndex, QueryIndexes, type QueryIndexRunner } from './query-indexes.js';
import { type AssetSlice, type JoinedBatch, type JoinedRecords, type QueryScope, STREAM_JOINED } from './store.js';

/** How one database spells what a query needs; everything else is shared SQL. */
export interface QueryDialect {
  /** A placeholder for parameter number `n` (1-based, counted over the whole statement). */
  placeholder(n: number): string;
  /** The field's value, typed for comparison (NULL when the item has none). */
  value(field: QueryField): string;
  /** Whether the item has a value in the field. */
  exists(field: QueryField): string;
  /** Whether text `expr` holds text `p`. */
  contains(expr: string, p: string): string;
  /** `expr` with ASCII letters lowered, and only those (the same on both stores). */
  lowerAscii(expr: string): string;
  /** Whether `expr` is one of the JSON array `p` (a list of values of `kind`). */
  oneOf(expr: string, kind: QueryKind, p: string): string;
  /**
   * Whether the bounding box of the geometry in field `key` meets `box`; `param` makes each
   * number's placeholder, called in the order they appear (SQLite's are positional).
   */
  bboxMeets(key: string, box: { west: number; south: number; east: number; north: number }, param: (value: number) => string): string;
  /** A stored record as the scope lists it (with its `public` flag on the management listing). */
  record(publicOnly: boolean): string;
  /** A boolean parameter's value. */
  bool(value: boolean): unknown;
  /** The indexes a model's queries are served from (docs/content-workflow.md, "Which indexes"). */
  queryIndexes(modelId: string, shape: QueryIndexShape): QueryIndex[];
  /** What follows `FROM items` in a count, given the model's indexes (SQLite names its one; PostgreSQL's planner combines its own). */
  countSource(indexes: QueryIndex[]): string;
}

/** Runs a statement and returns its rows as arrays (`id`, `rec`, then any sort values), or its one number. */
export interface QueryRunner extends QueryIndexRunner {
  rows(sql: string, params: unknown[]): Promise<unknown[][]>;
  count(sql: string, params: unknown[]): Promise<number>;
}

class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: QueryDialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  }
}

const COMPARE = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function conditionSql(d: QueryDialect, p: Params, c: Condition): string {
  if (c.op === 'exists') return c.value ? d.exists(c.field) : `NOT (${d.exists(c.field)})`;
  const expr = d.value(c.field);
  const param = (v: unknown) => p.add(c.field.kind === 'bool' ? d.bool(v as boolean) : v);
  if (c.op === 'in') return d.oneOf(expr, c.field.kind, p.add(JSON.stringify(c.value)));
  if (c.op === 'contains') return d.contains(expr, param(c.value));
  // An item without a value is not equal to any value.
  if (c.op === 'ne') return `(${expr} IS NULL OR ${expr} <> ${param(c.value)})`;
  return `${expr} ${COMPARE[c.op]} ${param(c.value)}`;
}

/** A sort value as read back, in a form its database takes as a parameter again (PostgreSQL gives a Date for an instant). */
const stored = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

const all = (parts: string[]) => (parts.length === 0 ? 'TRUE' : parts.map((x) => `(${x})`).join(' AND '));

/** The WHERE clause of a query scope, its parameters added to `p` (the scope's owner first). */
function whereSql(d: QueryDialect, p: Params, scope: QueryScope): string {
  const q = scope.query;
  // The model's id as a constant: its partial indexes name it so (store/query-indexes.ts).
  const parts = [`model_id = ${modelIdLiteral(scope.modelId)}`];
  if (scope.publicOnly) parts.push(`public = ${p.add(d.bool(true))}`);
  for (const c of q.and) parts.push(conditionSql(d, p, c));
  if (q.or.length > 0) parts.push(q.or.map((group) => all(group.map((c) => conditionSql(d, p, c)))).join(' OR '));
  for (const word of q.words) {
    // Lowered here, ASCII letters only, as the dialect lowers the values; one parameter per use (SQLite's are positional).
    const lowered = word.replace(/[A-Z]/g, (c) => c.toLowerCase());
    parts.push(q.text.length === 0 ? 'FALSE' : q.text.map((f) => d.contains(d.lowerAscii(d.value(f)), p.add(lowered))).join(' OR '));
  }
  if (q.bbox) parts.push(d.bboxMeets(q.bbox.field, q.bbox, (v) => p.add(v)));
  return all(parts);
}

function orderSql(d: QueryDialect, q: ItemQuery): string {
  return [...q.sort.map((s) => `${d.value(s.field)} ${s.desc ? 'DESC' : 'ASC'} NULLS LAST`), 'id'].join(', ');
}

/**
 * Where a sorted query's page ends: the last item's sort values and id, as a position that its
 * cursor carries (base64url JSON: the cursor codec separates its parts with `|`).
 */
function encodePosition(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodePosition(text: string, keys: number): unknown[] | undefined {
  try {
    const values = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    return Array.isArray(values) && values.length === keys + 1 && typeof values[keys] === 'string' ? values : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The items after a position in the query's order (each key ascending or descending, items without
 * a value last, then by id): the keyset condition, so that a cursor stays put as items are added
 * or deleted before it. A key whose value at the position is missing has nothing after it but
 * the other missing ones.
 */
function afterSql(d: QueryDialect, p: Params, q: ItemQuery, position: unknown[]): string {
  const terms: string[] = [];
  const equal: string[] = [];
  q.sort.forEach(({ field, desc }, i) => {
    const expr = d.value(field);
    const v = position[i];
    if (v !== null) terms.push(all([...equal, `${expr} ${desc ? '<' : '>'} ${p.add(v)} OR ${expr} IS NULL`]));
    equal.push(v === null ? `${expr} IS NULL` : `${expr} = ${p.add(v)}`);
  });
  terms.push(all([...equal, `id > ${p.add(position[q.sort.length])}`]));
  return terms.map((t) => `(${t})`).join(' OR ');
}

/**
 * The reads of a query scope, the same SQL on every store but for its dialect: slices by keyset
 * (after an id, or after a position in a sorted query's order) or by offset, a count of the
 * matching items, and the matches in joined batches.
 */
export class QueriedItems {
  private readonly indexes: QueryIndexes;

  constructor(
    private readonly d: QueryDialect,
    private readonly run: QueryRunner,
  ) {
    this.indexes = new QueryIndexes((modelId, shape) => d.queryIndexes(modelId, shape), run);
  }

  async records(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords> {
    await this.indexes.ensure(scope.modelId, scope.query.index);
    const p = new Params(this.d);
    const where = whereSql(this.d, p, scope);
    const { sort } = scope.query;
    let after = '';
    if (slice.afterId !== undefined && sort.length > 0) {
      const position = decodePosition(slice.afterId, sort.length);
      // The codec checked the cursor's signature: a position that does not read was not made here.
      if (!position) throw new Error('a signed cursor of a sorted query holds no position');
      after = ` AND (${afterSql(this.d, p, scope.query, position)})`;
    } else if (slice.afterId !== undefined) after = ` AND id > ${p.add(slice.afterId)}`;
    const values = sort.map((s, i) => `, ${this.d.value(s.field)} AS s${i}`).join('');
    const limit = p.add(slice.limit + 1);
    const rows = await this.run.rows(
      `SELECT id, ${this.d.record(scope.publicOnly)} AS rec${values} FROM items WHERE ${where}${after} ORDER BY ${orderSql(this.d, scope.query)} LIMIT ${limit} OFFSET ${p.add(slice.offset ?? 0)}`,
      p.values,
    );
    const page = rows.slice(0, slice.limit);
    const last = page.at(-1);
    return {
      json: page.map((r) => r[1] as string).join(','),
      count: page.length,
      lastId: last === undefined ? undefined : sort.length > 0 ? encodePosition([...last.slice(2).map(stored), last[0]]) : (last[0] as string),
      hasMore: rows.length > slice.limit,
    };
  }

  async count(scope: QueryScope): Promise<number> {
    const indexes = await this.indexes.ensure(scope.modelId, scope.query.index);
    const p = new Params(this.d);
    return this.run.count(`SELECT count(*) FROM items${this.d.countSource(indexes)} WHERE ${whereSql(this.d, p, scope)}`, p.values);
  }

  async *stream(scope: QueryScope): AsyncIterable<JoinedBatch> {
    let afterId: string | undefined;
    for (;;) {
      const slice = await this.records(scope, { afterId, limit: STREAM_JOINED });
      if (slice.count > 0) yield { json: slice.json, count: slice.count };
      if (!slice.hasMore || slice.lastId === undefined) return;
      afterId = slice.lastId;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
