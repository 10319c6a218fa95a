import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Database from './store/sqlite/sqlite-driver.js';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { LocalStorage } from './storage/local-storage.js';
import { parseS3Url, S3Storage, s3ClientFromEnv } from './storage/s3-storage.js';
import { checkAfterRestart, countStored, type SentFiles, type StorageView } from './test/crash-checks.js';
import { postgresS3Env } from './test/harness.js';
import { createTestDatabase } from './test/postgres-database.js';
import { type ServerProcess, startServerProcess } from './test/server-process.js';
import { planUploads, seededRandom, sendStreamedUpload, type UploadOutcome, uploadBytes } from './test/upload-batch.js';

// A fixed seed, so that every run plays the same scenario (as the other property tests); try others, or replay a
// failure, with ORBIS_CRASH_SEED=<a seed, as in a failure's message>.
const SEED = Number(process.env.ORBIS_CRASH_SEED) || 20_261_126;
const KILLS = 3;
const UPLOADS_PER_ROUND = 10;
const CONCURRENCY = 4;
const ADMIN = 'crash-admin-token-0123456789-0123456789';
const ALIAS = 'crash';
const headers = { authorization: `Bearer ${ADMIN}` };

/** A store and a storage to crash: the settings a process gets, and how the test looks inside. */
interface Backend {
  env: Record<string, string>;
  view(dataDir: string): StorageView;
  /** Checks the database as the kill left it, before any restart touches it. */
  afterKill?(dataDir: string): void;
  /** Rows per project against the project's maintained counters, read after the last stop. */
  counters(dataDir: string): Promise<{ rows: number; publicRows: number; assetCount: number; publicAssetCount: number }>;
}

const COUNTERS_SQL = `SELECT
  (SELECT count(*) FROM assets a WHERE a.project_id = p.id) AS rows,
  (SELECT count(*) FROM assets a WHERE a.project_id = p.id AND a.public = $true) AS "publicRows",
  p.asset_count AS "assetCount", p.public_asset_count AS "publicAssetCount"
  FROM projects p WHERE p.alias = '${ALIAS}'`;

function localView(dataDir: string): StorageView {
  const root = join(dataDir, 'files');
  return { storage: new LocalStorage(root), tempDir: join(root, '.tmp') };
}

async function postgresCounters(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query(COUNTERS_SQL.replace('$true', 'true'))).rows[0];
    return { rows: Number(row.rows), publicRows: Number(row.publicRows), assetCount: Number(row.assetCount), publicAssetCount: Number(row.publicAssetCount) };
  } finally {
    await client.end();
  }
}

/** Counts of one backend's run, for the report. */
interface RunCounts {
  uploads: number;
  uploads201: number;
  uploadsCut: number;
  assets201: number;
  kills: number;
  /** Asset files with no record, and temporaries, found after the kills, before the restarts. */
  strays: number;
  assetsListedAtEnd: number;
}

/**
 * Rounds of: a batch of concurrent streamed uploads, a SIGKILL once a seeded share of the batch's
 * bytes has been handed to the connections (so some uploads are always mid-stream), a restart on
 * the same data, and the checks of `checkAfterRestart`.
 */
async function crashRounds(label: string, backend: Backend): Promise<RunCounts> {
  const random = seededRandom(SEED + label.length);
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-crash-'));
  const env = { ORBIS_ADMIN_TOKEN: ADMIN, ORBIS_CURSOR_SECRET: 'crash-cursor-secret-0123456789', ...backend.env };
  const base = (server: ServerProcess) => `${server.url}/api/projects/${ALIAS}`;
  const sent: SentFiles = new Map();
  const answered = new Map<string, string>();
  const counts: RunCounts = { uploads: 0, uploads201: 0, uploadsCut: 0, assets201: 0, kills: 0, strays: 0, assetsListedAtEnd: 0 };
  let server = await startServerProcess(dataDir, env);
  const created = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ alias: ALIAS, visibility: 'private' }),
  });
  expect(created.status, `${label} seed ${SEED}`).toBe(201);
  try {
    for (let round = 0; round < KILLS; round++) {
      const uploads = planUploads(random, round, UPLOADS_PER_ROUND);
      for (const upload of uploads) for (const file of upload.files) sent.set(file.name, { file, upload });
      const total = uploads.reduce((n, u) => n + uploadBytes(u), 0);
      const killAt = Math.floor(total * (0.2 + 0.75 * random()));
      const publicLast = uploads.map(() => random() < 0.5);
      const victim = server;
      let streamed = 0;
      let killing: Promise<void> | undefined;
      const outcomes: UploadOutcome[] = [];
      let next = 0;
      const worker = async () => {
        while (!killing && next < uploads.length) {
          const i = next++;
          counts.uploads += 1;
          outcomes[i] = await sendStreamedUpload(`${base(victim)}/assets`, headers, uploads[i]!, publicLast[i]!, (n) => {
            streamed += n;
            if (!killing && streamed >= killAt) killing = victim.kill();
            // Past the kill point nothing more is sent: the upload that reached it cannot finish.
            return killing;
          });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await killing;
      counts.kills += 1;
      const where = `${label} seed ${SEED} round ${round} (kill after ${killAt} of ${total} B)`;
      // The kill comes while a body is being handed over, so at least that upload is cut.
      expect(outcomes.filter((o) => o && 'error' in o).length, where).toBeGreaterThan(0);
      backend.afterKill?.(dataDir);
      for (const [i, outcome] of outcomes.entries()) {
        if (!outcome) continue;
        if ('error' in outcome) {
          counts.uploadsCut += 1;
          continue;
        }
        // A killed server answers nothing, so any status but 201 is a failure of its own.
        expect(outcome.status, `${where} upload ${i}: ${JSON.stringify(outcome.body)}`).toBe(201);
        counts.uploads201 += 1;
        const records = Array.isArray(outcome.body) ? outcome.body : [outcome.body];
        for (const r of records as { id: string; name: string }[]) answered.set(r.id, r.name);
      }
      const left = await countStored(backend.view(dataDir));
      server = await startServerProcess(dataDir, env);
      const listed = await checkAfterRestart(base(server), headers, sent, answered, backend.view(dataDir)).catch((err: Error) => {
        throw new Error(`${where}: ${err.message}`);
      });
      counts.strays += left.keys - listed + left.temporaries;
      counts.assetsListedAtEnd = listed;
    }
    counts.assets201 = answered.size;
  } finally {
    expect(await server.stop(), `${label}: clean stop; ${server.output()}`).toBe(0);
  }
  const c = await backend.counters(dataDir);
  const counters = `${label} seed ${SEED}: counters against rows ${JSON.stringify(c)}`;
  expect([c.rows, c.assetCount], counters).toEqual([counts.assetsListedAtEnd, counts.assetsListedAtEnd]);
  expect(c.publicAssetCount, counters).toBe(c.publicRows);
  console.log(`crash safety ${label} (seed ${SEED}): ${JSON.stringify(counts)}`);
  rmSync(dataDir, { recursive: true, force: true }); // kept when a check failed, to look into
  return counts;
}

describe('kill -9 during uploads, then restart', () => {
  it('SQLite and a local folder: keeps every 201, nothing half-written, integrity ok', async () => {
    const readOnly = <T>(dataDir: string, read: (db: BetterSqlite3.Database) => T): T => {
      const db = new Database(join(dataDir, 'orbis.db'), { readonly: true, fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true }), `seed ${SEED}`).toBe('ok');
        return read(db);
      } finally {
        db.close();
      }
    };
    const counts = await crashRounds('sqlite-local', {
      env: {},
      view: localView,
      afterKill: (dataDir) => readOnly(dataDir, () => undefined),
      counters: async (dataDir) => readOnly(dataDir, (db) => db.prepare(COUNTERS_SQL.replace('$true', '1')).get() as Awaited<ReturnType<Backend['counters']>>),
    });
    expect(counts.kills).toBe(KILLS);
  });

  it('PostgreSQL and S3-compatible storage: keeps every 201, nothing half-written, counters agree', async () => {
    const env = await postgresS3Env();
    const counts = await crashRounds('postgres-s3', {
      env,
      view: () => ({ storage: new S3Storage(s3ClientFromEnv(env), parseS3Url(env.ORBIS_STORAGE!)) }),
      counters: () => postgresCounters(env.ORBIS_DATABASE_URL!),
    });
    expect(counts.kills).toBe(KILLS);
  });

  it('PostgreSQL and a local folder: keeps every 201, nothing half-written, counters agree', async () => {
    const databaseUrl = await createTestDatabase(inject('postgresUrl'));
    const counts = await crashRounds('postgres-local', {
      env: { ORBIS_DATABASE_URL: databaseUrl },
      view: localView,
      counters: () => postgresCounters(databaseUrl),
    });
    expect(counts.kills).toBe(KILLS);
  });
});
