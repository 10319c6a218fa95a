import type pg from 'pg';
import type { QueryField, QueryIndexShape, QueryKind } from '../item-query.js';
import type { QueryDialect, QueryRunner } from '../queried-items.js';
import { modelIdLiteral, type QueryIndex, queryIndexName } from '../query-indexes.js';

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
const value = (f: QueryField) => {
  if (f.column) return f.column;
  if (f.kind === 'number') return `(${json(f)})::numeric`;
  if (f.kind === 'bool') return `(${json(f)})::boolean`;
  return `(doc ->> '${f.key}') COLLATE "C"`;
};

/** A geometry's bounding box (migration 15's function): what the GiST index keeps and the bbox condition reads. */
const geometryBox = (key: string) => `orbis_geometry_box(doc -> '${key}')`;

/**
 * A model's query indexes: partial indexes of its items (`WHERE model_id = '…'`), a B-tree per
 * indexed field over its value as the conditions spell it, and a GiST over its geometry's
 * bounding box; the planner combines those a query's conditions use (a bitmap AND), so a count
 * reads the matching items only.
 */
function postgresQueryIndexes(modelId: string, shape: QueryIndexShape): QueryIndex[] {
  const where = `WHERE model_id = ${modelIdLiteral(modelId)}`;
  const indexes = shape.fields.map((f) => {
    const name = queryIndexName(modelId, value(f));
    return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items ((${value(f)})) ${where}` };
  });
  if (shape.geometry !== undefined) {
    const name = queryIndexName(modelId, `gist ${geometryBox(shape.geometry)}`);
    indexes.push({ name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items USING gist ((${geometryBox(shape.geometry)})) ${where}` });
  }
  return indexes;
}

export const POSTGRES_QUERY: QueryDialect = {
  placeholder: (n) => `$${n}`,
  value,
  exists: (f: QueryField) => (f.column ? 'TRUE' : `doc ? '${f.key}'`),
  contains: (expr, p) => `strpos(${expr}, ${p}) > 0`,
  // Under "C", lower() folds ASCII letters only, as SQLite's does.
  lowerAscii: (expr) => `lower((${expr}) COLLATE "C")`,
  oneOf: (expr: string, kind: QueryKind, p: string) => `${expr} IN (SELECT x::${LIST_TYPES[kind]} FROM jsonb_array_elements_text(${p}::jsonb) x)`,
  // The GiST index finds the boxes that overlap (`&&`, which PostgreSQL compares with a tolerance
  // of 1e-6); then a Point's coordinates are compared exactly, as SQLite does, and any other
  // geometry's box corners (a box's [0] is its upper right corner, [1] its lower left).
  bboxMeets: (key, box, param) => {
    const b = geometryBox(key);
    const g = `doc -> '${key}'`;
    const [w, s, e, n] = [param(box.west), param(box.south), param(box.east), param(box.north)].map((p) => `${p}::float8`) as [string, string, string, string];
    const point = `(${g} -> 'coordinates' ->> 0)::float8 BETWEEN ${w} AND ${e} AND (${g} -> 'coordinates' ->> 1)::float8 BETWEEN ${s} AND ${n}`;
    const other = `((${b})[1])[0] <= ${e} AND ((${b})[0])[0] >= ${w} AND ((${b})[1])[1] <= ${n} AND ((${b})[0])[1] >= ${s}`;
    return `${b} && box(point(${w}, ${s}), point(${e}, ${n})) AND CASE WHEN ${g} ->> 'type' = 'Point' THEN ${point} ELSE ${other} END`;
  },
  record: (publicOnly) => (publicOnly ? 'record' : `left(record, -1) || ',"public":' || public::text || '}'`),
  bool: (v) => v,
  queryIndexes: postgresQueryIndexes,
  countSource: () => '',
};

/** Runs query statements on a pool. */
export function postgresQueryRunner(pool: pg.Pool): QueryRunner {
  return {
    rows: async (sql, params) => (await pool.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows,
    count: async (sql, params) => Number((await pool.query<[string]>({ text: sql, values: params, rowMode: 'array' })).rows[0]![0]),
    indexNames: async () =>
      (
        await pool.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE tablename = 'items' AND schemaname = current_schema() AND indexname LIKE 'iq\\_%'",
        )
      ).rows.map((r) => r.indexname),
    modelIds: async () => (await pool.query<{ id: string }>('SELECT id FROM models')).rows.map((r) => r.id),
    exec: async (sql) => void (await pool.query(sql)),
    analyze: async () => void (await pool.query('ANALYZE items')),
  };
}
