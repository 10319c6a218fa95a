import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startHarness } from '../../test/harness.js';
import { PASSWORD, addMember, cookieFetch, sessionCookieOf, signIn } from '../../test/team.js';

describe('no log line holds a password, session id, token or invitation (SPEC §12)', () => {
  it('logs the sign-in, token, member and invitation requests without their secrets', async () => {
    const log = new PassThrough();
    let lines = '';
    log.on('data', (chunk: Buffer) => (lines += chunk.toString()));
    const h = await startHarness({}, { logStream: log });
    try {
      await h.project('logged');
      await h.admin('POST', '/api/users', { email: 'ana@example.org', password: PASSWORD });
      await addMember(h, 'logged', 'ana@example.org', 'owner');
      await fetch(`${h.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ana@example.org', password: 'a wrong password' }) });
      const cookie = await signIn(h.url, 'ana@example.org');
      const ana = cookieFetch(h.url, cookie);
      const { token } = (await (await ana('POST', '/api/tokens', { name: 'ci' })).json()) as { token: string };
      await fetch(`${h.url}/api/projects/logged`, { headers: { authorization: `Bearer ${token}` } });
      const { invitation } = (await (await ana('POST', '/api/projects/logged/members', { email: 'new@example.org', role: 'reader' })).json()) as { invitation: { id: string } };
      const accepted = await fetch(`${h.url}/api/auth/invitations/${invitation.id}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'New', password: 'another long password' }) });
      const newCookie = sessionCookieOf(accepted);
      await fetch(`${h.url}/editor/logged?invitation=${invitation.id}`);
      await ana('POST', '/api/auth/sign-out');
      await new Promise((r) => setTimeout(r, 100));
      expect(lines).toContain('/api/auth/invitations/…/accept');
      for (const secret of [PASSWORD, 'a wrong password', 'another long password', cookie.split('=')[1]!, newCookie.split('=')[1]!, token, invitation.id, ADMIN_TOKEN]) {
        expect(lines.includes(secret), secret).toBe(false);
      }
    } finally {
      await h.close();
    }
  });
});
