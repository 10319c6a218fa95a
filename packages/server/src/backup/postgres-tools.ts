import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../config/serve-config.js';

const run = promisify(execFile);

/** Debian's folder of PostgreSQL releases, each with its own `bin/` (`/usr/lib/postgresql/15/bin/pg_dump`). */
const DEBIAN_RELEASES = '/usr/lib/postgresql';

/** The major version a `pg_dump --version` line states (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15), or undefined. */
export function toolMajor(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return match ? Number(match[1]) : undefined;
}

async function majorOf(path: string): Promise<number | undefined> {
  try {
    return toolMajor((await run(path, ['--version'])).stdout);
  } catch {
    return undefined;
  }
}

/**
 * The `pg_dump` or `pg_restore` to use with a server of major version `serverMajor`: one of the same
 * major, else the oldest newer one (a client older than the server refuses to dump it), from
 * Debian's release folders or PATH. Throws a ConfigError naming the server's version and every
 * one found when none fits.
 */
export async function postgresTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, serverVersion: string): Promise<string> {
  const releases = existsSync(DEBIAN_RELEASES)
    ? readdirSync(DEBIAN_RELEASES)
        .map((release) => join(DEBIAN_RELEASES, release, 'bin', name))
        .filter((p) => existsSync(p))
    : [];
  const found: { path: string; major: number }[] = [];
  // PATH last, and only when no release folder fits: on Debian it is a Perl wrapper, slow to start.
  for (const group of [releases, [name]]) {
    for (const path of group) {
      const major = await majorOf(path);
      if (major !== undefined) found.push({ path, major });
    }
    const fitting = found.filter((f) => f.major >= serverMajor).sort((a, b) => a.major - b.major);
    if (fitting[0]) return fitting[0].path;
  }
  const seen = found.length > 0 ? found.map((f) => `${f.path} (${f.major})`).join(', ') : 'none';
  throw new ConfigError(
    `${name} of PostgreSQL ${serverMajor} or newer is needed for this server (PostgreSQL ${serverVersion}); found: ${seen}. Install the client tools of that release (Debian: apt-get install postgresql-client-${serverMajor}).`,
  );
}

/**
 * How a PostgreSQL tool reaches the database of `url`: the URL without its password as
 * `--dbname`, and the password in the environment (PGPASSWORD), so that no process listing shows it.
 */
export function postgresConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; a failure is an Error carrying the tool's own message. */
export async function runPostgresTool(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(path, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${path} failed: ${stderr || (err as Error).message}`);
  }
}
