import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { PASSWORD, signedInUser } from '../../test/team.js';

const attempt = (h: Harness, email: string, password: string) =>
  fetch(`${h.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('sign-in attempts are limited (docs/contract.md §12)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('after 5 failures for one email, answers 429 with Retry-After, even to the right password; other emails go on', async () => {
    await h.admin('POST', '/api/users', { email: 'ana@example.org', password: PASSWORD });
    await h.admin('POST', '/api/users', { email: 'bo@example.org', password: PASSWORD });
    // Spaced or cased, an email is one account and one count (it used to start a fresh count, and still sign in).
    expect((await attempt(h, ' ana@example.org ', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await attempt(h, [' ana@example.org', 'ANA@example.org ', 'ana@example.org'][i % 3]!, 'wrong password!')).status).toBe(401);
    const blocked = await attempt(h, ' ana@example.org', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('too_many_attempts');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect((await attempt(h, 'bo@example.org', PASSWORD)).status).toBe(200);
  });

  it('counts wrong currentPasswords on PATCH /api/auth/me as wrong passwords: 429 after 5', async () => {
    const dee = await signedInUser(h, 'dee@example.org');
    for (let i = 0; i < 5; i++)
      expect((await dee.call('PATCH', '/api/auth/me', { password: 'a new password 1', currentPassword: 'wrong password!' })).status).toBe(400);
    const blocked = await dee.call('PATCH', '/api/auth/me', { password: 'a new password 1', currentPassword: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await attempt(h, 'dee@example.org', PASSWORD)).status).toBe(429);
    // Each wrong one is in the audit log, under no project.
    const refused = (await h.server.ctx.store.accounts.listAudit(null, { offset: 0, limit: 100 })).filter((e) => e.actor.id === dee.id);
    expect(refused.map((e) => [e.action, e.target])).toEqual(Array.from({ length: 5 }, () => ['user.password.refused', '/api/auth/me']));
  });

  it('after 50 failures from one address, answers 429 for any email from it', async () => {
    await h.admin('POST', '/api/users', { email: 'cy@example.org', password: PASSWORD });
    for (let i = 0; i < 50; i++) expect((await attempt(h, `guess${i}@example.org`, 'wrong password!')).status).toBe(401);
    const blocked = await attempt(h, 'cy@example.org', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('after 50 wrong bearer tokens from one address, answers 429 with Retry-After to any token from it, the admin token too', async () => {
    const projects = (token: string) => fetch(`${h.url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 50; i++) expect((await projects(`guess-${i}-${'x'.repeat(40)}`)).status).toBe(401);
    const blocked = await projects(ADMIN_TOKEN);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
