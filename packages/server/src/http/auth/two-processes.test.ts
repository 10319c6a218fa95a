import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, postgresS3Env, startHarness, TEST_BACKEND } from '../../test/harness.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { PASSWORD, addMember, cookieFetch, signIn } from '../../test/team.js';

/**
 * Two processes on one store: this test's server, and `orbis serve` started as a process of its
 * own (its own connections, nothing shared in memory). A session, a sign-out, a password change,
 * a deleted user, a revoked token and the sign-in limit hold on both at once (docs/contract.md §12). The
 * second process runs the built server: `npm run build -w @orbis/server` after a change.
 */
describe('sessions and revocations across two processes sharing the store', () => {
  let a: Harness;
  let b: ServerProcess;
  beforeAll(async () => {
    const shared =
      TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : { ORBIS_DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'orbis-two-')), 'orbis.db')}` };
    a = await startHarness(shared);
    b = await startServerProcess(mkdtempSync(join(tmpdir(), 'orbis-two-b-')), {
      ...shared,
      ORBIS_ADMIN_TOKEN: ADMIN_TOKEN,
      ORBIS_CURSOR_SECRET: 'test-cursor-secret-0123456789',
    });
    await a.project('shared');
    for (const email of ['ana@example.org', 'bo@example.org', 'cy@example.org']) {
      expect((await a.admin('POST', '/api/users', { email, password: PASSWORD })).status).toBe(201);
      await addMember(a, 'shared', email, 'owner');
    }
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('a session made in one is good in the other, and a sign-out in the other ends it in both', async () => {
    const cookie = await signIn(a.url, 'ana@example.org');
    const onA = cookieFetch(a.url, cookie);
    const onB = cookieFetch(b.url, cookie);
    expect((await onB('GET', '/api/projects/shared')).status).toBe(200);
    expect((await onB('POST', '/api/auth/sign-out')).status).toBe(204);
    expect((await onA('GET', '/api/projects/shared')).status).toBe(401);
    expect((await onB('GET', '/api/projects/shared')).status).toBe(401);
  });

  it("a password changed in one ends the user's other sessions in the other", async () => {
    const other = cookieFetch(b.url, await signIn(b.url, 'bo@example.org'));
    const changer = cookieFetch(a.url, await signIn(a.url, 'bo@example.org'));
    expect((await other('GET', '/api/projects/shared')).status).toBe(200);
    expect((await changer('PATCH', '/api/auth/me', { password: 'a brand new passphrase', currentPassword: PASSWORD })).status).toBe(200);
    expect((await other('GET', '/api/projects/shared')).status).toBe(401);
    expect((await changer('GET', '/api/projects/shared')).status).toBe(200);
    await signIn(b.url, 'bo@example.org', 'a brand new passphrase');
  });

  it('a user deleted in one is signed out, and their tokens stop, in the other', async () => {
    const cy = cookieFetch(b.url, await signIn(b.url, 'cy@example.org'));
    const { token } = (await (await cy('POST', '/api/tokens', { name: 'ci' })).json()) as { token: string };
    const byToken = () => fetch(`${b.url}/api/projects/shared`, { headers: { authorization: `Bearer ${token}` } });
    expect((await byToken()).status).toBe(200);
    const users = (await (await a.admin('GET', '/api/users')).json()) as { id: string; email: string }[];
    expect((await a.admin('DELETE', `/api/users/${users.find((u) => u.email === 'cy@example.org')!.id}`)).status).toBe(204);
    expect((await cy('GET', '/api/projects/shared')).status).toBe(401);
    expect((await byToken()).status).toBe(401);
  });

  it('a token revoked in one stops in the other at once', async () => {
    const onA = cookieFetch(a.url, await signIn(a.url, 'ana@example.org'));
    const { id, token } = (await (await onA('POST', '/api/tokens', { name: 'ci' })).json()) as { id: string; token: string };
    const onB = () => fetch(`${b.url}/api/projects/shared`, { headers: { authorization: `Bearer ${token}` } });
    expect((await onB()).status).toBe(200);
    expect((await onA('DELETE', `/api/tokens/${id}`)).status).toBe(204);
    expect((await onB()).status).toBe(401);
  });

  it('counts failed sign-ins in both together', async () => {
    for (let i = 0; i < 5; i++) {
      const url = i % 2 ? a.url : b.url;
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.org', password: 'wrong password!' }),
      });
      expect(res.status).toBe(401);
    }
    for (const url of [a.url, b.url]) {
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.org', password: PASSWORD }),
      });
      expect(res.status).toBe(429);
    }
  });

  it('counts failures from one address in both together (50, whatever the email)', async () => {
    // Alternating, 50 tries at most: counted in each process alone, neither would reach 50.
    let tries = 0;
    let status = 401;
    while (status === 401 && tries < 50) {
      const url = tries++ % 2 ? a.url : b.url;
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `guess${tries}@example.org`, password: 'wrong password!' }),
      });
      status = res.status;
    }
    expect(status).toBe(429);
    for (const url of [a.url, b.url]) {
      const res = await fetch(`${url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bo@example.org', password: 'a brand new passphrase' }),
      });
      expect(res.status).toBe(429);
    }
  });
});
