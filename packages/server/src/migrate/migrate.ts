import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SECRET_NAMES } from '../backup/backup-format.js';
import { type DatabaseLocation, databaseLocation } from '../config/database-location.js';
import { ConfigError, type OrbisConfig } from '../config/serve-config.js';
import { openStorage, openStore } from '../context.js';
import type { Storage } from '../storage/storage.js';
import type { Store } from '../store/store.js';
import { copyFiles, type FilesResult } from './copy-files.js';
import { checkTable, copyTable, type Progress, type TableResult } from './copy-rows.js';
import { copyable, dependencyOrder, type TableDatabase, type TableShape } from './table-database.js';

/** One end of a move: a data dir (SQLite and a folder), or PostgreSQL with the storage `--storage` names. */
export interface MigrateEnd {
  label: string;
  database: DatabaseLocation;
  /** `--storage` for PostgreSQL; undefined for a data dir, whose `files/` folder it is. */
  storage: string | undefined;
  /** Where the end's generated secrets (admin token, cursor secret) are. */
  dataDir: string;
}

export interface MigrateReport {
  from: string;
  to: string;
  tables: TableResult[];
  /** Tables not copied, and why. */
  notCopied: { table: string; reason: string }[];
  files: FilesResult;
  /** The secrets written to the target's data dir. */
  secrets: string[];
  rows: number;
  /** The whole run, and each of its parts: copying the rows, copying the files, checking both. */
  seconds: number;
  phases: { rowsSeconds: number; filesSeconds: number; checkSeconds: number };
  /** Rows copied by this run per second of copying rows. */
  rowsPerSecond: number;
  /** Stored bytes copied by this run per second of copying files. */
  megabytesPerSecond: number;
  /** The process's peak resident memory. */
  peakMemoryMB: number;
  /** Whether every table and file is the same on both sides. */
  ok: boolean;
}

/** The target's `meta` key that marks a move under way, and from where: a run that finds it goes on. */
export const MIGRATE_MARKER = 'migrate.from';

const isPostgres = (value: string) => /^postgres(ql)?:\/\//.test(value);

function labelOf(value: string): string {
  if (!isPostgres(value)) return resolve(value);
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

/** The two ends `--from` and `--to` name; `--storage` and `--data-dir` belong to the PostgreSQL end. */
export function migrateEnds(from: string, to: string, config: Pick<OrbisConfig, 'storage' | 'dataDir'>): { source: MigrateEnd; target: MigrateEnd } {
  if (isPostgres(from) && isPostgres(to))
    throw new ConfigError('--from and --to are both PostgreSQL: one of them must be a data dir (use pg_dump between two PostgreSQL databases)');
  const end = (value: string): MigrateEnd =>
    isPostgres(value)
      ? { label: labelOf(value), database: databaseLocation(value, config.dataDir), storage: config.storage, dataDir: config.dataDir }
      : { label: labelOf(value), database: databaseLocation(undefined, resolve(value)), storage: undefined, dataDir: resolve(value) };
  const source = end(from);
  const target = end(to);
  if (source.label === target.label) throw new ConfigError('--from and --to name the same installation');
  return { source, target };
}

async function openTables(location: DatabaseLocation): Promise<TableDatabase> {
  if (location.kind === 'sqlite') return new (await import('./sqlite-tables.js')).SqliteTables(location.file);
  return new (await import('./postgres-tables.js')).PostgresTables(location.url);
}

function urlOf(location: DatabaseLocation): string {
  return location.kind === 'sqlite' ? `sqlite:${location.file}` : location.url;
}

/** Refuses a target that holds anything, unless it is the target of an earlier, unfinished move from the same source. */
async function checkTarget(store: Store, tables: TableDatabase, shapes: TableShape[], storage: Storage, source: MigrateEnd): Promise<boolean> {
  const marker = await store.getMeta(MIGRATE_MARKER);
  if (marker === source.label) return true;
  if (marker !== undefined) throw new ConfigError(`the target is being filled from another source (${marker}); empty it, or finish that move`);
  const held: string[] = [];
  for (const shape of shapes) {
    if (shape.name === 'meta') continue;
    const n = await tables.count(shape);
    if (n > 0) held.push(`${n} ${shape.name}`);
  }
  for await (const { key } of storage.list()) {
    held.push(`stored files (first: ${key})`);
    break;
  }
  if (held.length > 0)
    throw new ConfigError(
      `the target is not empty (${held.join(', ')}): orbis migrate moves into an empty installation (a server started there once with --no-demo leaves it empty)`,
    );
  return false;
}

/** Copies the source's secrets over the target's, so that the admin token, cursors and what is signed with them keep working. */
function copySecrets(source: MigrateEnd, target: MigrateEnd): string[] {
  if (source.dataDir === target.dataDir) return [];
  const written: string[] = [];
  for (const name of SECRET_NAMES) {
    const from = join(source.dataDir, name);
    if (!existsSync(from)) continue;
    mkdirSync(target.dataDir, { recursive: true });
    writeFileSync(join(target.dataDir, name), readFileSync(from), { mode: 0o600 });
    written.push(join(target.dataDir, name));
  }
  return written;
}

/**
 * `orbis migrate` (docs/operations.md, "Move to another store"): copies a whole installation
 * into an empty one of the other kind, streaming every table in key order and every file, then
 * reads both sides again and compares every record and every file. Stop the servers of both
 * first. Killed midway, the same command goes on where it stopped.
 */
export async function migrate(
  config: Pick<OrbisConfig, 'storage' | 'dataDir'>,
  from: string,
  to: string,
  env: NodeJS.ProcessEnv,
  progress: Progress,
): Promise<MigrateReport> {
  const started = performance.now();
  const { source, target } = migrateEnds(from, to, config);
  if (source.database.kind === 'sqlite' && !existsSync(source.database.file))
    throw new ConfigError(`${source.label} holds no Orbis data (no ${source.database.file})`);
  if (target.database.kind === 'sqlite') mkdirSync(target.dataDir, { recursive: true });
  // Opening each store brings its schema to this release's, as a server's start would.
  const sourceStore = await openStore(urlOf(source.database), source.dataDir);
  await sourceStore.close();
  const targetStore = await openStore(urlOf(target.database), target.dataDir);
  const from_ = await openTables(source.database);
  const to_ = await openTables(target.database);
  try {
    const sourceStorage = await openStorage(source.storage, source.dataDir, env);
    const targetStorage = await openStorage(target.storage, target.dataDir, env);
    const shapes = await from_.tables();
    const targetShapes = new Map((await to_.tables()).map((t) => [t.name, t]));
    for (const shape of shapes) {
      const other = targetShapes.get(shape.name);
      const same = other && [...other.columns].sort().join() === [...shape.columns].sort().join();
      if (!same) throw new ConfigError(`the table ${shape.name} differs between the two databases: run the same Orbis release on both`);
    }
    const resumed = await checkTarget(targetStore, to_, shapes, targetStorage, source);
    const meta = shapes.find((s) => s.name === 'meta');
    if (!resumed && meta) await to_.deleteRows(meta);
    await targetStore.setMeta(MIGRATE_MARKER, source.label);
    progress(`${resumed ? 'going on with' : 'starting'} the move from ${source.label} to ${target.label}`);
    const ordered = dependencyOrder(shapes.filter(copyable));
    const copied = new Map<string, number>();
    const t0 = performance.now();
    // `meta` holds the marker, which may sort after keys not copied yet: it is copied whole each time (a few rows).
    for (const shape of ordered) copied.set(shape.name, await copyTable(from_, to_, shape, progress, shape !== meta));
    const t1 = performance.now();
    const files = await copyFiles(sourceStorage, targetStorage, progress);
    const secrets = copySecrets(source, target);
    const t2 = performance.now();
    progress('checking every record');
    const isMarker = (row: unknown[]) => row[meta!.columns.indexOf('key')] === MIGRATE_MARKER;
    const tables: TableResult[] = [];
    for (const shape of ordered)
      tables.push({ ...(await checkTable(from_, to_, shape, shape.name === 'meta' ? isMarker : undefined)), copied: copied.get(shape.name) ?? 0 });
    const ok = files.differences === 0 && tables.every((t) => t.differences === 0);
    if (ok && meta) await to_.deleteRows(meta, { column: 'key', value: MIGRATE_MARKER });
    const t3 = performance.now();
    const round = (ms: number) => Math.round(ms) / 1000;
    const rows = tables.reduce((n, t) => n + t.rows, 0);
    const rowsCopied = tables.reduce((n, t) => n + t.copied, 0);
    return {
      from: source.label,
      to: target.label,
      tables,
      notCopied: shapes
        .filter((s) => !copyable(s))
        .map((s) => ({ table: s.name, reason: "no primary key: a sign-in limit's memory of the last minutes, rebuilt as people sign in" })),
      files,
      secrets,
      rows,
      seconds: round(t3 - started),
      // The file step also lists both sides and hashes files copied by an earlier run; the check step reads every file on both sides again.
      phases: { rowsSeconds: round(t1 - t0), filesSeconds: round(t2 - t1), checkSeconds: round(t3 - t2) },
      rowsPerSecond: Math.round(rowsCopied / Math.max((t1 - t0) / 1000, 0.001)),
      megabytesPerSecond: Math.round((files.copiedBytes / 1e6 / Math.max((t2 - t1) / 1000, 0.001)) * 10) / 10,
      peakMemoryMB: Math.round(process.resourceUsage().maxRSS / 1024),
      ok,
    };
  } finally {
    await from_.close();
    await to_.close();
    await targetStore.close();
  }
}
