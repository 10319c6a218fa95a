import type pg from 'pg';

/** Runs `work` in one transaction on one client of the pool: committed when it resolves, rolled back when it throws. */
export type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/** The `Transaction` of a pool, which every part of the PostgreSQL store shares. */
export function transactionOn(pool: pg.Pool): Transaction {
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
}

/** PostgreSQL's error codes the store turns into its own errors. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Whether `err` is a PostgreSQL error with this code. */
export function isPgError(err: unknown, code: string): boolean {
  return (err as { code?: string }).code === code;
}
