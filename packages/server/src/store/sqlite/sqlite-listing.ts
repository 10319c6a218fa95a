import type Database from 'better-sqlite3';
import { CHECKPOINT_EVERY, checkpointFor } from '../checkpoints.js';
import { type AssetSlice, type JoinedBatch, type JoinedRecords, type ListingScope, STREAM_JOINED } from '../store.js';
import type { WriteGate } from './write-gate.js';

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

/** What a listing lists: the table, the column that owns its rows, and where its checkpoints are kept. */
const TARGETS = {
  assets: { table: 'assets', owner: 'project_id', checkpoints: 'asset_checkpoints', entry: 'asset_id' },
  items: { table: 'items', owner: 'model_id', checkpoints: 'item_checkpoints', entry: 'item_id' },
} as const;
export type ListingTarget = keyof typeof TARGETS;

/** The target of a scope and the value of its owner column. */
export function targetOf(scope: ListingScope): { target: ListingTarget; owner: string } {
  return scope.modelId === undefined ? { target: 'assets', owner: scope.projectId } : { target: 'items', owner: scope.modelId };
}

function scopeStatements(db: Database.Database, publicOnly: boolean, target: ListingTarget) {
  const { table, owner, checkpoints, entry } = TARGETS[target];
  const scoped = publicOnly ? `${owner} = ? AND public = 1` : `${owner} = ?`;
  const flag = publicOnly ? 1 : 0;
  const columns = `id, ${recordColumn(publicOnly)} AS rec`;
  // Rows as arrays: no object per row.
  const rows = (sql: string) => db.prepare(sql).raw(true);
  return {
    afterJoined: rows(joined(`SELECT ${columns} FROM ${table} WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`)),
    // Fewer than CHECKPOINT_EVERY entries are skipped: cheaper than the sub-select that would walk
    // only the covering index, which costs a second lookup per row it returns.
    offsetJoined: rows(joined(`SELECT ${columns} FROM ${table} WHERE ${scoped} ORDER BY id LIMIT ? OFFSET ?`)),
    fromCheckpointJoined: rows(
      joined(
        `SELECT ${columns} FROM ${table} WHERE ${scoped} AND id >= (SELECT ${entry} FROM ${checkpoints} WHERE ${owner} = ? AND public_only = ${flag} AND ordinal = ?) ORDER BY id LIMIT ? OFFSET ?`,
      ),
    ),
    // Walks the index only: whether a slice is the scope's last, without reading a record past it.
    anyAfter: db.prepare(`SELECT 1 FROM ${table} WHERE ${scoped} AND id > ? LIMIT 1`).pluck(),
    nearest: db.prepare(
      `SELECT ordinal, ${entry} AS id FROM ${checkpoints} WHERE ${owner} = ? AND public_only = ${flag} AND ordinal <= ? ORDER BY ordinal DESC LIMIT 1`,
    ),
    step: db.prepare(`SELECT id FROM ${table} WHERE ${scoped} AND id >= ? ORDER BY id LIMIT 1 OFFSET ${CHECKPOINT_EVERY}`),
    keep: db.prepare(`INSERT OR REPLACE INTO ${checkpoints} (${owner}, public_only, ordinal, ${entry}) VALUES (?, ${flag}, ?, ?)`),
    drop: db.prepare(`DELETE FROM ${checkpoints} WHERE ${owner} = ? AND public_only = ${flag} AND ${entry} >= ?`),
  };
}

/**
 * The SQLite store's listing reads: record slices by keyset and by offset, streams, and the
 * offset checkpoints (see `../checkpoints.ts`) that keep a deep offset as cheap as a shallow one.
 */
export class SqliteListing {
  private readonly scopes;

  constructor(
    private readonly db: Database.Database,
    private readonly gate: WriteGate,
  ) {
    const both = (target: ListingTarget) => ({ public: scopeStatements(db, true, target), all: scopeStatements(db, false, target) });
    this.scopes = { assets: both('assets'), items: both('items') };
  }

  private of(scope: ListingScope) {
    const statements = this.scopes[targetOf(scope).target];
    return scope.publicOnly ? statements.public : statements.all;
  }

  records(scope: ListingScope, slice: AssetSlice): JoinedRecords {
    const s = this.of(scope);
    const [count, json, lastId] = this.joinedRow(scope, slice);
    // Only a full slice can have more after it; the check reads index entries, not records.
    const hasMore = count === slice.limit && lastId !== null && s.anyAfter.get(targetOf(scope).owner, lastId) !== undefined;
    return { json: json ?? '', count, lastId: lastId ?? undefined, hasMore };
  }

  private joinedRow(scope: ListingScope, slice: AssetSlice): JoinedRow {
    const s = this.of(scope);
    const { owner } = targetOf(scope);
    if (slice.offset === undefined) return s.afterJoined.get(owner, slice.afterId ?? '', slice.limit) as JoinedRow;
    const { ordinal, skip } = checkpointFor(slice.offset);
    if (ordinal === 0) return s.offsetJoined.get(owner, slice.limit, slice.offset) as JoinedRow;
    const read = () => s.fromCheckpointJoined.get(owner, owner, ordinal, slice.limit, skip) as JoinedRow;
    const row = read();
    if (row[0] !== 0) return row;
    // No rows: the checkpoint is missing (or the scope is shorter than the offset). Recording it is
    // a write: while an import's commit holds the database, the read walks from the start instead of waiting.
    if (this.gate.held) return s.offsetJoined.get(owner, slice.limit, slice.offset) as JoinedRow;
    return this.extendTo(scope, ordinal) ? read() : row;
  }

  /**
   * Records the checkpoints up to `ordinal`, from the last one kept, in one write transaction so
   * that no delete or flag change lands between the steps. False when the scope is shorter.
   */
  private extendTo(scope: ListingScope, ordinal: number): boolean {
    const s = this.of(scope);
    const { owner } = targetOf(scope);
    return this.db
      .transaction(() => {
        const from = s.nearest.get(owner, ordinal) as { ordinal: number; id: string } | undefined;
        let at = from?.ordinal ?? 0;
        let id = from?.id ?? '';
        while (at < ordinal) {
          const next = s.step.get(owner, id) as { id: string } | undefined;
          if (!next) return false;
          at += 1;
          id = next.id;
          s.keep.run(owner, at, id);
        }
        return true;
      })
      .immediate();
  }

  /**
   * Drops the checkpoints that a delete or a flag change at `assetId` moved. Call it inside the
   * write transaction of that change.
   */
  invalidate(owner: string, entryId: string, scopes: { all: boolean; public: boolean }, target: ListingTarget = 'assets'): void {
    if (scopes.all) this.scopes[target].all.drop.run(owner, entryId);
    if (scopes.public) this.scopes[target].public.drop.run(owner, entryId);
  }

  /**
   * The scope in joined batches of STREAM_JOINED rows by keyset: one string per batch crosses
   * into JavaScript (a row per record cost an array and a string each, and the stream a
   * promise per record).
   */
  async *streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch> {
    const s = this.of(scope);
    const { owner } = targetOf(scope);
    let afterId = '';
    for (;;) {
      const [count, json, lastId] = s.afterJoined.get(owner, afterId, STREAM_JOINED) as JoinedRow;
      if (count === 0 || json === null || lastId === null) return;
      yield { json, count };
      if (count < STREAM_JOINED) return;
      afterId = lastId;
      // As in `inBatches`: a fast reader never applies backpressure, so let others run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
