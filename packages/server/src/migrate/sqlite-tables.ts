import type BetterSqlite3 from 'better-sqlite3';
import Database from '../store/sqlite/sqlite-driver.js';
import { NOT_COPIED, quoted, type Row, type TableDatabase, type TableShape } from './table-database.js';

/** A SQLite file as one side of a migrate: its rows are already in the portable form. */
export class SqliteTables implements TableDatabase {
  readonly kind = 'sqlite';
  private readonly db: BetterSqlite3.Database;

  constructor(file: string) {
    this.db = new Database(file, { fileMustExist: true });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
  }

  async tables(): Promise<TableShape[]> {
    const names = (this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
      .map((r) => r.name)
      .filter((n) => !NOT_COPIED.has(n));
    return names.map((name) => {
      // table_xinfo also lists generated columns (hidden 2 or 3), which are never written.
      const info = this.db.prepare(`PRAGMA table_xinfo(${quoted(name)})`).all() as { name: string; pk: number; hidden: number }[];
      const columns = info.filter((c) => c.hidden === 0).map((c) => c.name);
      const key = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const references = (this.db.prepare(`PRAGMA foreign_key_list(${quoted(name)})`).all() as { table: string }[]).map((r) => r.table);
      return { name, columns, key, references };
    });
  }

  async jsonColumns(): Promise<string[]> {
    return [];
  }

  async count(table: TableShape): Promise<number> {
    return (this.db.prepare(`SELECT count(*) AS n FROM ${quoted(table.name)}`).get() as { n: number }).n;
  }

  async readAfter(table: TableShape, after: Row | undefined, limit: number): Promise<Row[]> {
    const key = table.key.map(quoted).join(', ');
    const where = after ? `WHERE (${key}) > (${table.key.map(() => '?').join(', ')})` : '';
    const sql = `SELECT ${table.columns.map(quoted).join(', ')} FROM ${quoted(table.name)} ${where} ORDER BY ${key} LIMIT ?`;
    return this.db
      .prepare(sql)
      .raw(true)
      .all(...(after ?? []), limit) as Row[];
  }

  async lastKey(table: TableShape): Promise<Row | undefined> {
    const sql = `SELECT ${table.key.map(quoted).join(', ')} FROM ${quoted(table.name)} ORDER BY ${table.key.map((k) => `${quoted(k)} DESC`).join(', ')} LIMIT 1`;
    return this.db.prepare(sql).raw(true).get() as Row | undefined;
  }

  async write(table: TableShape, rows: Row[]): Promise<void> {
    const others = table.columns.filter((c) => !table.key.includes(c));
    const onConflict = others.length ? `DO UPDATE SET ${others.map((c) => `${quoted(c)} = excluded.${quoted(c)}`).join(', ')}` : 'DO NOTHING';
    const insert = this.db.prepare(
      `INSERT INTO ${quoted(table.name)} (${table.columns.map(quoted).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')}) ON CONFLICT (${table.key.map(quoted).join(', ')}) ${onConflict}`,
    );
    this.db
      .transaction(() => {
        for (const row of rows) insert.run(...row);
      })
      .immediate();
  }

  async deleteRows(table: TableShape, where?: { column: string; value: string }): Promise<void> {
    if (where) this.db.prepare(`DELETE FROM ${quoted(table.name)} WHERE ${quoted(where.column)} = ?`).run(where.value);
    else this.db.prepare(`DELETE FROM ${quoted(table.name)}`).run();
  }

  async finishTable(): Promise<void> {
    // An AUTOINCREMENT key's counter (sqlite_sequence) follows the largest key written by itself.
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
