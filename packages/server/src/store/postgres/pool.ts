import pg from 'pg';

/**
 * A pool of connections to PostgreSQL whose lost connections never crash the process
 * (docs/operations.md, "Readiness"). node-postgres emits a lost connection's error on its client:
 * the pool listens while a client is idle (and replaces it), but not while it is checked out, so a
 * database restart or a terminated backend during a transaction, a listing stream or a migration
 * threw an uncaught "Connection terminated unexpectedly". Every client gets a listener of its own;
 * the query in flight still rejects with the error, and the pool drops the broken client on release.
 */
export function connectionPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
