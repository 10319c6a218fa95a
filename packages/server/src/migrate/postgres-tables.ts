import type pg from 'pg';
import { connectionPool } from '../store/postgres/pool.js';
import { NOT_COPIED, quoted, type Row, type TableDatabase, type TableShape, type Value } from './table-database.js';

interface ColumnType {
  name: string;
  type: string;
  identity: boolean;
}

/** ISO 8601 in UTC with milliseconds, as JavaScript's `toISOString` writes it and SQLite keeps it. */
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A column read into the portable form (`table-database.ts`). */
function portable(c: ColumnType): string {
  const q = quoted(c.name);
  switch (c.type) {
    case 'boolean':
      return `${q}::int AS ${q}`;
    case 'timestamp with time zone':
      return `to_char(${q} AT TIME ZONE 'UTC', ${ISO_MS}) AS ${q}`;
    case 'jsonb':
    case 'json':
      return `${q}::text AS ${q}`;
    case 'ARRAY':
      return `to_json(${q})::text AS ${q}`;
    case 'bigint':
      // Counts and sizes: exact as a double below 2^53, as SQLite's integers are read.
      return `${q}::float8 AS ${q}`;
    default:
      return q;
  }
}

/** A portable value as PostgreSQL takes it for a column of this type. */
function native(type: string, value: Value): unknown {
  if (value === null) return null;
  if (type === 'boolean') return value === 1 || value === '1' || (value as unknown) === true;
  if (type === 'ARRAY') return JSON.parse(String(value)) as unknown;
  return value;
}

/** A text key column sorts byte-wise, as SQLite's and as the ids need, whatever the database's collation. */
function keyExpression(c: ColumnType): string {
  return c.type === 'text' ? `${quoted(c.name)} COLLATE "C"` : quoted(c.name);
}

/** A PostgreSQL database as one side of a migrate. */
export class PostgresTables implements TableDatabase {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  private readonly types = new Map<string, Map<string, ColumnType>>();

  constructor(url: string) {
    this.pool = connectionPool(url, 2);
  }

  private async columnsOf(table: string): Promise<Map<string, ColumnType>> {
    let known = this.types.get(table);
    if (!known) {
      const { rows } = await this.pool.query<{ column_name: string; data_type: string; is_generated: string; is_identity: string }>(
        'SELECT column_name, data_type, is_generated, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
        [table],
      );
      known = new Map(
        rows
          .filter((r) => r.is_generated !== 'ALWAYS')
          .map((r) => [r.column_name, { name: r.column_name, type: r.data_type, identity: r.is_identity === 'YES' }]),
      );
      this.types.set(table, known);
    }
    return known;
  }

  private async column(table: string, name: string): Promise<ColumnType> {
    const c = (await this.columnsOf(table)).get(name);
    if (!c) throw new Error(`PostgreSQL's table ${table} has no column ${name}: the two databases are not of the same Orbis release`);
    return c;
  }

  async tables(): Promise<TableShape[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    const shapes: TableShape[] = [];
    for (const { name } of rows) {
      if (NOT_COPIED.has(name)) continue;
      const key = await this.pool.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
        [quoted(name)],
      );
      const refs = await this.pool.query<{ name: string }>(
        "SELECT DISTINCT confrelid::regclass::text AS name FROM pg_constraint WHERE contype = 'f' AND conrelid = to_regclass($1)",
        [quoted(name)],
      );
      shapes.push({
        name,
        columns: [...(await this.columnsOf(name)).keys()],
        key: key.rows.map((r) => r.name),
        references: refs.rows.map((r) => r.name.replace(/^"|"$/g, '')),
      });
    }
    return shapes;
  }

  async jsonColumns(table: string): Promise<string[]> {
    return [...(await this.columnsOf(table)).values()].filter((c) => c.type === 'jsonb').map((c) => c.name);
  }

  async count(table: TableShape): Promise<number> {
    return Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted(table.name)}`)).rows[0]!.n);
  }

  async readAfter(table: TableShape, after: Row | undefined, limit: number): Promise<Row[]> {
    const columns = await Promise.all(table.columns.map((c) => this.column(table.name, c)));
    const keys = await Promise.all(table.key.map((c) => this.column(table.name, c)));
    const order = keys.map(keyExpression).join(', ');
    const params: unknown[] = after ? keys.map((k, i) => native(k.type, after[i]!)) : [];
    const where = after ? `WHERE (${order}) > (${keys.map((_, i) => `$${i + 1}`).join(', ')})` : '';
    params.push(limit);
    const sql = `SELECT ${columns.map(portable).join(', ')} FROM ${quoted(table.name)} ${where} ORDER BY ${order} LIMIT $${params.length}`;
    return (await this.pool.query({ text: sql, values: params, rowMode: 'array' })).rows as Row[];
  }

  async lastKey(table: TableShape): Promise<Row | undefined> {
    const keys = await Promise.all(table.key.map((c) => this.column(table.name, c)));
    const sql = `SELECT ${keys.map(portable).join(', ')} FROM ${quoted(table.name)} ORDER BY ${keys.map((k) => `${keyExpression(k)} DESC`).join(', ')} LIMIT 1`;
    return (await this.pool.query({ text: sql, rowMode: 'array' })).rows[0] as Row | undefined;
  }

  async write(table: TableShape, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = await Promise.all(table.columns.map((c) => this.column(table.name, c)));
    const others = table.columns.filter((c) => !table.key.includes(c));
    const onConflict = others.length ? `DO UPDATE SET ${others.map((c) => `${quoted(c)} = EXCLUDED.${quoted(c)}`).join(', ')}` : 'DO NOTHING';
    // One statement per at most 60,000 parameters (PostgreSQL's limit is 65,535).
    const perStatement = Math.max(1, Math.floor(60_000 / columns.length));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (let start = 0; start < rows.length; start += perStatement) {
        const slice = rows.slice(start, start + perStatement);
        const values: unknown[] = [];
        const tuples = slice.map(
          (row) =>
            `(${columns
              .map((c, i) => {
                values.push(native(c.type, row[i]!));
                return c.type === 'jsonb' ? `$${values.length}::jsonb` : `$${values.length}`;
              })
              .join(', ')})`,
        );
        await client.query(
          `INSERT INTO ${quoted(table.name)} (${table.columns.map(quoted).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')} ON CONFLICT (${table.key.map(quoted).join(', ')}) ${onConflict}`,
          values,
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async deleteRows(table: TableShape, where?: { column: string; value: string }): Promise<void> {
    if (where) await this.pool.query(`DELETE FROM ${quoted(table.name)} WHERE ${quoted(where.column)} = $1`, [where.value]);
    else await this.pool.query(`DELETE FROM ${quoted(table.name)}`);
  }

  async finishTable(table: TableShape): Promise<void> {
    for (const c of (await this.columnsOf(table.name)).values()) {
      if (!c.identity) continue;
      // The next row a server inserts gets a key after the copied ones.
      await this.pool.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quoted(c.name)}) FROM ${quoted(table.name)}), 1), (SELECT count(*) > 0 FROM ${quoted(table.name)}))`,
        [quoted(table.name), c.name],
      );
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
