import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, postgresS3Env, startHarness, TEST_BACKEND } from '../../test/harness.js';
import { PASSWORD, addMember, cookieFetch, signIn } from '../../test/team.js';

/**
 * Two servers on one database, each with its own connections and nothing shared in memory: a
 * session, a sign-out, a revoked token and the sign-in limit hold on both at once (SPEC §12).
 */
describe('sessions and revocations across two servers sharing the store', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const shared = TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : { ORBIS_DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'orbis-two-')), 'orbis.db')}` };
    a = await startHarness(shared);
    b = await startHarness(shared);
    await a.project('shared');
    await a.admin('POST', '/api/users', { email: 'ana@example.org', password: PASSWORD });
    await addMember(a, 'shared', 'ana@example.org', 'owner');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a session made on one is good on the other, and a sign-out on the other ends it on both', async () => {
    const cookie = await signIn(a.url, 'ana@example.org');
    const onA = cookieFetch(a.url, cookie);
    const onB = cookieFetch(b.url, cookie);
    expect((await onB('GET', '/api/projects/shared')).status).toBe(200);
    expect((await onB('POST', '/api/auth/sign-out')).status).toBe(204);
    expect((await onA('GET', '/api/projects/shared')).status).toBe(401);
  });

  it('a token revoked on one stops on the other at once', async () => {
    const onA = cookieFetch(a.url, await signIn(a.url, 'ana@example.org'));
    const { id, token } = (await (await onA('POST', '/api/tokens', { name: 'ci' })).json()) as { id: string; token: string };
    const onB = () => fetch(`${b.url}/api/projects/shared`, { headers: { authorization: `Bearer ${token}` } });
    expect((await onB()).status).toBe(200);
    expect((await onA('DELETE', `/api/tokens/${id}`)).status).toBe(204);
    expect((await onB()).status).toBe(401);
  });

  it('counts failed sign-ins on both together', async () => {
    for (let i = 0; i < 5; i++) {
      const server = i % 2 ? a : b;
      const res = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ana@example.org', password: 'wrong password!' }) });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ana@example.org', password: PASSWORD }) });
      expect(res.status).toBe(429);
    }
  });
});
