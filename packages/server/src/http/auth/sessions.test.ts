import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { PASSWORD, addMember, cookieFetch, sessionCookieOf, signIn, signedInUser } from '../../test/team.js';

const signInRequest = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('sign-in, sessions and sign-out (docs/contract.md §12)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('team');
  });
  afterAll(() => h.close());

  it('signs in with the session cookie HttpOnly, SameSite=Lax, Path=/, not Secure over http; the answer holds no secret', async () => {
    await signedInUser(h, 'ana@example.org');
    const res = await signInRequest(h.url, 'ANA@example.org', PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ user: { id: expect.any(String), email: 'ana@example.org', name: 'ana', createdAt: expect.any(String) } });
    const [cookie] = res.headers.getSetCookie();
    const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes).not.toContain('secure');
    expect(body).not.toContain(sessionCookieOf(res).split('=')[1]);
    expect(body).not.toContain(PASSWORD);
  });

  it('answers 401 invalid_credentials the same for an unknown email and a wrong password', async () => {
    await signedInUser(h, 'bo@example.org');
    const wrong = await signInRequest(h.url, 'bo@example.org', 'not the password');
    const unknown = await signInRequest(h.url, 'nobody@example.org', 'not the password');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('tells who is signed in, with their projects and roles', async () => {
    const cy = await signedInUser(h, 'cy@example.org');
    await addMember(h, 'team', 'cy@example.org', 'writer');
    const res = await cy.call('GET', '/api/auth/me');
    expect(await res.json()).toMatchObject({ user: { email: 'cy@example.org' }, projects: [{ alias: 'team', role: 'writer' }] });
  });

  it('ends a session at sign-out, at once', async () => {
    const di = await signedInUser(h, 'di@example.org');
    expect((await di.call('GET', '/api/projects')).status).toBe(200);
    expect((await di.call('POST', '/api/auth/sign-out')).status).toBe(204);
    const after = await di.call('GET', '/api/projects');
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it("refuses to delete a project's only owner (409), and deletes one once another owner is there", async () => {
    const fay = await signedInUser(h, 'fay@example.org');
    await h.project('fays', 'private');
    await addMember(h, 'fays', 'fay@example.org', 'owner');
    const refused = await h.admin('DELETE', `/api/users/${fay.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/the only owner of "fays"/);
    expect((await fay.call('GET', '/api/projects/fays')).status).toBe(200);
    await signedInUser(h, 'gus@example.org');
    await addMember(h, 'fays', 'gus@example.org', 'owner');
    expect((await h.admin('DELETE', `/api/users/${fay.id}`)).status).toBe(204);
  });

  it("ends a deleted user's sessions and tokens at once", async () => {
    const ed = await signedInUser(h, 'ed@example.org');
    const { token } = (await (await ed.call('POST', '/api/tokens', { name: 'ci' })).json()) as { token: string };
    const bearer = () => fetch(`${h.url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });
    expect((await bearer()).status).toBe(200);
    expect((await h.admin('DELETE', `/api/users/${ed.id}`)).status).toBe(204);
    expect((await ed.call('GET', '/api/projects')).status).toBe(401);
    expect((await bearer()).status).toBe(401);
  });

  it('a new password ends the other sessions, keeps this one, and needs the current password', async () => {
    const fi = await signedInUser(h, 'fi@example.org');
    const other = cookieFetch(h.url, await signIn(h.url, 'fi@example.org'));
    expect((await fi.call('PATCH', '/api/auth/me', { password: 'a new long password' })).status).toBe(400);
    expect((await fi.call('PATCH', '/api/auth/me', { password: 'a new long password', currentPassword: 'wrong wrong wrong' })).status).toBe(400);
    expect((await fi.call('PATCH', '/api/auth/me', { password: 'a new long password', currentPassword: PASSWORD })).status).toBe(200);
    expect((await other('GET', '/api/auth/me')).status).toBe(401);
    expect((await fi.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await signInRequest(h.url, 'fi@example.org', PASSWORD)).status).toBe(401);
    expect((await signInRequest(h.url, 'fi@example.org', 'a new long password')).status).toBe(200);
  });

  it("keeps the user's chosen language, without asking for the password, and refuses one Orbis does not speak (docs/contract.md §19)", async () => {
    const jo = await signedInUser(h, 'jo@example.org');
    const me = async () => ((await (await jo.call('GET', '/api/auth/me')).json()) as { user: { language?: string } }).user;
    expect((await me()).language).toBeUndefined();
    expect((await jo.call('PATCH', '/api/auth/me', { language: 'ja' })).status).toBe(200);
    expect((await me()).language).toBe('ja');
    expect((await jo.call('PATCH', '/api/auth/me', { language: 'fr' })).status).toBe(400);
    expect((await jo.call('PATCH', '/api/auth/me', { name: 'Jo', language: 'en' })).status).toBe(400);
    expect((await me()).language).toBe('ja');
  });

  it('stores a password only as its argon2id hash (OWASP minimum: 19 MiB, 2 passes, 1 lane)', async () => {
    await h.admin('POST', '/api/users', { email: 'hash@example.org', password: PASSWORD });
    const user = await h.server.ctx.store.accounts.getUserByEmail('hash@example.org');
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(user)).not.toContain(PASSWORD);
  });

  it('refuses a password under 10 characters', async () => {
    const res = await h.admin('POST', '/api/users', { email: 'short@example.org', password: '123456789' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('123456789');
  });

  it('refuses a taken email, whatever its case, with 409', async () => {
    await h.admin('POST', '/api/users', { email: 'Gus@Example.org' });
    expect((await h.admin('POST', '/api/users', { email: 'gus@example.ORG' })).status).toBe(409);
  });
});

describe('the cookie over https', () => {
  it('is Secure when ORBIS_PUBLIC_URL is https', async () => {
    const h = await startHarness({ ORBIS_PUBLIC_URL: 'https://orbis.example.org' });
    try {
      await h.admin('POST', '/api/users', { email: 'sec@example.org', password: PASSWORD });
      const res = await signInRequest(h.url, 'sec@example.org', PASSWORD);
      expect(
        res.headers
          .getSetCookie()[0]!
          .toLowerCase()
          .split(';')
          .map((a) => a.trim()),
      ).toContain('secure');
    } finally {
      await h.close();
    }
  });
});

describe('cross-site writes with a session cookie (no CSRF)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('csrf');
  });
  afterAll(() => h.close());

  it("refuses a cookie write without Orbis's origin, allows reads, same-origin writes and bearer writes", async () => {
    const owner = await signedInUser(h, 'owner@example.org');
    await addMember(h, 'csrf', 'owner@example.org', 'owner');
    const patch = (headers: Record<string, string>) =>
      fetch(`${h.url}/api/projects/csrf`, {
        method: 'PATCH',
        headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'changed' }),
      });
    for (const headers of [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as Record<string, string>[]) {
      const res = await patch(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    expect((await h.admin('GET', '/api/projects/csrf').then((r) => r.json())) as { name: string }).toMatchObject({ name: 'csrf' });
    expect((await fetch(`${h.url}/api/projects/csrf`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    expect((await patch({ origin: h.url })).status).toBe(200);
    expect((await patch({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // Sign-out is a cookie write too: a cross-site page cannot sign anyone out.
    expect((await fetch(`${h.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: owner.cookie, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await h.admin('PATCH', '/api/projects/csrf', { name: 'by bearer' })).status).toBe(200);
  });
});
