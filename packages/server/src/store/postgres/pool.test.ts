import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/postgres-database.js';
import { connectionPool } from './pool.js';

/** docs/operations.md, "Readiness": a connection lost while it is checked out is an error of its query, not of the process. */
describe('connectionPool', () => {
  let url: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    url = await createTestDatabase(inject('postgresUrl'));
    pool = connectionPool(url, 2);
  });
  afterAll(() => pool.end());

  it('keeps a checked-out connection terminated by the server from throwing, and serves the next query', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    // Without its own listener the client's 'error' is uncaught: vitest fails the run on it.
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      // Not events.once: it would reject on the very 'error' the pool's listener takes.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await killer.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      await ended;
    } finally {
      await killer.end();
    }
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
