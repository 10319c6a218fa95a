import type pg from 'pg';
import Cursor from 'pg-cursor';
import { CHECKPOINT_EVERY, checkpointFor } from '../checkpoints.js';
import { type AssetSlice, type JoinedBatch, type JoinedRecords, type ListingScope, STREAM_JOINED } from '../store.js';

/** What a listing lists: the table, the column that owns its rows, the owner's table, and where its checkpoints are kept. */
const TARGETS = {
  assets: { table: 'assets', owner: 'project_id', owners: 'projects', checkpoints: 'asset_checkpoints', entry: 'asset_id' },
  items: { table: 'items', owner: 'model_id', owners: 'models', checkpoints: 'item_checkpoints', entry: 'item_id' },
} as const;
type ListingTarget = keyof typeof TARGETS;

function targetOf(scope: ListingScope) {
  return scope.modelId === undefined
    ? { target: 'assets' as const, ...TARGETS.assets, ownerId: scope.projectId }
    : { target: 'items' as const, ...TARGETS.items, ownerId: scope.modelId };
}

/** Rows a server-side cursor hands over per read: bounds memory while streaming. */
const STREAM_BATCH = 500;

/**
 * Batches a stream reads per round trip (4,096 records): fewer round trips cost the database and
 * the driver less per record, and the batches stay strings of STREAM_JOINED records each.
 */
const STREAM_BATCHES_PER_READ = 16;

/** The rows of a scope; `ownerId` is the SQL that names its project or model (a parameter, or a joined column). */
function scoped(scope: ListingScope, ownerId = '$1'): string {
  const { owner } = targetOf(scope);
  return scope.publicOnly ? `${owner} = ${ownerId} AND public` : `${owner} = ${ownerId}`;
}

/**
 * A record as the scope lists it: as stored on the public listing, with its `public` flag as the
 * last key on the management one (what `withPublicFlag` makes, done here so the join is one string).
 */
function recordColumn(scope: ListingScope): string {
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
function slicePlan(scope: ListingScope, slice: AssetSlice, projectId: string) {
  const { table, owner, checkpoints, entry } = targetOf(scope);
  const where = scoped(scope, projectId);
  const columns = `id, ${recordColumn(scope)} AS rec`;
  if (slice.offset === undefined) {
    const sql = joined(`SELECT ${columns} FROM ${table} WHERE ${where} AND id > $2 ORDER BY id LIMIT $3::int + 1`, '$3');
    return { name: 'after', sql, values: [slice.afterId ?? '', slice.limit], ordinal: 0 };
  }
  // The ordinal as bigint: a read made with the project, before its count is known, may name one
  // far past any that exists (an integer parameter would fail).
  const { ordinal, skip } = checkpointFor(slice.offset);
  if (ordinal === 0) {
    const sql = joined(`SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY id LIMIT $2::int + 1 OFFSET $3`, '$2');
    return { name: 'offset', sql, values: [slice.limit, slice.offset], ordinal };
  }
  const sql = joined(
    `SELECT ${columns} FROM ${table} WHERE ${where} AND id >= (SELECT ${entry} FROM ${checkpoints} WHERE ${owner} = ${projectId} AND public_only = $2 AND ordinal = $3::bigint) ORDER BY id LIMIT $4::int + 1 OFFSET $5`,
    '$4',
  );
  return { name: 'checkpoint', sql, values: [scope.publicOnly, ordinal, slice.limit, skip], ordinal };
}

/** Named statements are parsed and planned once per connection, not on every request. */
function statement(name: string, scope: ListingScope, text: string, values: unknown[]): pg.QueryConfig {
  return { name: `${name}-${targetOf(scope).target}-${scope.publicOnly ? 'public' : 'all'}`, text, values };
}

/**
 * The PostgreSQL store's listing reads: record slices by keyset and by offset, streams, and the
 * offset checkpoints (see `../checkpoints.ts`). Each read is one statement, so it sees one snapshot.
 */
export class PostgresListing {
  constructor(private readonly pool: pg.Pool) {}

  async records(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
    const plan = slicePlan(scope, slice, '$1');
    const read = async () =>
      toJoined((await this.pool.query<JoinedRow>(statement(plan.name, scope, plan.sql, [targetOf(scope).ownerId, ...plan.values]))).rows[0]!, slice);
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
  async projectWithRecords<P>(
    alias: string,
    publicOnly: boolean,
    slice: AssetSlice,
    keyHash?: string,
  ): Promise<{ row: P; records: JoinedRecords | undefined } | undefined> {
    const scope = { projectId: '', publicOnly };
    const plan = slicePlan(scope, slice, 'p.id');
    // The hash of the live key sent, if any (`access_key_hash`): the key's check in the same round trip.
    const key = `(SELECT key_hash FROM api_keys WHERE project_id = p.id AND key_hash = $${plan.values.length + 2})`;
    const sql = `SELECT p.*, ${key} AS access_key_hash, listed.count AS listed_count, listed.json AS listed_json, listed."lastId" AS "listed_lastId" FROM projects p LEFT JOIN LATERAL (${plan.sql}) listed ON true WHERE p.alias = $1`;
    const { rows } = await this.pool.query(statement(`project-${plan.name}`, scope, sql, [alias, ...plan.values, keyHash ?? null]));
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
  private async extendTo(scope: ListingScope, ordinal: number): Promise<boolean> {
    const { table, owner, owners, checkpoints, entry, ownerId } = targetOf(scope);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT 1 FROM ${owners} WHERE id = $1 FOR SHARE`, [ownerId]);
      const { rows } = await client.query<{ ordinal: number; id: string }>(
        `SELECT ordinal, ${entry} AS id FROM ${checkpoints} WHERE ${owner} = $1 AND public_only = $2 AND ordinal <= $3 ORDER BY ordinal DESC LIMIT 1`,
        [ownerId, scope.publicOnly, ordinal],
      );
      let at = rows[0]?.ordinal ?? 0;
      let id = rows[0]?.id ?? '';
      while (at < ordinal) {
        const next = await client.query<{ id: string }>(
          `SELECT id FROM ${table} WHERE ${scoped(scope)} AND id >= $2 ORDER BY id LIMIT 1 OFFSET ${CHECKPOINT_EVERY}`,
          [ownerId, id],
        );
        if (!next.rows[0]) break;
        at += 1;
        id = next.rows[0].id;
        // Readers extending at once record the same ids: the first one's stay.
        await client.query(`INSERT INTO ${checkpoints} (${owner}, public_only, ordinal, ${entry}) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          ownerId,
          scope.publicOnly,
          at,
          id,
        ]);
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

  /**
   * The scope in joined batches of STREAM_JOINED records by keyset, all in one read-only
   * REPEATABLE READ transaction (one snapshot, as a cursor would give). One round trip reads
   * `batchesPerRead` batches, a row each (a string each, where a cursor's rows cost an object and
   * a string per record), and the next round trip is sent before this one's batches are handed
   * on, so the database reads while the batches are written: at most two reads' batches are held.
   */
  async *streamJoined(scope: ListingScope, batchesPerRead = STREAM_BATCHES_PER_READ): AsyncIterable<JoinedBatch> {
    const { table, ownerId } = targetOf(scope);
    // Each batch by keyset from the one before, in a recursive query: numbering the records and
    // grouping them instead cost the database 60% more (a sort of every record by its group).
    const batch = (after: string) =>
      `SELECT count(*)::int AS count, string_agg(rec, ',' ORDER BY id) AS json, max(id) AS "lastId" FROM (SELECT id, ${recordColumn(scope)} AS rec FROM ${table} WHERE ${scoped(scope)} AND id > ${after} ORDER BY id LIMIT ${STREAM_JOINED}) slice`;
    const text = `WITH RECURSIVE batches (n, count, json, "lastId") AS (SELECT 1, first.* FROM (${batch('$2')}) first UNION ALL SELECT b.n + 1, next.* FROM batches b CROSS JOIN LATERAL (${batch('b."lastId"')}) next WHERE b.n < $3 AND b.count = ${STREAM_JOINED}) SELECT n, count, json, "lastId" FROM batches WHERE count > 0`;
    const perRead = batchesPerRead * STREAM_JOINED;
    const client = await this.pool.connect();
    const read = (afterId: string) => {
      const rows = client
        .query<JoinedRow & { n: number }>(statement('stream', scope, text, [ownerId, afterId, batchesPerRead]))
        // In order here: PostgreSQL promises no order without an ORDER BY, which would copy every batch once more.
        .then((result) => result.rows.sort((x, y) => x.n - y.n));
      // A read sent ahead may fail while its caller waits for the consumer: it is awaited (and
      // throws) later, and must not count as an unhandled rejection meanwhile.
      rows.catch(() => undefined);
      return rows;
    };
    let open = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      open = true;
      let next: Promise<JoinedRow[]> | undefined = read('');
      while (next) {
        const rows = await next;
        next = undefined;
        const lastId = rows.at(-1)?.lastId;
        if (lastId && rows.reduce((n, row) => n + row.count, 0) === perRead) next = read(lastId);
        // Each batch let go of once handed on, not when the read's last one is: a string held while
        // 15 others are written outlives the young generation and is promoted.
        for (let row = rows.shift(); row; row = rows.shift()) if (row.json !== null) yield { json: row.json, count: row.count };
      }
      open = false;
      await client.query('COMMIT');
    } finally {
      // Stopped early (the client went away): end the transaction. The connection runs its
      // queries in order, so the ROLLBACK waits for a read sent ahead.
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
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
  ownerId: string,
  entryId: string,
  scopes: { all: boolean; public: boolean },
  target: ListingTarget = 'assets',
): Promise<void> {
  const flags = [...(scopes.all ? [false] : []), ...(scopes.public ? [true] : [])];
  if (flags.length === 0) return;
  const { owner, checkpoints, entry } = TARGETS[target];
  await client.query(`DELETE FROM ${checkpoints} WHERE ${owner} = $1 AND public_only = ANY($2::boolean[]) AND ${entry} >= $3`, [ownerId, flags, entryId]);
}
