import type Database from 'better-sqlite3';
import { CHECKPOINT_EVERY, checkpointFor } from '../checkpoints.js';
import type { AssetScope, AssetSlice, ListedRecord } from '../store.js';

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

function scopeStatements(db: Database.Database, publicOnly: boolean) {
  const scoped = publicOnly ? 'project_id = ? AND public = 1' : 'project_id = ?';
  const flag = publicOnly ? 1 : 0;
  // Rows as arrays: no object per row, and only the three columns a listing answers with.
  const rows = (sql: string) => db.prepare(sql).raw(true);
  return {
    after: rows(`SELECT id, public, record FROM assets WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`),
    // Fewer than CHECKPOINT_EVERY entries are skipped: cheaper than the sub-select that would walk
    // only the covering index, which costs a second lookup per row it returns.
    offset: rows(`SELECT id, public, record FROM assets WHERE ${scoped} ORDER BY id LIMIT ? OFFSET ?`),
    fromCheckpoint: rows(
      `SELECT id, public, record FROM assets WHERE ${scoped} AND id >= (SELECT asset_id FROM asset_checkpoints WHERE project_id = ? AND public_only = ${flag} AND ordinal = ?) ORDER BY id LIMIT ? OFFSET ?`,
    ),
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

  records(scope: AssetScope, slice: AssetSlice): ListedRecord[] {
    const s = this.of(scope);
    if (slice.offset === undefined) return (s.after.all(scope.projectId, slice.afterId ?? '', slice.limit) as RecordRow[]).map(toRecord);
    const { ordinal, skip } = checkpointFor(slice.offset);
    if (ordinal === 0) return (s.offset.all(scope.projectId, slice.limit, slice.offset) as RecordRow[]).map(toRecord);
    const read = () => s.fromCheckpoint.all(scope.projectId, scope.projectId, ordinal, slice.limit, skip) as RecordRow[];
    let rows = read();
    // No rows: the checkpoint is missing (or the scope is shorter than the offset).
    if (rows.length === 0 && this.extendTo(scope, ordinal)) rows = read();
    return rows.map(toRecord);
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
