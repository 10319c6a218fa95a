import type Database from 'better-sqlite3';
import type { QueryField, QueryKind } from '../item-query.js';
import type { QueryDialect, QueryRunner } from '../queried-items.js';

/**
 * SQLite's spelling of item queries (docs/content-workflow.md, "Queries"): values by json_extract
 * (a JSON boolean reads as 1 or 0), lists by json_each, a geometry's bounding box from its
 * coordinates by json_tree (each position's first number is a longitude, its second a latitude).
 * Field keys are inlined: the parser admits only the model's keys, which are `[A-Za-z_][A-Za-z0-9_]*`.
 */
export const SQLITE_QUERY: QueryDialect = {
  placeholder: () => '?',
  value: (f: QueryField) => f.column ?? `json_extract(fields, '$.${f.key}')`,
  exists: (f: QueryField) => (f.column ? 'TRUE' : `json_type(fields, '$.${f.key}') IS NOT NULL`),
  contains: (expr, p) => `instr(${expr}, ${p}) > 0`,
  // SQLite's lower() folds ASCII letters only (no ICU here), as PostgreSQL's does under "C".
  lowerAscii: (expr) => `lower(${expr})`,
  oneOf: (expr: string, _kind: QueryKind, p: string) => `${expr} IN (SELECT value FROM json_each(${p}))`,
  // A Point is read directly (the common case, 10 times cheaper than walking its tree); any other
  // geometry by an aggregate with HAVING, not a derived table, which SQLite does not read per item.
  bboxMeets: (key, box, param) =>
    `CASE json_extract(fields, '$.${key}.type') WHEN 'Point' THEN json_extract(fields, '$.${key}.coordinates[0]') BETWEEN ${param(box.west)} AND ${param(box.east)} AND json_extract(fields, '$.${key}.coordinates[1]') BETWEEN ${param(box.south)} AND ${param(box.north)} ELSE EXISTS (SELECT min(CASE WHEN key = 0 THEN value END) AS w, max(CASE WHEN key = 0 THEN value END) AS e, min(CASE WHEN key = 1 THEN value END) AS s, max(CASE WHEN key = 1 THEN value END) AS n FROM json_tree(items.fields, '$.${key}') WHERE type IN ('integer', 'real') HAVING w <= ${param(box.east)} AND e >= ${param(box.west)} AND s <= ${param(box.north)} AND n >= ${param(box.south)}) END`,
  record: (publicOnly) => (publicOnly ? 'record' : `substr(record, 1, length(record) - 1) || ',"public":' || (CASE public WHEN 1 THEN 'true' ELSE 'false' END) || '}'`),
  bool: (value) => (value ? 1 : 0),
};

/** Runs query statements on a SQLite connection (prepared once per text, as better-sqlite3 caches nothing itself). */
export function sqliteQueryRunner(db: Database.Database): QueryRunner {
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
    rows: async (sql, params) => prepared(sql).raw(true).all(...params) as unknown[][],
    count: async (sql, params) => prepared(sql).pluck().get(...params) as number,
  };
}
