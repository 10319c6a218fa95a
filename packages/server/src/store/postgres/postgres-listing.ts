import type pg from 'pg';
import Cursor from 'pg-cursor';
import { CHECKPOINT_EVERY, checkpointFor } from '../checkpoints.js';
import type { AssetScope, AssetSlice, JoinedRecords, ListedRecord } from '../store.js';

/** Rows a server-side cursor hands over per read: bounds memory while streaming. */
const STREAM_BATCH = 500;

/** The rows of a scope; `projectId` is the SQL that names the project (a parameter, or a joined column). */
function scoped(scope: AssetScope, projectId = '$1'): string {
  return scope.publicOnly ? `project_id = ${projectId} AND public` : `project_id = ${projectId}`;
}

/**
 * A record as the scope lists it: as stored on the public listing, with its `public` flag as the
 * last key on the management one (what `withPublicFlag` makes, done here so the join is one string).
 */
function recordColumn(scope: AssetScope): string {
  return scope.publicOnly ? 'record' : `left(record, -1) || ',"public":' || public::text || '}'`;
}

/**
 * Joins the first `limit` rows of `inner` (which selects `id, rec` in id order, one row past the
 * slice) into one text; the extra row tells whether more follow. The rows are numbered after the
 * inner query's OFFSET, so `rn` counts within the slice.
 */
function joined(inner: string, limit: string): string {
  const first = `FILTER (WHERE rn <= ${limit}::int)`;
  return `SELECT count(*)::int AS count, string_agg(rec, ',' ORDER BY id) ${first} AS json, max(id) ${first} AS "lastId" FROM (SELECT id, rec, row_number() OVER (ORDER BY id) AS rn FROM (${inner}) slice) page`;
}

interface JoinedRow {
  count: number;
  json: string | null;
  lastId: string | null;
}

function toJoined(row: JoinedRow, slice: AssetSlice): JoinedRecords {
  return { json: row.json ?? '', count: Math.min(row.count, slice.limit), lastId: row.lastId ?? undefined, hasMore: row.count > slice.limit };
}

/**
 * The statement that reads a slice of a scope joined (see `joined`), with `projectId` as the SQL
 * naming the project, and its parameters after the project's, which is `$1`. One row past the
 * slice tells `hasMore` without a second round trip. `ordinal` is the offset checkpoint it seeks
 * from (0: none).
 */
function slicePlan(scope: AssetScope, slice: AssetSlice, projectId: string) {
  const where = scoped(scope, projectId);
  const columns = `id, ${recordColumn(scope)} AS rec`;
  if (slice.offset === undefined) {
    const sql = joined(`SELECT ${columns} FROM assets WHERE ${where} AND id > $2 ORDER BY id LIMIT $3::int + 1`, '$3');
    return { name: 'after', sql, values: [slice.afterId ?? '', slice.limit], ordinal: 0 };
  }
  // The ordinal as bigint: a read made with the project, before its count is known, may name one
  // far past any that exists (an integer parameter would fail).
  const { ordinal, skip } = checkpointFor(slice.offset);
  if (ordinal === 0) {
    const sql = joined(`SELECT ${columns} FROM assets WHERE ${where} ORDER BY id LIMIT $2::int + 1 OFFSET $3`, '$2');
    return { name: 'offset', sql, values: [slice.limit, slice.offset], ordinal };
  }
  const sql = joined(
    `SELECT ${columns} FROM assets WHERE ${where} AND id >= (SELECT asset_id FROM asset_checkpoints WHERE project_id = ${projectId} AND public_only = $2 AND ordinal = $3::bigint) ORDER BY id LIMIT $4::int + 1 OFFSET $5`,
    '$4',
  );
  return { name: 'checkpoint', sql, values: [scope.publicOnly, ordinal, slice.limit, skip], ordinal };
}

/** Named statements are parsed and planned once per connection, not on every request. */
function statement(name: string, scope: AssetScope, text: string, values: unknown[]): pg.QueryConfig {
  return { name: `${name}-${scope.publicOnly ? 'public' : 'all'}`, text, values };
}

/**
 * The PostgreSQL store's listing reads: record slices by keyset and by offset, streams, and the
 * offset checkpoints (see `../checkpoints.ts`). Each read is one statement, so it sees one snapshot.
 */
export class PostgresListing {
  constructor(private readonly pool: pg.Pool) {}

  async records(scope: AssetScope, slice: AssetSlice): Promise<JoinedRecords> {
    const plan = slicePlan(scope, slice, '$1');
    const read = async () => toJoined((await this.pool.query<JoinedRow>(statement(plan.name, scope, plan.sql, [scope.projectId, ...plan.values]))).rows[0]!, slice);
    const joinedRecords = await read();
    // No rows: the checkpoint is missing (or the scope is shorter than the offset).
    if (joinedRecords.count === 0 && plan.ordinal > 0 && (await this.extendTo(scope, plan.ordinal))) return read();
    return joinedRecords;
  }

  /**
   * The project named `alias` (its row, as `SELECT *` gives it) and one slice of its listing, in
   * one statement: one round trip instead of two. `records` is undefined when the slice needs an
   * offset checkpoint that is not recorded (yet): `records()` reads it then.
   */
  async projectWithRecords<P>(alias: string, publicOnly: boolean, slice: AssetSlice): Promise<{ row: P; records: JoinedRecords | undefined } | undefined> {
    const scope = { projectId: '', publicOnly };
    const plan = slicePlan(scope, slice, 'p.id');
    const sql = `SELECT p.*, listed.count AS listed_count, listed.json AS listed_json, listed."lastId" AS "listed_lastId" FROM projects p LEFT JOIN LATERAL (${plan.sql}) listed ON true WHERE p.alias = $1`;
    const { rows } = await this.pool.query(statement(`project-${plan.name}`, scope, sql, [alias, ...plan.values]));
    const row = rows[0] as (P & { listed_count: number; listed_json: string | null; listed_lastId: string | null }) | undefined;
    if (!row) return undefined;
    const records = toJoined({ count: row.listed_count, json: row.listed_json, lastId: row.listed_lastId }, slice);
    return { row, records: records.count === 0 && plan.ordinal > 0 ? undefined : records };
  }

  /**
   * Records the checkpoints up to `ordinal` from the last one kept. The project row's share lock
   * waits for, and holds off, every delete and flag change of the project (they update its
   * counts before dropping checkpoints), so no step is taken across one. False when the scope is shorter.
   */
  private async extendTo(scope: AssetScope, ordinal: number): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM projects WHERE id = $1 FOR SHARE', [scope.projectId]);
      const { rows } = await client.query<{ ordinal: number; id: string }>(
        'SELECT ordinal, asset_id AS id FROM asset_checkpoints WHERE project_id = $1 AND public_only = $2 AND ordinal <= $3 ORDER BY ordinal DESC LIMIT 1',
        [scope.projectId, scope.publicOnly, ordinal],
      );
      let at = rows[0]?.ordinal ?? 0;
      let id = rows[0]?.id ?? '';
      while (at < ordinal) {
        const next = await client.query<{ id: string }>(
          `SELECT id FROM assets WHERE ${scoped(scope)} AND id >= $2 ORDER BY id LIMIT 1 OFFSET ${CHECKPOINT_EVERY}`,
          [scope.projectId, id],
        );
        if (!next.rows[0]) break;
        at += 1;
        id = next.rows[0].id;
        // Readers extending at once record the same ids: the first one's stay.
        await client.query(
          'INSERT INTO asset_checkpoints (project_id, public_only, ordinal, asset_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [scope.projectId, scope.publicOnly, at, id],
        );
      }
      await client.query('COMMIT');
      return at >= ordinal;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  streamRecords(scope: AssetScope): AsyncIterable<ListedRecord> {
    return cursorStream(this.pool, `SELECT id, public, record FROM assets WHERE ${scoped(scope)} ORDER BY id`, [scope.projectId], (row: ListedRecord) => row);
  }
}

/** Every row of a query, through one server-side cursor in a read-only snapshot, STREAM_BATCH at a time. */
export async function* cursorStream<R, T>(pool: pg.Pool, text: string, values: unknown[], map: (row: R) => T): AsyncIterable<T> {
  const client = await pool.connect();
  let cursor: Cursor<R> | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    cursor = client.query(new Cursor<R>(text, values));
    for (;;) {
      const rows = await cursor.read(STREAM_BATCH);
      for (const row of rows) yield map(row);
      if (rows.length < STREAM_BATCH) break;
    }
    await cursor.close();
    cursor = undefined;
    await client.query('COMMIT');
  } finally {
    if (cursor) {
      // Stopped early (the client went away): end the cursor and the transaction.
      await cursor.close().catch(() => undefined);
      await client.query('ROLLBACK').catch(() => undefined);
    }
    client.release();
  }
}

/**
 * Drops the checkpoints that a delete or a flag change at `assetId` moved. Call it inside that
 * change's transaction, after it updated the project's counts (which takes the row lock that
 * `extendTo` shares).
 */
export async function invalidateCheckpoints(
  client: pg.PoolClient,
  projectId: string,
  assetId: string,
  scopes: { all: boolean; public: boolean },
): Promise<void> {
  const flags = [...(scopes.all ? [false] : []), ...(scopes.public ? [true] : [])];
  if (flags.length === 0) return;
  await client.query('DELETE FROM asset_checkpoints WHERE project_id = $1 AND public_only = ANY($2::boolean[]) AND asset_id >= $3', [
    projectId,
    flags,
    assetId,
  ]);
}
