import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '../../records/ids.js';
import { createTestDatabase } from '../../test/postgres-database.js';
import type { JoinedBatch, ListingScope, Project } from '../store.js';
import { PostgresListing } from './postgres-listing.js';
import { PostgresStore } from './postgres-store.js';

const now = '2026-11-24T12:00:00.000Z';

/** The PostgreSQL stream's reads (several batches per round trip, the next one sent ahead) at sizes small enough to cross them in a test. */
describe('PostgreSQL listing stream', () => {
  let url: string;
  let store: PostgresStore;
  let pool: pg.Pool;
  let project: Project;

  beforeAll(async () => {
    url = await createTestDatabase(inject('postgresUrl'));
    store = await PostgresStore.open(url);
    pool = new pg.Pool({ connectionString: url, max: 2 });
    project = await store.createProject({ id: newId(), alias: 'stream', name: 'S', visibility: 'public', createdAt: now });
    const drafts = Array.from({ length: 1_024 }, (_, i) => {
      const blob = newId();
      return {
        projectId: project.id,
        name: `${i} "q".json`,
        contentType: 'application/json',
        size: 1,
        public: i % 7 !== 0,
        storageKey: `${project.id}/${blob}/original`,
        files: null,
      };
    });
    await store.insertAssets(project.id, drafts, now);
  });
  afterAll(async () => {
    await pool.end();
    await store.close();
  });

  async function streamed(scope: ListingScope, batchesPerRead: number): Promise<JoinedBatch[]> {
    const batches: JoinedBatch[] = [];
    for await (const batch of new PostgresListing(pool).streamJoined(scope, batchesPerRead)) batches.push(batch);
    return batches;
  }

  it('gives the page text in batches of 256 whatever the batches per round trip, also when a read ends the scope exactly', async () => {
    for (const publicOnly of [true, false]) {
      const scope = { projectId: project.id, publicOnly };
      const page = await store.joinRecords(scope, { limit: 2_000 });
      // 1,024 records in all and 877 public: 1, 2 or 4 batches of 256 per read end the first scope
      // with a read that finds none, 3 in the middle of a read; the second in the middle of a batch.
      for (const batchesPerRead of [1, 2, 3, 4]) {
        const batches = await streamed(scope, batchesPerRead);
        expect(batches.map((b) => b.json).join(','), `${batchesPerRead} batches per read`).toBe(page.json);
        expect(batches.reduce((n, b) => n + b.count, 0)).toBe(page.count);
        expect(batches.slice(0, -1).every((b) => b.count === 256)).toBe(true);
      }
    }
  });

  it('ends the transaction and frees the connection when the consumer stops early, with a read sent ahead', async () => {
    const scope = { projectId: project.id, publicOnly: false };
    let seen = 0;
    for await (const batch of new PostgresListing(pool).streamJoined(scope, 2)) {
      seen += batch.count;
      break;
    }
    expect(seen).toBe(256);
    // Released: the pool's one client is idle and back in it; ended: not idle in a transaction.
    expect(pool.totalCount).toBe(pool.idleCount);
    // Asked through a connection of its own: the pool's would be the one it asks about.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const { rows } = await other.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await other.end();
    expect(rows.map((r) => r.state)).not.toContainEqual(expect.stringMatching(/in transaction/));
    // The freed connection streams again from the start.
    expect((await streamed(scope, 2)).reduce((n, b) => n + b.count, 0)).toBe(1_024);
  });
});
