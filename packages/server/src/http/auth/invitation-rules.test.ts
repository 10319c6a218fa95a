import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTeamCommand } from '../../cli/team-commands.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { PASSWORD, addMember, cookieFetch, linkSecret, sessionCookieOf, signedInUser, type TestUser } from '../../test/team.js';

type Invited = { invitation: { id: string; url: string; expiresAt: string } };

/** Invitations and the role rules, unproven emails (docs/teams.md, issue 39 B). */
describe('invitations keep the role rules, and an unproven email gains nothing', () => {
  let h: Harness;
  let owner: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    owner = await signedInUser(h, 'owner@example.org');
  });
  afterAll(() => h.close());

  const invite = async (by: TestUser | 'admin', alias: string, email: string, role: string) => {
    const res =
      by === 'admin'
        ? await h.admin('POST', `/api/projects/${alias}/members`, { email, role })
        : await by.call('POST', `/api/projects/${alias}/members`, { email, role });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as Invited).invitation;
  };
  const open = (url: string) => fetch(`${h.url}/api/auth/invitations/${linkSecret(url)}`);
  const acceptNew = (url: string, name = 'Someone') =>
    fetch(`${h.url}/api/auth/invitations/${linkSecret(url)}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password: PASSWORD }),
    });
  const roleOn = async (alias: string, userId: string) =>
    ((await (await h.admin('GET', `/api/projects/${alias}/members`)).json()) as { userId: string; role: string }[]).find((m) => m.userId === userId)?.role;

  it('marks an account made from a link passed on by hand unproven: adding its email elsewhere invites instead of granting', async () => {
    // Mallory invites the CFO's address to a project of her own and accepts the link herself.
    const mallory = await signedInUser(h, 'mallory@example.org');
    expect((await mallory.call('POST', '/api/projects', { alias: 'bait', name: 'Bait' })).status).toBe(201);
    const link = await invite(mallory, 'bait', 'cfo@example.org', 'reader');
    const accepted = await acceptNew(link.url, 'Not the CFO');
    expect(accepted.status).toBe(200);
    const squatter = cookieFetch(h.url, sessionCookieOf(accepted));
    const { user } = (await (await squatter('GET', '/api/auth/me')).json()) as { user: { id: string } };
    // The operator later adds the real CFO to the finance project: an invitation, not the role.
    await h.project('finance', 'private');
    const added = await h.admin('POST', '/api/projects/finance/members', { email: 'cfo@example.org', role: 'maintainer' });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ invitation: { id: expect.any(String), url: expect.stringContaining('/editor?invitation=') } });
    expect(await roleOn('finance', user.id)).toBeUndefined();
    expect((await squatter('GET', '/api/projects/finance')).status).toBe(404);
    // The operator sees which account is unproven (to delete it); the owner of a proven one sees nothing of the kind.
    const users = (await (await h.admin('GET', '/api/users')).json()) as { id: string; unproven?: boolean }[];
    expect(users.find((u) => u.id === user.id)?.unproven).toBe(true);
    expect(users.find((u) => u.id === mallory.id)).not.toHaveProperty('unproven');
    // A maintainer's add of that email is an invitation too.
    await addMember(h, 'finance', 'owner@example.org', 'owner');
    expect(await (await owner.call('POST', '/api/projects/finance/members', { email: 'CFO@example.org', role: 'reader' })).json()).toHaveProperty('invitation');
    expect(await roleOn('finance', user.id)).toBeUndefined();
    // The CLI's member add refuses it.
    await expect(runTeamCommand(h.server.ctx, 'member add', ['finance', 'cfo@example.org'], { role: 'owner' }, () => undefined)).rejects.toThrow(
      /invitation link/,
    );
    expect(await roleOn('finance', user.id)).toBeUndefined();
  });

  it('lets the operator vouch for an unproven email (and only the operator): from then on the email counts, audited', async () => {
    const someone = await signedInUser(h, 'vouch-owner@example.org');
    expect((await someone.call('POST', '/api/projects', { alias: 'vouch', name: 'Vouch' })).status).toBe(201);
    const accepted = await acceptNew((await invite(someone, 'vouch', 'dana@example.org', 'reader')).url, 'Dana');
    const dana = cookieFetch(h.url, sessionCookieOf(accepted));
    const { user } = (await (await dana('GET', '/api/auth/me')).json()) as { user: { id: string; unproven?: boolean } };
    expect(user.unproven).toBe(true);
    // Neither the user nor a project's owner may vouch; an unknown user is a 404.
    expect((await dana('POST', `/api/users/${user.id}/proven`)).status).toBe(403);
    expect((await someone.call('POST', `/api/users/${user.id}/proven`)).status).toBe(403);
    expect((await h.admin('POST', '/api/users/no-such-user/proven')).status).toBe(404);
    const proven = await h.admin('POST', `/api/users/${user.id}/proven`);
    expect(proven.status).toBe(200);
    expect(await proven.json()).toEqual({ id: user.id, email: 'dana@example.org', name: 'Dana', createdAt: expect.any(String) });
    expect(((await (await dana('GET', '/api/auth/me')).json()) as { user: object }).user).not.toHaveProperty('unproven');
    // Adding the email to another project now grants the role, as for any proven user.
    await h.project('vouched', 'private');
    expect(await (await h.admin('POST', '/api/projects/vouched/members', { email: 'dana@example.org', role: 'writer' })).json()).toMatchObject({
      userId: user.id,
      role: 'writer',
    });
    expect(await roleOn('vouched', user.id)).toBe('writer');
    // In the operator's log (what belongs to no project), which nobody else reads.
    const audit = (await (await h.admin('GET', '/api/audit')).json()) as { results: { action: string; target: string; actor: { type: string } }[] };
    expect(audit.results[0]).toMatchObject({ action: 'user.prove', target: `/api/users/${user.id}/proven`, actor: { type: 'admin' } });
    expect((await someone.call('GET', '/api/audit')).status).toBe(403);
  });

  it('never lowers or raises a membership held already, so the only owner stays owner', async () => {
    await h.project('solo', 'private');
    await addMember(h, 'solo', 'owner@example.org', 'owner');
    const down = await invite('admin', 'solo', 'someone-else@example.org', 'reader');
    const res = await owner.call('POST', `/api/auth/invitations/${linkSecret(down.url)}/accept`);
    expect(res.status).toBe(409);
    expect(await roleOn('solo', owner.id)).toBe('owner');
    // Left unused: someone it was meant for can still take it.
    expect((await open(down.url)).status).toBe(200);
    const reader = await signedInUser(h, 'reader@example.org');
    await addMember(h, 'solo', 'reader@example.org', 'reader');
    const up = await invite('admin', 'solo', 'someone-more@example.org', 'maintainer');
    expect((await reader.call('POST', `/api/auth/invitations/${linkSecret(up.url)}/accept`)).status).toBe(409);
    expect(await roleOn('solo', reader.id)).toBe('reader');
  });

  it('kills the links of an inviter who was removed, lowered below maintainer, or deleted', async () => {
    await h.project('crew', 'private');
    await addMember(h, 'crew', 'owner@example.org', 'owner');
    const maint = await signedInUser(h, 'maint@example.org');
    await addMember(h, 'crew', 'maint@example.org', 'maintainer');
    const before = await invite(maint, 'crew', 'friend@example.org', 'writer');
    expect((await open(before.url)).status).toBe(200);
    expect((await owner.call('DELETE', `/api/projects/crew/members/${maint.id}`)).status).toBe(204);
    expect((await open(before.url)).status).toBe(404);
    expect((await acceptNew(before.url)).status).toBe(404);
    // Coming back through his own link is not possible either.
    expect((await maint.call('POST', `/api/auth/invitations/${linkSecret(before.url)}/accept`)).status).toBe(404);
    expect(await roleOn('crew', maint.id)).toBeUndefined();

    await addMember(h, 'crew', 'maint@example.org', 'maintainer');
    const lowered = await invite(maint, 'crew', 'friend2@example.org', 'reader');
    expect((await owner.call('PATCH', `/api/projects/crew/members/${maint.id}`, { role: 'writer' })).status).toBe(200);
    expect((await open(lowered.url)).status).toBe(404);

    expect((await owner.call('PATCH', `/api/projects/crew/members/${maint.id}`, { role: 'maintainer' })).status).toBe(200);
    const deleted = await invite(maint, 'crew', 'friend3@example.org', 'reader');
    expect((await h.admin('DELETE', `/api/users/${maint.id}`)).status).toBe(204);
    expect((await open(deleted.url)).status).toBe(404);
    expect((await acceptNew(deleted.url)).status).toBe(404);
  });

  it('lists the invitations that stand and revokes one (maintainers), audited', async () => {
    await h.project('listed', 'private');
    await addMember(h, 'listed', 'owner@example.org', 'owner');
    const a = await invite(owner, 'listed', 'a@example.org', 'writer');
    const b = await invite('admin', 'listed', 'b@example.org', 'reader');
    const list = await owner.call('GET', '/api/projects/listed/invitations');
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { id: string; email: string; role: string; invitedBy: unknown; mailed: boolean }[];
    expect(listed.map((i) => [i.id, i.email, i.role, i.invitedBy, i.mailed])).toEqual([
      [a.id, 'a@example.org', 'writer', { id: owner.id, name: 'owner', email: 'owner@example.org' }, false],
      [b.id, 'b@example.org', 'reader', null, false],
    ]);
    // No answer of the list holds a link.
    expect(JSON.stringify(listed)).not.toContain(linkSecret(a.url));
    expect((await owner.call('DELETE', `/api/projects/listed/invitations/${a.id}`)).status).toBe(204);
    expect((await owner.call('DELETE', `/api/projects/listed/invitations/${a.id}`)).status).toBe(404);
    expect((await open(a.url)).status).toBe(404);
    expect((await acceptNew(a.url)).status).toBe(404);
    expect(((await (await owner.call('GET', '/api/projects/listed/invitations')).json()) as { id: string }[]).map((i) => i.id)).toEqual([b.id]);
    // Another project's invitation is not revoked through this one.
    await h.project('other', 'private');
    await addMember(h, 'other', 'owner@example.org', 'owner');
    expect((await owner.call('DELETE', `/api/projects/other/invitations/${b.id}`)).status).toBe(404);
    const audit = (await (await owner.call('GET', '/api/projects/listed/audit')).json()) as { results: { action: string; target: string }[] };
    expect(audit.results[0]).toMatchObject({ action: 'invitation.revoke', target: `/api/projects/listed/invitations/${a.id}` });
  });

  it('records the role and who was added or invited in member.add, member.role and member.join', async () => {
    await h.project('recorded', 'private');
    await addMember(h, 'recorded', 'owner@example.org', 'owner');
    const known = await signedInUser(h, 'known@example.org');
    expect((await owner.call('POST', '/api/projects/recorded/members', { email: 'known@example.org', role: 'reader' })).status).toBe(201);
    expect((await owner.call('PATCH', `/api/projects/recorded/members/${known.id}`, { role: 'writer' })).status).toBe(200);
    const link = await invite(owner, 'recorded', 'invited@example.org', 'maintainer');
    const accepted = await acceptNew(link.url, 'Invited');
    const joined = ((await accepted.json()) as { user: { id: string } }).user.id;
    const audit = (await (await owner.call('GET', '/api/projects/recorded/audit')).json()) as { results: { action: string; detail?: unknown }[] };
    expect(audit.results.slice(0, 4).map((e) => [e.action, e.detail])).toEqual([
      ['member.join', { email: 'invited@example.org', role: 'maintainer', invitation: link.id, invited: 'invited@example.org' }],
      ['member.add', { email: 'invited@example.org', role: 'maintainer', invitation: link.id }],
      ['member.role', { email: 'known@example.org', role: 'writer', was: 'reader' }],
      ['member.add', { email: 'known@example.org', role: 'reader', userId: known.id }],
    ]);
    expect(await roleOn('recorded', joined)).toBe('maintainer');
  });

  it('lets only one of two accepts at once win, and the loser makes no user', async () => {
    await h.project('race', 'private');
    const link = await invite('admin', 'race', 'racer@example.org', 'writer');
    const rival = await signedInUser(h, 'rival@example.org');
    const [signedIn, fresh] = await Promise.all([rival.call('POST', `/api/auth/invitations/${linkSecret(link.url)}/accept`), acceptNew(link.url, 'Racer')]);
    expect([signedIn.status, fresh.status].sort()).toEqual([200, 404]);
    const users = (await (await h.admin('GET', '/api/users')).json()) as { email: string }[];
    expect(users.some((u) => u.email === 'racer@example.org')).toBe(fresh.status === 200);
    expect((await (await h.admin('GET', '/api/projects/race/members')).json()) as unknown[]).toHaveLength(1);
  });
});
