import type pg from 'pg';
import type { ProjectRow } from './postgres-rows.js';

/** A project row with the hash of the live key that was asked about (null: none, or none asked). */
export type AccessRow = ProjectRow & { access_key_hash: string | null };

interface Waiting {
  alias: string;
  keyHash: string | null;
  resolve: (row: AccessRow | undefined) => void;
  reject: (err: unknown) => void;
}

/** Requests one read answers at most: bounds the statement's arrays. */
const MAX_BATCH = 512;

/**
 * Projects and key hashes by alias, read for many requests in one statement. A request waits
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

  read(alias: string, keyHash: string | undefined): Promise<AccessRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ alias, keyHash: keyHash ?? null, resolve, reject });
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
      .query<AccessRow & { n: number }>({
        name: 'project-access',
        text: `SELECT q.n::int AS n, p.*, k.key_hash AS access_key_hash
               FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(alias, key_hash, n)
               JOIN projects p ON p.alias = q.alias
               LEFT JOIN api_keys k ON k.project_id = p.id AND k.key_hash = q.key_hash`,
        values: [batch.map((w) => w.alias), batch.map((w) => w.keyHash)],
      })
      .then(
        ({ rows }) => {
          const byRequest = new Map(rows.map((r) => [r.n, r]));
          batch.forEach((w, i) => w.resolve(byRequest.get(i + 1)));
        },
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.busy = false;
        if (this.waiting.length > 0) this.schedule();
      });
  }
}
