/** What the SQLite import worker starts with. */
export interface ImportWorkerData {
  /** The database file (the store's, in WAL mode). */
  filename: string;
  /** The better-sqlite3 package this Node runs (sqlite-driver.ts). */
  driver: string;
  /** The statement that adds to a model's counts: count, public count, last id, model id. */
  addCountsSql: string;
}

/** One staged row: public (0 or 1), the fields' JSON, the record after its id. */
export type StagedRow = [number, string, string];

/** Main thread → import worker. */
export type ImportRequest =
  | { type: 'stage'; rows: StagedRow[] }
  /** The staged rows' ids, in order (replacing any given before): staged too, before the commit takes the lock. */
  | { type: 'ids'; ids: string[] }
  /**
   * Records the staged rows with the staged ids, if the model is still as the ids were made for: its
   * fields' JSON and last item id unchanged (else nothing is written and the answer is `stale`);
   * each item's first version names `actor` (JSON).
   */
  | { type: 'commit'; modelId: string; now: string; actor: string; publicCount: number; fields: string; lastItemId: string | null };

/** Import worker → main thread: one answer per request. */
export type ImportReply =
  { type: 'staged' } | { type: 'committed' } | { type: 'stale'; found: boolean; fieldsChanged: boolean } | { type: 'failed'; message: string; code?: string };
