import { join } from 'node:path';
import Database from '../../store/sqlite/sqlite-driver.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresS3Env } from '../harness.js';
import { LOAD_ALIAS, runListingUnderFaults, type ScenarioResult } from './listing-under-faults.js';
import { type OrbisProcess, startOrbisProcess } from './orbis-process.js';

/** Seconds of load on SQLite (`ORBIS_LOAD_SECONDS`, default 60); PostgreSQL + S3 gets half. */
const SECONDS = secondsFromEnv(process.env.ORBIS_LOAD_SECONDS, 60);
const PG_SECONDS = Math.max(5, Math.round(SECONDS / 2));
const ADMIN = 'load-admin-token-0123456789-0123456789';
const COUNT_PUBLIC = `SELECT count(*) AS n FROM assets a JOIN projects p ON p.id = a.project_id WHERE p.alias = $1 AND a.public`;

function secondsFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  // Below 5 s the storm may not finish one upload under the load, and its checks would have nothing to check.
  if (!/^\d+$/.test(raw) || Number(raw) < 5) throw new Error(`ORBIS_LOAD_SECONDS must be a whole number of seconds, 5 or more, got "${raw}"`);
  return Number(raw);
}

/** Room for seeding, the walk that outlasts the storm, and the checks after it. */
const timeout = (seconds: number) => (seconds + 150) * 1000;

function report(backend: string, r: ScenarioResult): void {
  const walked = r.walks.reduce((n, w) => n + w.listed, 0);
  const required = r.walks.reduce((n, w) => n + w.required, 0);
  console.log(
    `[load ${backend}] seeded in ${r.seedSeconds} s; ${r.load.seconds} s of load, ${r.load.requests} requests, ${r.load.rps} req/s, p99 ${r.load.p99Ms} ms, ` +
      `errors ${r.load.errors}, timeouts ${r.load.timeouts}, non2xx ${r.load.non2xx}, statuses ${JSON.stringify(r.load.statuses)}\n` +
      `[load ${backend}] storm: ${r.storm.uploads} uploads, ${r.storm.deletes} deletes, ${r.storm.patches} flag flips, ` +
      `${r.storm.keysCreated} keys created, ${r.storm.revokedKeysRefused} revoked keys refused on the next two requests, ${r.storm.failures.length} failures\n` +
      `[load ${backend}] ${r.walks.length} cursor walks during the storm: ${r.walks.reduce((n, w) => n + w.pages, 0)} pages, ` +
      `${walked} assets listed, ${required} required (public throughout) all checked; public count ${JSON.stringify(r.publicCount)}`,
  );
}

function expectSound(r: ScenarioResult, processes: OrbisProcess[]): void {
  expect(r.storm.failures).toEqual([]);
  expect({ errors: r.load.errors, timeouts: r.load.timeouts, non2xx: r.load.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  expect(r.load.requests).toBeGreaterThan(0);
  // Each kind of fault really happened, and every revoked key was refused at once.
  for (const done of [r.storm.uploads, r.storm.deletes, r.storm.patches, r.storm.keysCreated]) expect(done).toBeGreaterThan(0);
  expect(r.storm.revokedKeysRefused).toBe(r.storm.keysCreated);
  expect(r.quietWalk).toMatchObject({ missing: [], outOfOrder: [], unexpected: [] });
  expect(r.walks.length).toBeGreaterThan(0);
  for (const walk of r.walks) {
    expect(walk).toMatchObject({ missing: [], outOfOrder: [], unexpected: [] });
    expect(walk.required).toBeGreaterThan(0);
  }
  expect(r.uploadsMiscounted).toEqual([]);
  expect(r.finalMismatches).toEqual([]);
  const { ledger, streamed, paged, database } = r.publicCount;
  expect({ streamed, paged, database }).toEqual({ streamed: ledger, paged: ledger, database: ledger });
  for (const p of processes) expect(p.errors).toEqual([]);
}

describe('the listing under load with faults, on SQLite and a folder', () => {
  let server: OrbisProcess | undefined;
  afterAll(async () => void (await server?.stop()));

  it(
    `serves ${SECONDS} s of listing load with zero errors while assets and keys change`,
    async () => {
      server = await startOrbisProcess({ ORBIS_ADMIN_TOKEN: ADMIN });
      const dbPath = join(server.dataDir, 'orbis.db');
      const result = await runListingUnderFaults({
        urls: [server.url],
        adminToken: ADMIN,
        database: { databaseUrl: undefined, dataDir: server.dataDir },
        seedCount: 5000,
        seconds: SECONDS,
        countPublicInDatabase: async () => {
          const db = new Database(dbPath, { readonly: true });
          try {
            return (db.prepare(COUNT_PUBLIC.replace('$1', '?')).get(LOAD_ALIAS) as { n: number }).n;
          } finally {
            db.close();
          }
        },
      });
      report('sqlite', result);
      expectSound(result, [server]);
      expect(await server.stop()).toBe(0);
    },
    timeout(SECONDS),
  );
});

describe('the listing under load with faults, on two processes sharing PostgreSQL and S3', () => {
  const servers: OrbisProcess[] = [];
  afterAll(async () => void (await Promise.all(servers.map((s) => s.stop()))));

  it(
    `serves ${PG_SECONDS} s of listing load with zero errors while assets and keys change`,
    async () => {
      const shared = await postgresS3Env();
      const env = { ...shared, ORBIS_ADMIN_TOKEN: ADMIN, ORBIS_CURSOR_SECRET: 'load-cursor-secret-0123456789' };
      servers.push(...(await Promise.all([startOrbisProcess(env), startOrbisProcess(env)])));
      const result = await runListingUnderFaults({
        urls: servers.map((s) => s.url),
        adminToken: ADMIN,
        database: { databaseUrl: shared.ORBIS_DATABASE_URL, dataDir: servers[0]!.dataDir },
        seedCount: 5000,
        seconds: PG_SECONDS,
        countPublicInDatabase: async () => {
          const client = new pg.Client({ connectionString: shared.ORBIS_DATABASE_URL });
          await client.connect();
          try {
            return Number((await client.query(COUNT_PUBLIC, [LOAD_ALIAS])).rows[0].n);
          } finally {
            await client.end();
          }
        },
      });
      report('postgres-s3', result);
      expectSound(result, servers);
      for (const s of servers) expect(await s.stop()).toBe(0);
    },
    timeout(PG_SECONDS),
  );
});
