import type pg from 'pg';
import type { QueryField, QueryKind } from '../item-query.js';
import type { QueryDialect, QueryRunner } from '../queried-items.js';

const LIST_TYPES: Record<QueryKind, string> = { text: 'text', number: 'numeric', bool: 'boolean', time: 'timestamptz' };

/**
 * A field's value as jsonb, from `doc`: the item's values parsed once when written (a generated
 * column of `fields`, which is kept as text as SQLite's is). Keys are the model's,
 * `[A-Za-z_][A-Za-z0-9_]*`, so inlined.
 */
const json = (f: QueryField) => `(doc -> '${f.key}')`;

/**
 * PostgreSQL's spelling of item queries (docs/content-workflow.md, "Queries"): text compared
 * under "C" (byte order, as SQLite's BINARY), numbers as numeric, a geometry's bounding box from
 * its positions (arrays whose first member is a number) found by a jsonpath.
 */
export const POSTGRES_QUERY: QueryDialect = {
  placeholder: (n) => `$${n}`,
  value: (f: QueryField) => {
    if (f.column) return f.column;
    if (f.kind === 'number') return `(${json(f)})::numeric`;
    if (f.kind === 'bool') return `(${json(f)})::boolean`;
    return `(doc ->> '${f.key}') COLLATE "C"`;
  },
  exists: (f: QueryField) => (f.column ? 'TRUE' : `doc ? '${f.key}'`),
  contains: (expr, p) => `strpos(${expr}, ${p}) > 0`,
  // Under "C", lower() folds ASCII letters only, as SQLite's does.
  lowerAscii: (expr) => `lower((${expr}) COLLATE "C")`,
  oneOf: (expr: string, kind: QueryKind, p: string) => `${expr} IN (SELECT x::${LIST_TYPES[kind]} FROM jsonb_array_elements_text(${p}::jsonb) x)`,
  // A Point is read directly; any other geometry's positions by the jsonpath.
  bboxMeets: (key, box, param) =>
    `CASE WHEN doc -> '${key}' ->> 'type' = 'Point' THEN (doc -> '${key}' -> 'coordinates' ->> 0)::float8 BETWEEN ${param(box.west)} AND ${param(box.east)} AND (doc -> '${key}' -> 'coordinates' ->> 1)::float8 BETWEEN ${param(box.south)} AND ${param(box.north)} ELSE EXISTS (SELECT 1 FROM jsonb_path_query(doc -> '${key}', 'strict $.** ? (@.type() == "array" && @.size() >= 2 && @[0].type() == "number")') AS p HAVING min((p ->> 0)::float8) <= ${param(box.east)} AND max((p ->> 0)::float8) >= ${param(box.west)} AND min((p ->> 1)::float8) <= ${param(box.north)} AND max((p ->> 1)::float8) >= ${param(box.south)}) END`,
  record: (publicOnly) => (publicOnly ? 'record' : `left(record, -1) || ',"public":' || public::text || '}'`),
  bool: (value) => value,
};

/** Runs query statements on a pool. */
export function postgresQueryRunner(pool: pg.Pool): QueryRunner {
  return {
    rows: async (sql, params) => (await pool.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows,
    count: async (sql, params) => Number((await pool.query<[string]>({ text: sql, values: params, rowMode: 'array' })).rows[0]![0]),
  };
}
