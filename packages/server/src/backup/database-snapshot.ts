import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { DatabaseLocation } from '../config/database-location.js';
import Database from '../store/sqlite/sqlite-driver.js';
import { postgresConnection, postgresTool, runPostgresTool } from './postgres-tools.js';

/** A copy of the database taken at one instant, in a file, and what the files part must hold for it. */
export interface DatabaseSnapshot {
  /** The PostgreSQL server's version, for a pg_dump. */
  postgresVersion?: string;
  /** The storage key of every asset the copy records: each must be in the backup's files. */
  assetKeys: string[];
}

/**
 * Copies the database into `target` while the server goes on writing to it (docs/operations.md,
 * "What is consistent"): SQLite through its online backup API, PostgreSQL through `pg_dump` reading
 * a snapshot exported from a transaction that also reads the asset keys, so both see one instant.
 */
export async function snapshotDatabase(location: DatabaseLocation, target: string): Promise<DatabaseSnapshot> {
  try {
    return location.kind === 'sqlite' ? await snapshotSqlite(location.file, target) : await snapshotPostgres(location.url, target);
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
}

async function snapshotSqlite(file: string, target: string): Promise<DatabaseSnapshot> {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // After the first step, the rest in one: a step copies under a read lock, which the server's
    // writes (WAL) do not wait for, but a write between two steps starts the copy again, so many
    // small steps might never end under steady writes.
    await source.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    source.close();
  }
  const copy = new Database(target, { readonly: true, fileMustExist: true });
  try {
    return { assetKeys: copy.prepare('SELECT storage_key FROM assets').pluck().all() as string[] };
  } finally {
    copy.close();
  }
}

async function snapshotPostgres(url: string, target: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection rejects the query in flight; without a listener it would also be uncaught (pool.ts).
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ version: string; num: number }>(
      "SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS num",
    );
    const { version, num } = rows[0]!;
    const pgDump = await postgresTool('pg_dump', Math.floor(num / 10_000), version);
    // pg_dump reads what this transaction sees, for as long as it stays open.
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const assetKeys = (await client.query<[string]>({ text: 'SELECT storage_key FROM assets', rowMode: 'array' })).rows.map((r) => r[0]);
    const { dbname, env } = postgresConnection(url);
    await runPostgresTool(
      pgDump,
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('COMMIT');
    return { postgresVersion: version, assetKeys };
  } finally {
    await client.end();
  }
}
