import type Database from 'better-sqlite3';
import { CHECKPOINT_EVERY, checkpointFor } from '../checkpoints.js';
import type { AssetScope, AssetSlice, JoinedRecords, ListedRecord } from '../store.js';

/** How many rows one step of a stream reads: bounds memory, keeps each read short. */
export const STREAM_BATCH = 500;

/** Streams a scope by keyset batches of STREAM_BATCH that `read(afterId)` returns in id order. */
export async function* inBatches<T extends { id: string }>(read: (afterId: string) => T[]): AsyncIterable<T> {
  // Keyset batches rather than one open iterator: a long-lived iterator would hold the
  // connection busy across awaits and block every other query of this process.
  let afterId = '';
  for (;;) {
    const batch = read(afterId);
    for (const item of batch) yield item;
    if (batch.length < STREAM_BATCH) return;
    afterId = batch[batch.length - 1]!.id;
    // A fast reader never applies backpressure, so without this the whole list would go out
    // in one run of microtasks while every other request waits.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type RecordRow = [id: string, isPublic: number, record: string];

function toRecord(row: RecordRow): ListedRecord {
  return { id: row[0], public: row[1] === 1, record: row[2] };
}

type JoinedRow = [count: number, json: string | null, lastId: string | null];

/**
 * A record as the scope lists it: as stored on the public listing, with its `public` flag as the
 * last key on the management one (what `withPublicFlag` makes, done here so the join is one string).
 */
function recordColumn(publicOnly: boolean): string {
  return publicOnly ? 'record' : `substr(record, 1, length(record) - 1) || ',"public":' || (CASE public WHEN 1 THEN 'true' ELSE 'false' END) || '}'`;
}

/**
 * Joins the rows of `inner` (id and rec, in id order) into one text. group_concat takes them in
 * the order the inner query's co-routine yields them, which is its ORDER BY; an ORDER BY inside
 * group_concat would add a sort that costs as much as the rest of the query (the contract tests
 * check the order).
 */
const joined = (inner: string) => `SELECT count(*), group_concat(rec, ','), max(id) FROM (${inner})`;

function scopeStatements(db: Database.Database, publicOnly: boolean) {
  const scoped = publicOnly ? 'project_id = ? AND public = 1' : 'project_id = ?';
  const flag = publicOnly ? 1 : 0;
  const columns = `id, ${recordColumn(publicOnly)} AS rec`;
  // Rows as arrays: no object per row.
  const rows = (sql: string) => db.prepare(sql).raw(true);
  return {
    after: rows(`SELECT id, public, record FROM assets WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`),
    afterJoined: rows(joined(`SELECT ${columns} FROM assets WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`)),
    // Fewer than CHECKPOINT_EVERY entries are skipped: cheaper than the sub-select that would walk
    // only the covering index, which costs a second lookup per row it returns.
    offsetJoined: rows(joined(`SELECT ${columns} FROM assets WHERE ${scoped} ORDER BY id LIMIT ? OFFSET ?`)),
    fromCheckpointJoined: rows(
      joined(
        `SELECT ${columns} FROM assets WHERE ${scoped} AND id >= (SELECT asset_id FROM asset_checkpoints WHERE project_id = ? AND public_only = ${flag} AND ordinal = ?) ORDER BY id LIMIT ? OFFSET ?`,
      ),
    ),
    // Walks the index only: whether a slice is the scope's last, without reading a record past it.
    anyAfter: db.prepare(`SELECT 1 FROM assets WHERE ${scoped} AND id > ? LIMIT 1`).pluck(),
    nearest: db.prepare(
      `SELECT ordinal, asset_id AS id FROM asset_checkpoints WHERE project_id = ? AND public_only = ${flag} AND ordinal <= ? ORDER BY ordinal DESC LIMIT 1`,
    ),
    step: db.prepare(`SELECT id FROM assets WHERE ${scoped} AND id >= ? ORDER BY id LIMIT 1 OFFSET ${CHECKPOINT_EVERY}`),
    keep: db.prepare(`INSERT OR REPLACE INTO asset_checkpoints (project_id, public_only, ordinal, asset_id) VALUES (?, ${flag}, ?, ?)`),
    drop: db.prepare(`DELETE FROM asset_checkpoints WHERE project_id = ? AND public_only = ${flag} AND asset_id >= ?`),
  };
}

/**
 * The SQLite store's listing reads: record slices by keyset and by offset, streams, and the
 * offset checkpoints (see `../checkpoints.ts`) that keep a deep offset as cheap as a shallow one.
 */
export class SqliteListing {
  private readonly scopes;

  constructor(private readonly db: Database.Database) {
    this.scopes = { public: scopeStatements(db, true), all: scopeStatements(db, false) };
  }

  private of(scope: AssetScope) {
    return scope.publicOnly ? this.scopes.public : this.scopes.all;
  }

  records(scope: AssetScope, slice: AssetSlice): JoinedRecords {
    const s = this.of(scope);
    const [count, json, lastId] = this.joinedRow(scope, slice);
    // Only a full slice can have more after it; the check reads index entries, not records.
    const hasMore = count === slice.limit && lastId !== null && s.anyAfter.get(scope.projectId, lastId) !== undefined;
    return { json: json ?? '', count, lastId: lastId ?? undefined, hasMore };
  }

  private joinedRow(scope: AssetScope, slice: AssetSlice): JoinedRow {
    const s = this.of(scope);
    if (slice.offset === undefined) return s.afterJoined.get(scope.projectId, slice.afterId ?? '', slice.limit) as JoinedRow;
    const { ordinal, skip } = checkpointFor(slice.offset);
    if (ordinal === 0) return s.offsetJoined.get(scope.projectId, slice.limit, slice.offset) as JoinedRow;
    const read = () => s.fromCheckpointJoined.get(scope.projectId, scope.projectId, ordinal, slice.limit, skip) as JoinedRow;
    const row = read();
    // No rows: the checkpoint is missing (or the scope is shorter than the offset).
    if (row[0] === 0 && this.extendTo(scope, ordinal)) return read();
    return row;
  }

  /**
   * Records the checkpoints up to `ordinal`, from the last one kept, in one write transaction so
   * that no delete or flag change lands between the steps. False when the scope is shorter.
   */
  private extendTo(scope: AssetScope, ordinal: number): boolean {
    const s = this.of(scope);
    return this.db
      .transaction(() => {
        const from = s.nearest.get(scope.projectId, ordinal) as { ordinal: number; id: string } | undefined;
        let at = from?.ordinal ?? 0;
        let id = from?.id ?? '';
        while (at < ordinal) {
          const next = s.step.get(scope.projectId, id) as { id: string } | undefined;
          if (!next) return false;
          at += 1;
          id = next.id;
          s.keep.run(scope.projectId, at, id);
        }
        return true;
      })
      .immediate();
  }

  /**
   * Drops the checkpoints that a delete or a flag change at `assetId` moved. Call it inside the
   * write transaction of that change.
   */
  invalidate(projectId: string, assetId: string, scopes: { all: boolean; public: boolean }): void {
    if (scopes.all) this.scopes.all.drop.run(projectId, assetId);
    if (scopes.public) this.scopes.public.drop.run(projectId, assetId);
  }

  streamRecords(scope: AssetScope): AsyncIterable<ListedRecord> {
    const s = this.of(scope);
    return inBatches((afterId) => (s.after.all(scope.projectId, afterId, STREAM_BATCH) as RecordRow[]).map(toRecord));
  }
}
