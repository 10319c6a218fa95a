import { rename, rm } from 'node:fs/promises';
import pg from 'pg';
import type { DatabaseLocation } from '../config/database-location.js';
import { InputError } from '../input-error.js';
import Database from '../store/sqlite/sqlite-driver.js';
import { postgresConnection, postgresTool, runPostgresTool } from './postgres-tools.js';

/**
 * Puts a backup's database (in the file `scratch`) in place of the empty one at `location`, after
 * checking that it records `assets` assets (the count the backup wrote beside it). SQLite: the
 * file replaces the database file (and its WAL). PostgreSQL: `pg_restore` in one transaction,
 * dropping the empty installation's tables first, so that a failure leaves them as they were.
 */
export async function restoreDatabase(location: DatabaseLocation, scratch: string, assets: number): Promise<void> {
  if (location.kind === 'sqlite') {
    const copy = new Database(scratch, { readonly: true, fileMustExist: true });
    let counted: number;
    try {
      const sound = copy.pragma('quick_check', { simple: true });
      if (sound !== 'ok') throw new InputError('file', `the backup's database is damaged: ${String(sound)}`);
      counted = copy.prepare('SELECT count(*) FROM assets').pluck().get() as number;
    } finally {
      copy.close();
    }
    if (counted !== assets) throw new InputError('file', `the backup's database records ${counted} assets, its list of files was written for ${assets}`);
    for (const suffix of ['-wal', '-shm', '']) await rm(`${location.file}${suffix}`, { force: true });
    await rename(scratch, location.file);
    return;
  }
  const client = new pg.Client({ connectionString: location.url });
  await client.connect();
  let version: { version: string; num: number };
  try {
    version = (
      await client.query<{ version: string; num: number }>(
        "SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS num",
      )
    ).rows[0]!;
  } finally {
    await client.end();
  }
  const pgRestore = await postgresTool('pg_restore', Math.floor(version.num / 10_000), version.version);
  const { dbname, env } = postgresConnection(location.url);
  await runPostgresTool(
    pgRestore,
    ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, scratch],
    env,
  );
}
