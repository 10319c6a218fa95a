import type { Condition, ItemQuery, QueryField, QueryKind } from './item-query.js';
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
}

/** Runs a statement and returns its rows as arrays (`id`, `rec`), or its one number. */
export interface QueryRunner {
  rows(sql: string, params: unknown[]): Promise<[string, string][]>;
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

const all = (parts: string[]) => (parts.length === 0 ? 'TRUE' : parts.map((x) => `(${x})`).join(' AND '));

/** The WHERE clause of a query scope, its parameters added to `p` (the scope's owner first). */
function whereSql(d: QueryDialect, p: Params, scope: QueryScope): string {
  const q = scope.query;
  const parts = [`model_id = ${p.add(scope.modelId)}`];
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

/** A sorted query's position: how many records come before it. Unsorted ones go by id, as plain listings do. */
const OFFSET_MARK = '#';

/**
 * The reads of a query scope, the same SQL on every store but for its dialect: slices (keyset by
 * id when unsorted; by offset when sorted, whose cursors then name a position in the order), a
 * count of the matching items, and the matches in joined batches.
 */
export class QueriedItems {
  constructor(
    private readonly d: QueryDialect,
    private readonly run: QueryRunner,
  ) {}

  async records(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords> {
    const p = new Params(this.d);
    const where = whereSql(this.d, p, scope);
    const sorted = scope.query.sort.length > 0;
    let offset = slice.offset ?? 0;
    let after = '';
    if (slice.afterId !== undefined && sorted) offset = slice.afterId.startsWith(OFFSET_MARK) ? Number(slice.afterId.slice(1)) || 0 : 0;
    else if (slice.afterId !== undefined) after = ` AND id > ${p.add(slice.afterId)}`;
    const limit = p.add(slice.limit + 1);
    const rows = await this.run.rows(`SELECT id, ${this.d.record(scope.publicOnly)} AS rec FROM items WHERE ${where}${after} ORDER BY ${orderSql(this.d, scope.query)} LIMIT ${limit} OFFSET ${p.add(offset)}`, p.values);
    const page = rows.slice(0, slice.limit);
    const last = page.at(-1)?.[0];
    return {
      json: page.map((r) => r[1]).join(','),
      count: page.length,
      lastId: last === undefined ? undefined : sorted ? `${OFFSET_MARK}${offset + page.length}` : last,
      hasMore: rows.length > slice.limit,
    };
  }

  count(scope: QueryScope): Promise<number> {
    const p = new Params(this.d);
    return this.run.count(`SELECT count(*) FROM items WHERE ${whereSql(this.d, p, scope)}`, p.values);
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
