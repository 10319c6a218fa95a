import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/postgres-database.js';
import { storeContract } from '../store.contract.js';
import { migratePostgres, PostgresStore } from './postgres-store.js';

storeContract('postgres', async () => PostgresStore.open(await createTestDatabase(inject('postgresUrl'))));

describe('PostgreSQL migrations', () => {
  it('applies each version once, even when processes migrate at the same time', async () => {
    const url = await createTestDatabase(inject('postgresUrl'));
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    const steps = [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x int)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (y int)' },
    ];
    await Promise.all(pools.map((pool) => migratePostgres(pool, steps)));
    const { rows } = await pools[0]!.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
    await Promise.all(pools.map((p) => p.end()));
  });

  it('rolls back a failing step whole', async () => {
    const url = await createTestDatabase(inject('postgresUrl'));
    const pool = new pg.Pool({ connectionString: url });
    await expect(migratePostgres(pool, [{ version: 1, name: 'bad', sql: 'CREATE TABLE a (x int); NOT SQL' }])).rejects.toThrow();
    const { rows } = await pool.query("SELECT to_regclass('a') AS t");
    expect(rows[0].t).toBeNull();
    await pool.end();
  });
});
