import type Database from 'better-sqlite3';
import type { QueryField, QueryIndexShape, QueryKind } from '../item-query.js';
import type { QueryDialect, QueryRunner } from '../queried-items.js';
import { modelIdLiteral, type QueryIndex, queryIndexName } from '../query-indexes.js';
import type { WriteGate } from './write-gate.js';

const value = (f: QueryField) => f.column ?? `json_extract(fields, '$.${f.key}')`;
/** A geometry's type and a Point's coordinates, as the bbox condition reads them and the query index keeps them. */
const geometryType = (key: string) => `json_extract(fields, '$.${key}.type')`;
const coordinate = (key: string, i: 0 | 1) => `json_extract(fields, '$.${key}.coordinates[${i}]')`;

/**
 * A model's one query index: a partial index of its items (`WHERE model_id = '…'`) over `public`,
 * the item's times, the model's indexed fields and its geometry's type and Point coordinates,
 * each spelled as the conditions spell it. A count reads it alone: every condition on those
 * values is evaluated on the index entry, the item read only for what it lacks (a long text, a
 * list, a geometry other than a Point), so a count is no longer a parse of every item's JSON.
 */
function sqliteQueryIndexes(modelId: string, shape: QueryIndexShape): QueryIndex[] {
  const g = shape.geometry;
  const holds = [
    'public',
    'created_at',
    'updated_at',
    ...shape.fields.map(value),
    ...(g === undefined ? [] : [geometryType(g), coordinate(g, 0), coordinate(g, 1)]),
  ].join(', ');
  const name = queryIndexName(modelId, holds);
  return [{ name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items (${holds}) WHERE model_id = ${modelIdLiteral(modelId)}` }];
}

/**
 * SQLite's spelling of item queries (docs/content-workflow.md, "Queries"): values by json_extract
 * (a JSON boolean reads as 1 or 0), lists by json_each, a geometry's bounding box from its
 * coordinates by json_tree (each position's first number is a longitude, its second a latitude).
 * Field keys are inlined: the parser admits only the model's keys, which are `[A-Za-z_][A-Za-z0-9_]*`.
 */
export const SQLITE_QUERY: QueryDialect = {
  placeholder: () => '?',
  value,
  exists: (f: QueryField) => (f.column ? 'TRUE' : `json_type(fields, '$.${f.key}') IS NOT NULL`),
  contains: (expr, p) => `instr(${expr}, ${p}) > 0`,
  // SQLite's lower() folds ASCII letters only (no ICU here), as PostgreSQL's does under "C".
  lowerAscii: (expr) => `lower(${expr})`,
  oneOf: (expr: string, _kind: QueryKind, p: string) => `${expr} IN (SELECT value FROM json_each(${p}))`,
  // A Point is read directly (the common case, 10 times cheaper than walking its tree); any other
  // geometry by an aggregate with HAVING, not a derived table, which SQLite does not read per item.
  bboxMeets: (key, box, param) =>
    `CASE ${geometryType(key)} WHEN 'Point' THEN ${coordinate(key, 0)} BETWEEN ${param(box.west)} AND ${param(box.east)} AND ${coordinate(key, 1)} BETWEEN ${param(box.south)} AND ${param(box.north)} ELSE EXISTS (SELECT min(CASE WHEN key = 0 THEN value END) AS w, max(CASE WHEN key = 0 THEN value END) AS e, min(CASE WHEN key = 1 THEN value END) AS s, max(CASE WHEN key = 1 THEN value END) AS n FROM json_tree(items.fields, '$.${key}') WHERE type IN ('integer', 'real') HAVING w <= ${param(box.east)} AND e >= ${param(box.west)} AND s <= ${param(box.north)} AND n >= ${param(box.south)}) END`,
  record: (publicOnly) =>
    publicOnly ? 'record' : `substr(record, 1, length(record) - 1) || ',"public":' || (CASE public WHEN 1 THEN 'true' ELSE 'false' END) || '}'`,
  bool: (v) => (v ? 1 : 0),
  queryIndexes: sqliteQueryIndexes,
  // Named: SQLite's planner would rather walk the model's items by id and parse each.
  countSource: (indexes) => (indexes.length === 0 ? '' : ` INDEXED BY "${indexes[0]!.name}"`),
};

/**
 * Runs query statements on a SQLite connection (prepared once per text, as better-sqlite3 caches
 * nothing itself); a query index is made or dropped at the store's write gate.
 */
export function sqliteQueryRunner(db: Database.Database, gate: WriteGate): QueryRunner {
  const cache = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let s = cache.get(sql);
    if (!s) {
      if (cache.size >= 256) cache.clear();
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
  return {
    rows: async (sql, params) =>
      prepared(sql)
        .raw(true)
        .all(...params) as unknown[][],
    count: async (sql, params) =>
      prepared(sql)
        .pluck()
        .get(...params) as number,
    indexNames: async () =>
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND name LIKE 'iq\\_%' ESCAPE '\\'").pluck().all() as string[],
    modelIds: async () => db.prepare('SELECT id FROM models').pluck().all() as string[],
    exec: (sql) =>
      gate.write(() => {
        // A dropped or made index changes the schema: statements prepared before are prepared again.
        cache.clear();
        db.exec(sql);
      }),
    // No sqlite_stat1: the count names its index, and the other statements' plans stay as they were.
    analyze: async () => undefined,
  };
}
