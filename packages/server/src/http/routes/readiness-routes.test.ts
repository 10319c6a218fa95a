import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Harness, postgresS3Env, startHarness, TEST_BACKEND } from '../../test/harness.js';
import { failingParts } from './readiness-routes.js';

/** A server whose file storage cannot answer: a file where its folder should be, or a bucket that does not exist. */
async function brokenStorageEnv(dataDirFile: string): Promise<Record<string, string>> {
  if (TEST_BACKEND === 'sqlite-local') {
    writeFileSync(dataDirFile, 'not a folder');
    return { ORBIS_STORAGE: dataDirFile };
  }
  return { ...(await postgresS3Env()), ORBIS_STORAGE: 's3://orbis-no-such-bucket/readyz' };
}

/** Runs SQL on the test cluster as its superuser. */
async function asSuperuser(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('GET /readyz (docs/operations.md)', () => {
  let h: Harness;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {};
    h = await startHarness(env);
  });
  afterAll(() => h.close());

  it('is 200 {"ok":true} when the store and the storage answer, never cached', async () => {
    const res = await h.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('{"ok":true}');
  });

  it('is 503 naming the storage when the storage does not answer', async () => {
    const broken = await startHarness(await brokenStorageEnv(`${h.dataDir}/not-a-folder`));
    try {
      const res = await broken.get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, failing: ['storage'] });
      expect((await broken.get('/healthz')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('is 503 naming the store while the database refuses connections, and 200 again once it is back', async () => {
    if (TEST_BACKEND === 'sqlite-local') {
      // The embedded database stops with its process; a closed handle is the nearest thing (closing twice is fine).
      await h.server.ctx.store.close();
      const res = await h.get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, failing: ['store'] });
      return;
    }
    const name = new URL(env.ORBIS_DATABASE_URL!).pathname.slice(1);
    await asSuperuser(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    try {
      await asSuperuser(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      const res = await h.get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, failing: ['store'] });
    } finally {
      await asSuperuser(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
    }
    expect((await h.get('/readyz')).status).toBe(200);
  });
});

describe('failingParts', () => {
  it('names the parts that reject or do not answer by the deadline, and hands each cause on', async () => {
    const causes: string[] = [];
    const failing = await failingParts(
      { fine: async () => 'yes', broken: async () => Promise.reject(new Error('disk gone')), hung: () => new Promise(() => undefined) },
      1,
      (part, err) => causes.push(`${part}: ${(err as Error).message}`),
    );
    expect(failing).toEqual(['broken', 'hung']);
    expect(causes).toEqual(['broken: disk gone', 'hung: hung did not answer within 1 ms']);
  });
});
