import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { signInThroughProvider as walkThroughProvider, startTestIssuer, type TestIssuer } from '../../test/oidc-issuer.js';
import { PASSWORD, cookieFetch, linkSecret, sessionCookieOf } from '../../test/team.js';

/** Orbis's public URL in this test: the provider sends the browser back there, and the test maps it to the real server. */
const PUBLIC = 'http://orbis.test';

describe('OpenID Connect sign-in against a real provider (docs/contract.md §12)', () => {
  let idp: TestIssuer;
  let h: Harness;
  beforeAll(async () => {
    idp = await startTestIssuer(`${PUBLIC}/api/auth/oidc/callback`);
    h = await startHarness({
      ORBIS_PUBLIC_URL: PUBLIC,
      ORBIS_OIDC_ISSUER: idp.issuer,
      ORBIS_OIDC_CLIENT_ID: idp.clientId,
      ORBIS_OIDC_CLIENT_SECRET: idp.clientSecret,
    });
  });
  afterAll(async () => {
    await h.close();
    await idp.close();
  });

  /** The browser's way through the provider; returns the callback's answer, which `replay` sends again. */
  async function signInThroughProvider(): Promise<Response & { replay: () => Promise<Response> }> {
    const callback = await walkThroughProvider(h.url, PUBLIC, idp);
    expect(callback.authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(callback.authorization.searchParams.get('state')).toBeTruthy();
    return Object.assign(callback.res, { replay: callback.replay });
  }

  it('creates the user from the verified email, signs them in, and finds them again the next time', async () => {
    const first = await signInThroughProvider();
    expect(first.status, await first.clone().text()).toBe(302);
    expect(first.headers.get('location')).toBe(`${PUBLIC}/editor`);
    const me = (await (await cookieFetch(h.url, sessionCookieOf(first))('GET', '/api/auth/me')).json()) as {
      user: { id: string; email: string; name: string };
    };
    expect(me.user).toMatchObject({ email: 'ana@example.org', name: 'Ana' });
    const again = await signInThroughProvider();
    const me2 = (await (await cookieFetch(h.url, sessionCookieOf(again))('GET', '/api/auth/me')).json()) as { user: { id: string } };
    expect(me2.user.id).toBe(me.user.id);
    expect(((await (await h.admin('GET', '/api/users')).json()) as unknown[]).length).toBe(1);
  });

  it('never adopts an account whose email nobody proved (made from an invitation link passed on by hand)', async () => {
    await h.project('squatted');
    const made = (await (await h.admin('POST', '/api/projects/squatted/members', { email: 'cfo@example.org', role: 'reader' })).json()) as {
      invitation: { url: string };
    };
    const accepted = await fetch(`${h.url}/api/auth/invitations/${linkSecret(made.invitation.url)}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Squatter', password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    const users = ((await (await h.admin('GET', '/api/users')).json()) as unknown[]).length;
    idp.account = { sub: 'cfo', email: 'cfo@example.org', emailVerified: true, name: 'The CFO' };
    const res = await signInThroughProvider();
    expect(res.status).toBe(409);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('orbis_session='))).toBe(false);
    expect(((await (await h.admin('GET', '/api/users')).json()) as unknown[]).length).toBe(users);
  });

  it('finds an existing user by email, whatever its case', async () => {
    await h.admin('POST', '/api/users', { email: 'Bo@Example.org', name: 'Bo' });
    idp.account = { sub: 'bo', email: 'bo@example.org', emailVerified: true, name: 'Bo from the provider' };
    const res = await signInThroughProvider();
    const me = (await (await cookieFetch(h.url, sessionCookieOf(res))('GET', '/api/auth/me')).json()) as { user: { email: string; name: string } };
    expect(me.user).toMatchObject({ email: 'Bo@Example.org', name: 'Bo' });
  });

  it('refuses an email the provider did not verify, a callback it did not start, and a replayed one', async () => {
    idp.account = { sub: 'cy', email: 'cy@example.org', emailVerified: false, name: 'Cy' };
    const unverified = await signInThroughProvider();
    expect(unverified.status).toBe(403);
    expect(unverified.headers.getSetCookie().some((c) => c.startsWith('orbis_session='))).toBe(false);
    const forged = await fetch(`${h.url}/api/auth/oidc/callback?code=made-up&state=made-up`, { redirect: 'manual' });
    expect(forged.status).toBe(401);
    idp.account = { sub: 'ana', email: 'ana@example.org', emailVerified: true, name: 'Ana' };
    const ok = await signInThroughProvider();
    expect(ok.status).toBe(302);
    // The same code and checks again (a stolen callback URL with the cookie): the provider spent the code.
    const replayed = await ok.replay();
    expect(replayed.status).toBe(401);
    expect(replayed.headers.getSetCookie().some((c) => c.startsWith('orbis_session='))).toBe(false);
  });
});

describe('without OpenID Connect set up', () => {
  it('answers 404 on its routes', async () => {
    const h = await startHarness();
    try {
      expect((await fetch(`${h.url}/api/auth/oidc/sign-in`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
