import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { PASSWORD, addMember, cookieFetch, linkSecret, sessionCookieOf, signedInUser, type TestUser } from '../../test/team.js';

describe('members and their roles (docs/contract.md §12)', () => {
  let h: Harness;
  let owner: TestUser;
  let maintainer: TestUser;
  let writer: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    owner = await signedInUser(h, 'owner@example.org');
    maintainer = await signedInUser(h, 'maint@example.org');
    writer = await signedInUser(h, 'writer@example.org');
  });
  afterAll(() => h.close());

  it('makes the user who creates a project its owner, and lists only their projects to them', async () => {
    await h.project('someone-elses');
    const res = await owner.call('POST', '/api/projects', { alias: 'team', name: 'Team' });
    expect(res.status).toBe(201);
    const members = await (await owner.call('GET', '/api/projects/team/members')).json();
    expect(members).toEqual([{ userId: owner.id, email: 'owner@example.org', name: 'owner', role: 'owner' }]);
    expect(((await (await owner.call('GET', '/api/projects')).json()) as { alias: string }[]).map((p) => p.alias)).toEqual(['team']);
    expect((await owner.call('GET', '/api/projects/someone-elses')).status).toBe(404);
  });

  it('lets a maintainer add and change members below owner, and only an owner grant or remove owner', async () => {
    expect((await owner.call('POST', '/api/projects/team/members', { email: 'maint@example.org', role: 'maintainer' })).status).toBe(201);
    expect((await maintainer.call('POST', '/api/projects/team/members', { email: 'writer@example.org', role: 'writer' })).status).toBe(201);
    expect((await maintainer.call('POST', '/api/projects/team/members', { email: 'writer@example.org', role: 'reader' })).status).toBe(409);
    expect((await maintainer.call('PATCH', `/api/projects/team/members/${writer.id}`, { role: 'owner' })).status).toBe(403);
    expect((await maintainer.call('DELETE', `/api/projects/team/members/${owner.id}`)).status).toBe(403);
    expect((await writer.call('PATCH', `/api/projects/team/members/${writer.id}`, { role: 'maintainer' })).status).toBe(403);
    const changed = await maintainer.call('PATCH', `/api/projects/team/members/${writer.id}`, { role: 'reader' });
    expect(await changed.json()).toEqual({ userId: writer.id, email: 'writer@example.org', name: 'writer', role: 'reader' });
    expect((await owner.call('PATCH', `/api/projects/team/members/${maintainer.id}`, { role: 'owner' })).status).toBe(200);
  });

  it('always keeps an owner (409)', async () => {
    await h.project('solo');
    await addMember(h, 'solo', 'owner@example.org', 'owner');
    expect((await owner.call('PATCH', `/api/projects/solo/members/${owner.id}`, { role: 'reader' })).status).toBe(409);
    expect((await owner.call('DELETE', `/api/projects/solo/members/${owner.id}`)).status).toBe(409);
    expect((await h.admin('DELETE', `/api/projects/solo/members/${owner.id}`)).status).toBe(409);
  });

  it('invites an email with no user: the link is shown, used once, and makes a member', async () => {
    const res = await owner.call('POST', '/api/projects/team/members', { email: 'new@example.org', role: 'writer' });
    expect(res.status).toBe(201);
    const { invitation } = (await res.json()) as { invitation: { id: string; url: string; expiresAt: string } };
    const secret = linkSecret(invitation.url);
    // The public id lists and revokes it; it is not the link's secret.
    expect(invitation.id).not.toBe(secret);
    expect((await fetch(`${h.url}/api/auth/invitations/${invitation.id}`)).status).toBe(404);
    // The page behind the link names the project, the role and who invited, before one joins.
    const shown = await fetch(`${h.url}/api/auth/invitations/${secret}`);
    expect(await shown.json()).toEqual({
      project: { alias: 'team', name: 'Team' },
      role: 'writer',
      email: 'new@example.org',
      invitedBy: { name: 'owner', email: 'owner@example.org' },
      expiresAt: invitation.expiresAt,
    });
    const accept = (body: object) =>
      fetch(`${h.url}/api/auth/invitations/${secret}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await accept({ name: 'New', password: 'short' })).status).toBe(400);
    const accepted = await accept({ name: 'New', password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(await accepted.clone().json()).toMatchObject({ user: { email: 'new@example.org', name: 'New' } });
    const me = await cookieFetch(h.url, sessionCookieOf(accepted))('GET', '/api/auth/me');
    expect(await me.json()).toMatchObject({ projects: [{ alias: 'team', role: 'writer' }] });
    expect((await accept({ name: 'Again', password: PASSWORD })).status).toBe(404);
    expect((await fetch(`${h.url}/api/auth/invitations/${secret}`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/auth/invitations/made-up`)).status).toBe(404);
    const audit = (await (await owner.call('GET', '/api/projects/team/audit')).json()) as { results: { action: string; actor: { email?: string } }[] };
    expect(audit.results[0]).toMatchObject({ action: 'member.join', actor: { email: 'new@example.org' } });
    expect((await fetch(`${h.url}/api/auth/invitations/made-up/accept`, { method: 'POST' })).status).toBe(404);
  });

  it("lets a signed-in user accept an invitation with no body, from Orbis's own pages only", async () => {
    const res = await owner.call('POST', '/api/projects/team/members', { email: 'late@example.org', role: 'reader' });
    const { invitation } = (await res.json()) as { invitation: { url: string } };
    // The user came to be after the invitation (an OpenID Connect sign-in, say), and is signed in.
    const late = await signedInUser(h, 'late@example.org');
    const accept = `/api/auth/invitations/${linkSecret(invitation.url)}/accept`;
    expect((await late.call('POST', accept, undefined, { origin: 'https://evil.example' })).status).toBe(403);
    const accepted = await late.call('POST', accept);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.getSetCookie()).toEqual([]);
    expect(await (await late.call('GET', '/api/auth/me')).json()).toMatchObject({ user: { id: late.id }, projects: [{ alias: 'team', role: 'reader' }] });
  });
});
