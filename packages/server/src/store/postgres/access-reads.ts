import type pg from 'pg';
import type { ContentModel } from '../store.js';
import { MODEL_COLUMNS, type ModelRow, toModel } from './postgres-content.js';
import type { ProjectRow } from './postgres-rows.js';

/** A project row with the hash of the live key that was asked about (null: none, or none asked). */
export type AccessRow = ProjectRow & { access_key_hash: string | null };

/** What one request asked for: its project's row and key hash, and the model asked about (undefined: none, or none asked). */
export interface AccessRead {
  row: AccessRow;
  model: ContentModel | undefined;
}

/** The model's columns, each as `model_<column>` beside the project's. */
const MODEL_SELECT = MODEL_COLUMNS.map((c) => `m.${c} AS model_${c}`).join(', ');

type ReadRow = AccessRow & { n: number } & { [C in (typeof MODEL_COLUMNS)[number] as `model_${C}`]: ModelRow[C] | null };

function modelOf(row: ReadRow): ContentModel | undefined {
  if (row.model_id === null) return undefined;
  return toModel(Object.fromEntries(MODEL_COLUMNS.map((c) => [c, row[`model_${c}`]])) as unknown as ModelRow);
}

interface Waiting {
  alias: string;
  keyHash: string | null;
  modelKey: string | null;
  resolve: (read: AccessRead | undefined) => void;
  reject: (err: unknown) => void;
}

/** Requests one read answers at most: bounds the statement's arrays. */
const MAX_BATCH = 512;

/**
 * Projects, key hashes and models by alias (and model key), read for many requests in one
 * statement: a model page's checks cost one round trip, as an asset page's do. A request waits
 * for the next read that is sent after it arrived (never for one already in flight), so it sees
 * every write committed before it arrived, by any process: the freshness of one read per request,
 * at the cost of one round trip per batch. While a read is in flight, the requests that arrive
 * gather for the next one; with none in flight, the next is sent once the current I/O events
 * have been handled, so requests that arrived together go together.
 */
export class AccessReads {
  private waiting: Waiting[] = [];
  private busy = false;
  private scheduled = false;

  constructor(private readonly pool: pg.Pool) {}

  read(alias: string, keyHash: string | undefined, modelKey?: string): Promise<AccessRead | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ alias, keyHash: keyHash ?? null, modelKey: modelKey ?? null, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.busy = true;
    this.pool
      .query<ReadRow>({
        name: 'project-access',
        text: `SELECT q.n::int AS n, p.*, k.key_hash AS access_key_hash, ${MODEL_SELECT}
               FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS q(alias, key_hash, model_key, n)
               JOIN projects p ON p.alias = q.alias
               LEFT JOIN api_keys k ON k.project_id = p.id AND k.key_hash = q.key_hash
               LEFT JOIN models m ON m.project_id = p.id AND m.key = q.model_key`,
        values: [batch.map((w) => w.alias), batch.map((w) => w.keyHash), batch.map((w) => w.modelKey)],
      })
      .then(
        ({ rows }) => {
          const byRequest = new Map(rows.map((r) => [r.n, r]));
          batch.forEach((w, i) => {
            const row = byRequest.get(i + 1);
            w.resolve(row && { row, model: modelOf(row) });
          });
        },
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.busy = false;
        if (this.waiting.length > 0) this.schedule();
      });
  }
}
