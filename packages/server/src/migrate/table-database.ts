/**
 * One side of `orbis migrate` (docs/operations.md, "Move to another store"): a database read and
 * written table by table, in primary-key order, with rows in one portable form (SQLite's: a
 * boolean is 0 or 1, a time is ISO 8601 text in UTC with milliseconds, a JSON or array column is
 * JSON text, bytes are a Buffer). The PostgreSQL side converts on the way in and out.
 */
export type Value = string | number | null | Buffer;
export type Row = Value[];

/** A table as both sides have it: its columns (generated ones left out) and its primary key. */
export interface TableShape {
  name: string;
  columns: string[];
  /** The primary key's columns, in the key's order. */
  key: string[];
  /** Tables whose rows this one's foreign keys name: copied before it. */
  references: string[];
}

export interface TableDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** Every table that holds data (not the schema's own bookkeeping). */
  tables(): Promise<TableShape[]>;
  /** Columns stored as JSON whose text the database may rewrite (PostgreSQL's jsonb): compared as values. */
  jsonColumns(table: string): Promise<string[]>;
  count(table: TableShape): Promise<number>;
  /** Up to `limit` rows after the key `after` (from the start when undefined), in key order, columns in `table.columns`' order. */
  readAfter(table: TableShape, after: Row | undefined, limit: number): Promise<Row[]>;
  /** The key of the table's last row in key order, if any. */
  lastKey(table: TableShape): Promise<Row | undefined>;
  /** Writes rows in one transaction; a row whose key is there already is overwritten. */
  write(table: TableShape, rows: Row[]): Promise<void>;
  /** Deletes a table's rows, or those whose `column` is `value` (the target's `meta`, which a server that started there once has written to). */
  deleteRows(table: TableShape, where?: { column: string; value: string }): Promise<void>;
  /** After a table is written: counters the database keeps beside it (PostgreSQL's identity sequences) catch up. */
  finishTable(table: TableShape): Promise<void>;
  close(): Promise<void>;
}

/** Tables never copied: the schema's own record (each side has its own, the same release makes both) and SQLite's internals. */
export const NOT_COPIED = new Set(['schema_migrations', 'sqlite_sequence']);

/**
 * Tables without a primary key cannot be copied in key order nor resumed: the only one is
 * `sign_in_failures`, a sign-in limit's memory of the last minutes, which is left behind.
 */
export function copyable(table: TableShape): boolean {
  return table.key.length > 0;
}

/** Tables in an order where each comes after the tables its foreign keys name. */
export function dependencyOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableShape[] = [];
  const visit = (t: TableShape, path: Set<string>) => {
    if (done.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const ref of t.references) {
      const target = byName.get(ref);
      if (target && ref !== t.name) visit(target, path);
    }
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => (a.name < b.name ? -1 : 1))) visit(t, new Set());
  return out;
}

/** `"name"`: every identifier is quoted (`key` and `update` are column names). */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
