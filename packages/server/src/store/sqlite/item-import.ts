import { Worker } from 'node:worker_threads';
import type { Field } from '@orbis/content-model';
import { newIdAfter } from '../../records/ids.js';
import { itemRecordTail } from '../../records/item-record.js';
import { StoreConflictError, StoreNotFoundError, type NewItem, type VersionActor } from '../store.js';
import type { ImportReply, ImportRequest, ImportWorkerData, StagedRow } from './import-protocol.js';
import { SQLITE_DRIVER } from './sqlite-driver.js';
import type { WriteGate } from './write-gate.js';

/** Rows per message to the worker: the main thread renders them, then waits for the worker. */
const STAGE_ROWS = 2000;
/** Tries to record when other items of the model were recorded after the ids were made. */
const COMMIT_TRIES = 5;
/** Ids made between two turns of the event loop. */
const ID_TURN = 10_000;
const WORKER_URL = new URL('./import-worker.mjs', import.meta.url);

/** The model as an import's ids and records are made for it. */
export interface ImportTarget {
  modelId: string;
  /** The model's fields as stored (JSON). */
  fields: string;
  lastItemId: string | null;
}

/**
 * An import into one model of a SQLite store, recorded by a worker thread on its own connection:
 * the rows are staged in the worker (no lock on the database), then copied into `items` in one
 * transaction there, so the import is all or nothing and never holds the server's event loop.
 * The copy holds SQLite's write lock for seconds: it holds `gate` as long, so that the server's
 * writes wait for it as promises rather than in SQLite's busy_timeout, which would block the event
 * loop (docs/content-api.md, "Content models"). `target` reads the model again when other items
 * were recorded in the meantime.
 */
export async function importItemsInWorker(
  filename: string,
  addCountsSql: string,
  gate: WriteGate,
  target: () => ImportTarget | undefined,
  drafts: Iterable<NewItem>,
  now: string,
  /** Who imports: each item's first version names them. */
  actor: VersionActor,
  /** Records a small import at once, in one transaction on the server's connection. */
  recordAtOnce: (items: NewItem[]) => number,
): Promise<number> {
  let model = target();
  if (!model) throw new StoreNotFoundError('the model no longer exists');
  // An import of one message's rows or fewer takes milliseconds: no worker for it (it costs a thread's start).
  const iterator = drafts[Symbol.iterator]();
  const first: NewItem[] = [];
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    first.push(next.value);
    if (first.length > STAGE_ROWS) break;
  }
  if (first.length <= STAGE_ROWS) return gate.write(() => recordAtOnce(first));
  const fields = JSON.parse(model.fields) as Field[];
  const worker = new ImportWorker({ filename, driver: SQLITE_DRIVER, addCountsSql });
  try {
    let count = 0;
    let publicCount = 0;
    let rows: StagedRow[] = [];
    for (const draft of chain(first, iterator)) {
      count += 1;
      publicCount += draft.public ? 1 : 0;
      rows.push([draft.public ? 1 : 0, JSON.stringify(draft.fields), itemRecordTail(fields, { fields: draft.fields, createdAt: now, updatedAt: now })]);
      if (rows.length < STAGE_ROWS) continue;
      await worker.ask({ type: 'stage', rows });
      rows = [];
    }
    if (rows.length > 0) await worker.ask({ type: 'stage', rows });
    for (let tries = 0; tries < COMMIT_TRIES; tries++) {
      await worker.ask({ type: 'ids', ids: await idsAfter(model.lastItemId, count) });
      const commit: ImportRequest = {
        type: 'commit',
        modelId: model.modelId,
        now,
        actor: JSON.stringify(actor),
        publicCount,
        fields: model.fields,
        lastItemId: model.lastItemId,
      };
      // Held until the worker has let go of the lock: it answers after its COMMIT or ROLLBACK, and
      // a worker that stopped instead is waited for until its thread (and connection) is gone.
      const reply = await gate.hold(async () => {
        try {
          return await worker.ask(commit);
        } catch (err) {
          await worker.close();
          throw err;
        }
      });
      if (reply.type === 'committed') return count;
      if (reply.type !== 'stale' || !reply.found) throw new StoreNotFoundError('the model no longer exists');
      if (reply.fieldsChanged) throw new StoreConflictError("the model's fields changed during the import; import again");
      model = target();
      if (!model) throw new StoreNotFoundError('the model no longer exists');
    }
    throw new StoreConflictError('items were added to the model throughout the import; import again');
  } finally {
    await worker.close();
  }
}

/** The rows already taken, then the rest of the iterator's, one at a time. */
function* chain(taken: NewItem[], rest: Iterator<NewItem>): Generator<NewItem> {
  yield* taken;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

/** `count` new ids after `last`, in order, with a turn of the event loop every ID_TURN of them (400,000 take 1 s). */
async function idsAfter(last: string | null, count: number): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    for (let i = Math.min(ID_TURN, count - ids.length); i > 0; i--) ids.push((last = newIdAfter(last)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ids;
}

/** The worker thread, asked one request at a time. */
class ImportWorker {
  private readonly worker: Worker;
  private readonly stopped: Promise<Error>;

  constructor(data: ImportWorkerData) {
    this.worker = new Worker(WORKER_URL, { workerData: data });
    this.stopped = new Promise((resolve) => {
      this.worker.once('error', resolve);
      this.worker.once('exit', (code) => resolve(new Error(`the import worker stopped (exit code ${code})`)));
    });
  }

  /** The worker's answer; rejects with its error (its SQLite code kept) or when it stopped. */
  async ask(request: ImportRequest): Promise<Exclude<ImportReply, { type: 'failed' }>> {
    const answered = new Promise<ImportReply>((resolve) => this.worker.once('message', resolve));
    this.worker.postMessage(request);
    const reply = await Promise.race([answered, this.stopped.then((err) => Promise.reject(err))]);
    if (reply.type === 'failed') throw Object.assign(new Error(reply.message), { code: reply.code });
    return reply;
  }

  /** Ends the worker; its connection closes, and a transaction still open rolls back. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
