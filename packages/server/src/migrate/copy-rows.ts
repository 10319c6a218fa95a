import { createHash } from 'node:crypto';
import type { Row, TableDatabase, TableShape, Value } from './table-database.js';

/** The most rows one read and one write hold; fewer when rows are large (`nextLimit`). */
const MAX_BATCH = 2000;
const FIRST_BATCH = 100;
/** A batch's bytes past which the next one is halved, and below which it may double. */
const BATCH_BYTES = 8 * 1024 * 1024;

/** What a table's copy and check found. */
export interface TableResult {
  table: string;
  /** Rows in the source. */
  rows: number;
  /** Rows written by this run (a resumed run writes only what an earlier one had not). */
  copied: number;
  /** SHA-256 over every record's SHA-256 in key order, on each side: equal when the tables are. */
  sourceDigest: string;
  targetDigest: string;
  /** Records missing, extra or different on the target. */
  differences: number;
  /** The key of the first different record, when there is one. */
  firstDifference?: string;
}

export type Progress = (line: string) => void;

function sizeOf(row: Row): number {
  let n = 0;
  for (const v of row) n += v === null ? 1 : typeof v === 'number' ? 8 : v.length;
  return n;
}

function nextLimit(limit: number, bytes: number): number {
  if (bytes > BATCH_BYTES) return Math.max(1, Math.floor(limit / 2));
  if (bytes < BATCH_BYTES / 4) return Math.min(MAX_BATCH, limit * 2);
  return limit;
}

/** Every row of `table` in key order, a batch at a time: memory holds one batch, whatever the table's size. */
async function* rowsOf(db: TableDatabase, table: TableShape, after?: Row): AsyncIterable<Row[]> {
  let limit = FIRST_BATCH;
  for (;;) {
    const rows = await db.readAfter(table, after, limit);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    limit = nextLimit(
      limit,
      rows.reduce((n, r) => n + sizeOf(r), 0),
    );
    after = keyOf(table, rows.at(-1)!);
  }
}

function keyOf(table: TableShape, row: Row): Row {
  return table.key.map((k) => row[table.columns.indexOf(k)]!);
}

/** Sorts JSON objects' keys, so that a JSON column compares as a value (PostgreSQL's jsonb keeps its own key order). */
function canonicalJson(text: string): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(JSON.parse(text)));
}

/** A record's SHA-256 over its values in column order: bytes as base64, JSON columns as values. */
function recordHash(row: Row, json: boolean[]): string {
  const values = row.map((v: Value, i) => (Buffer.isBuffer(v) ? { bytes: v.toString('base64') } : json[i] && typeof v === 'string' ? canonicalJson(v) : v));
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/** Two keys in key order: numbers by value, text byte-wise (as both databases order them). */
function compareKeys(a: Row, b: Row): number {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return Buffer.compare(Buffer.from(String(x)), Buffer.from(String(y)));
  }
  return 0;
}

/**
 * Copies a table's rows after the last key the target holds (so that a run after an interrupted
 * one goes on where that stopped), a batch per transaction, in key order. With `resume` false it
 * copies every row again (over what is there): for a table the target may hold rows of its own in.
 */
export async function copyTable(source: TableDatabase, target: TableDatabase, table: TableShape, progress: Progress, resume = true): Promise<number> {
  const total = await source.count(table);
  const resumeAfter = resume ? await target.lastKey(table) : undefined;
  let done = resumeAfter ? await target.count(table) : 0;
  let copied = 0;
  let said = 0;
  progress(`${table.name}: ${done}/${total} rows${resumeAfter ? ' (resumed)' : ''}`);
  for await (const rows of rowsOf(source, table, resumeAfter)) {
    await target.write(table, rows);
    copied += rows.length;
    done += rows.length;
    if (Date.now() - said >= 1000) {
      progress(`${table.name}: ${done}/${total} rows`);
      said = Date.now();
    }
  }
  await target.finishTable(table);
  progress(`${table.name}: ${total} rows copied`);
  return copied;
}

/** Reads both sides of a table in key order side by side and compares every record's hash. */
export async function checkTable(
  source: TableDatabase,
  target: TableDatabase,
  table: TableShape,
  ignore: (row: Row) => boolean = () => false,
): Promise<Omit<TableResult, 'copied'>> {
  const jsonNames = new Set([...(await source.jsonColumns(table.name)), ...(await target.jsonColumns(table.name))]);
  const json = table.columns.map((c) => jsonNames.has(c));
  const digests = { source: createHash('sha256'), target: createHash('sha256') };
  const result: Omit<TableResult, 'copied'> = { table: table.name, rows: 0, sourceDigest: '', targetDigest: '', differences: 0 };
  const differ = (key: Row) => {
    result.differences += 1;
    result.firstDifference ??= JSON.stringify(key);
  };
  const a = flatten(rowsOf(source, table), ignore);
  const b = flatten(rowsOf(target, table), ignore);
  let x = await a.next();
  let y = await b.next();
  while (!x.done || !y.done) {
    const order = x.done ? 1 : y.done ? -1 : compareKeys(keyOf(table, x.value), keyOf(table, y.value));
    if (order <= 0) {
      const hash = recordHash(x.value!, json);
      digests.source.update(hash);
      result.rows += 1;
      if (order === 0) {
        const other = recordHash(y.value!, json);
        digests.target.update(other);
        if (other !== hash) differ(keyOf(table, x.value!));
        y = await b.next();
      } else differ(keyOf(table, x.value!));
      x = await a.next();
    } else {
      digests.target.update(recordHash(y.value!, json));
      differ(keyOf(table, y.value!));
      y = await b.next();
    }
  }
  result.sourceDigest = digests.source.digest('hex');
  result.targetDigest = digests.target.digest('hex');
  return result;
}

async function* flatten(batches: AsyncIterable<Row[]>, ignore: (row: Row) => boolean): AsyncGenerator<Row> {
  for await (const rows of batches) for (const row of rows) if (!ignore(row)) yield row;
}
