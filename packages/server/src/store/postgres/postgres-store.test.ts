import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/postgres-database.js';
import { recordFragment } from '../../records/record-fragment.js';
import { storeContract } from '../store.contract.js';
import { webhooksContract } from '../webhooks.contract.js';
import { postgresMigrations } from './migrations.js';
import { migratePostgres } from './postgres-migrate.js';
import { PostgresStore } from './postgres-store.js';

storeContract('postgres', async () => PostgresStore.open(await createTestDatabase(inject('postgresUrl'))));
webhooksContract('postgres', { make: () => createTestDatabase(inject('postgresUrl')), open: (url) => PostgresStore.open(url) });

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

  it('fills the record JSON of assets recorded before version 5', async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(inject('postgresUrl')) });
    await migratePostgres(
      pool,
      postgresMigrations.filter((m) => m.version < 5),
    );
    const t = '2026-11-21T12:00:00.000Z';
    await pool.query("INSERT INTO projects (id, alias, name, visibility, created_at, updated_at) VALUES ('p', 'p', 'P', 'public', $1, $1)", [t]);
    const files = [{ path: 'a b/c.json', size: 2, contentType: 'application/json' }];
    await pool.query("INSERT INTO assets VALUES ('01A', 'p', 'x \"y\".zip', 'application/zip', 5, true, 'p/01A/original', $1, $2, $2)", [
      JSON.stringify(files),
      t,
    ]);
    await migratePostgres(pool);
    const { rows } = await pool.query('SELECT record FROM assets');
    expect(rows[0].record).toBe(recordFragment({ id: '01A', name: 'x "y".zip', contentType: 'application/zip', size: 5, files, createdAt: t, updatedAt: t }));
    await pool.end();
  });
});
