import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startHarness } from '../../test/harness.js';
import { logCapture } from '../../test/log-capture.js';
import { signInThroughProvider, startTestIssuer } from '../../test/oidc-issuer.js';
import { PASSWORD, addMember, cookieFetch, linkSecret, sessionCookieOf, signIn } from '../../test/team.js';

/** The value of a `name=value` cookie pair. */
const valueOf = (pair: string) => pair.slice(pair.indexOf('=') + 1);

describe('no answer and no log line holds a password, session id, token or key (docs/contract.md §12)', () => {
  it('through sign-in, tokens, keys, invitations, a password change and sign-out', async () => {
    const log = logCapture();
    const h = await startHarness({}, { logStream: log.stream });
    // Every answer's body, and the one secret it may show (docs/contract.md §12: a token, a key and an invitation link are shown once, to who made them).
    const answers: { what: string; body: string; shows?: string }[] = [];
    const kept = async (what: string, res: Response, shows?: (body: string) => string) => {
      const body = await res.text();
      answers.push({ what, body, ...(shows ? { shows: shows(body) } : {}) });
      return body;
    };
    try {
      await h.project('logged', 'private');
      await h.admin('POST', '/api/users', { email: 'ana@example.org', password: PASSWORD });
      await addMember(h, 'logged', 'ana@example.org', 'owner');
      const json = { 'content-type': 'application/json' };
      await kept(
        'wrong sign-in',
        await fetch(`${h.url}/api/auth/sign-in`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'ana@example.org', password: 'a wrong password' }),
        }),
      );
      const cookie = await signIn(h.url, 'ana@example.org');
      const ana = cookieFetch(h.url, cookie);

      const token = JSON.parse(await kept('token made', await ana('POST', '/api/tokens', { name: 'ci' }), (b) => (JSON.parse(b) as { token: string }).token))
        .token as string;
      await kept('token used', await fetch(`${h.url}/api/projects/logged`, { headers: { authorization: `Bearer ${token}` } }));
      await kept('tokens listed', await ana('GET', '/api/tokens'));
      const key = JSON.parse(
        await kept('key made', await ana('POST', '/api/projects/logged/keys', { name: 'site' }), (b) => (JSON.parse(b) as { key: string }).key),
      ).key as string;
      await kept('key used', await fetch(`${h.url}/api/p/logged/assets.json`, { headers: { authorization: `Bearer ${key}` } }));
      await kept('keys listed', await ana('GET', '/api/projects/logged/keys'));

      const linkOf = (b: string) => linkSecret((JSON.parse(b) as { invitation: { url: string } }).invitation.url);
      const invitationId = linkOf(
        await kept('invitation made', await ana('POST', '/api/projects/logged/members', { email: 'new@example.org', role: 'reader' }), linkOf),
      );
      await kept('invitations listed', await ana('GET', '/api/projects/logged/invitations'));
      await kept('invitation page', await fetch(`${h.url}/editor/logged?invitation=${invitationId}`));
      const accepted = await fetch(`${h.url}/api/auth/invitations/${invitationId}/accept`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'New', password: 'another long password' }),
      });
      const newCookie = sessionCookieOf(accepted);
      await kept('invitation accepted', accepted);

      await kept('password change refused', await ana('PATCH', '/api/auth/me', { password: 'my new passphrase', currentPassword: 'not my password!' }));
      await kept('password too short', await ana('PATCH', '/api/auth/me', { password: 'short9', currentPassword: PASSWORD }));
      await kept('password changed', await ana('PATCH', '/api/auth/me', { password: 'my new passphrase', currentPassword: PASSWORD }));
      await kept('me', await ana('GET', '/api/auth/me'));
      await kept('members', await ana('GET', '/api/projects/logged/members'));
      await kept('audit', await ana('GET', '/api/projects/logged/audit'));
      await kept('users', await h.admin('GET', '/api/users'));
      await kept('sign-out', await ana('POST', '/api/auth/sign-out'));

      const lines = await log.text();
      expect(lines).toContain('/api/auth/invitations/…/accept');
      expect(lines).toContain('"url":"/api/auth/me"');
      const secrets = [
        PASSWORD,
        'a wrong password',
        'another long password',
        'my new passphrase',
        'not my password!',
        'short9',
        valueOf(cookie),
        valueOf(newCookie),
        token,
        key,
        invitationId,
        ADMIN_TOKEN,
      ];
      for (const secret of secrets) expect(lines.includes(secret), `a log line holds ${secret}`).toBe(false);
      for (const { what, body, shows } of answers) {
        for (const secret of secrets) if (secret !== shows) expect(body.includes(secret), `the answer "${what}" holds ${secret}`).toBe(false);
      }
    } finally {
      await h.close();
    }
  });

  it("through an OpenID Connect sign-in: not the provider's code, state nor the session", async () => {
    const PUBLIC = 'http://orbis.test';
    const idp = await startTestIssuer(`${PUBLIC}/api/auth/oidc/callback`);
    const log = logCapture();
    const h = await startHarness(
      { ORBIS_PUBLIC_URL: PUBLIC, ORBIS_OIDC_ISSUER: idp.issuer, ORBIS_OIDC_CLIENT_ID: idp.clientId, ORBIS_OIDC_CLIENT_SECRET: idp.clientSecret },
      { logStream: log.stream },
    );
    try {
      const callback = await signInThroughProvider(h.url, PUBLIC, idp);
      expect(callback.res.status).toBe(302);
      const session = valueOf(sessionCookieOf(callback.res));
      const returned = new URL(callback.location).searchParams;
      const code = returned.get('code')!;
      const state = returned.get('state')!;
      expect(code.length).toBeGreaterThan(20);
      // A callback sent again (the code is spent) is refused: that refusal is logged too.
      expect((await callback.replay()).status).toBe(401);
      const lines = await log.text();
      expect(lines).toContain('/api/auth/oidc/callback?code=…');
      for (const secret of [code, state, valueOf(callback.cookie), session, idp.clientSecret]) {
        expect(lines.includes(secret), `a log line holds ${secret}`).toBe(false);
      }
      expect(await callback.res.text()).toBe('');
    } finally {
      await h.close();
      await idp.close();
    }
  });
});
