import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import type { AuditEntry, User } from './account-store.js';
import type { Project, Store } from './store.js';
import { StoreConflictError } from './store.js';

/** The accounts part of the Store contract (docs/contract.md §12): users, sessions, members, tokens, attempts, audit. */
export function accountsContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract, accounts: ${name}`, () => {
    let store: Store;
    let project: Project;
    const t0 = '2026-11-21T12:00:00.000Z';
    const at = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();
    const user = (email: string, over: Partial<User> = {}): User => ({
      id: newId(),
      email,
      name: email.split('@')[0]!,
      passwordHash: '$argon2id$x',
      createdAt: t0,
      ...over,
    });

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'p1', name: 'P1', visibility: 'public', createdAt: t0 });
    });
    afterEach(() => store.close());

    it('creates users, finds them by email in any case, refuses a taken email, updates and deletes', async () => {
      const ana = await store.accounts.createUser(user('Ana@Example.org'));
      expect(await store.accounts.getUserByEmail('ana@example.ORG')).toEqual(ana);
      expect(await store.accounts.getUser(ana.id)).toEqual(ana);
      await expect(store.accounts.createUser(user('ANA@example.org'))).rejects.toBeInstanceOf(StoreConflictError);
      const bo = await store.accounts.createUser(user('bo@example.org', { passwordHash: null, createdAt: at(1) }));
      expect((await store.accounts.listUsers()).map((u) => u.email)).toEqual(['Ana@Example.org', 'bo@example.org']);
      expect(await store.accounts.updateUser(bo.id, { name: 'Bo' })).toMatchObject({ name: 'Bo', passwordHash: null });
      expect(await store.accounts.updateUser(bo.id, { passwordHash: '$argon2id$y' })).toMatchObject({ name: 'Bo', passwordHash: '$argon2id$y' });
      expect(await store.accounts.updateUser(bo.id, { language: 'ja' })).toMatchObject({ name: 'Bo', language: 'ja' });
      expect((await store.accounts.listUsers()).find((u) => u.id === bo.id)?.language).toBe('ja');
      expect(await store.accounts.deleteUser(bo.id)).toBe(true);
      expect(await store.accounts.deleteUser(bo.id)).toBe(false);
      expect(await store.accounts.getUser(bo.id)).toBeUndefined();
    });

    it('finds a session only while it is neither idle too long nor past its absolute expiry, and touches it', async () => {
      const ana = await store.accounts.createUser(user('ana@example.org'));
      await store.accounts.createSession({ idHash: 'h1', userId: ana.id, createdAt: t0, lastSeenAt: t0, expiresAt: at(100) });
      const found = await store.accounts.touchSession('h1', at(10), at(-5));
      expect(found?.user).toEqual(ana);
      expect(found?.session).toMatchObject({ userId: ana.id, lastSeenAt: at(10), expiresAt: at(100) });
      // Last seen at 10: idle since 11 is too long ago.
      expect(await store.accounts.touchSession('h1', at(20), at(11))).toBeUndefined();
      expect(await store.accounts.touchSession('h1', at(20), at(10))).toBeDefined();
      expect(await store.accounts.touchSession('h1', at(100), at(90))).toBeUndefined();
      expect(await store.accounts.touchSession('nope', at(20), at(0))).toBeUndefined();
    });

    it('ends one session, every other session of a user, and every session of a deleted user', async () => {
      const ana = await store.accounts.createUser(user('ana@example.org'));
      for (const h of ['a', 'b', 'c']) await store.accounts.createSession({ idHash: h, userId: ana.id, createdAt: t0, lastSeenAt: t0, expiresAt: at(100) });
      const live = async (h: string) => (await store.accounts.touchSession(h, at(1), at(0))) !== undefined;
      expect(await store.accounts.deleteSession('a')).toBe(true);
      expect(await live('a')).toBe(false);
      expect(await store.accounts.deleteUserSessions(ana.id, 'b')).toBe(1);
      expect([await live('b'), await live('c')]).toEqual([true, false]);
      await store.accounts.deleteUser(ana.id);
      expect(await live('b')).toBe(false);
    });

    it('keeps members with their roles, counts owners, lists memberships, and forgets them with the project', async () => {
      const ana = await store.accounts.createUser(user('ana@example.org'));
      const bo = await store.accounts.createUser(user('bo@example.org'));
      await store.accounts.setMember(project.id, ana.id, 'owner');
      await store.accounts.setMember(project.id, bo.id, 'reader');
      await store.accounts.setMember(project.id, bo.id, 'writer');
      expect(await store.accounts.getRole(project.id, bo.id)).toBe('writer');
      expect((await store.accounts.listMembers(project.id)).map((m) => [m.user.email, m.role])).toEqual([
        ['ana@example.org', 'owner'],
        ['bo@example.org', 'writer'],
      ]);
      expect(await store.accounts.countOwners(project.id)).toBe(1);
      expect(await store.accounts.listMemberships(bo.id)).toEqual([{ projectId: project.id, alias: 'p1', name: project.name, role: 'writer' }]);
      expect(await store.accounts.removeMember(project.id, bo.id)).toBe(true);
      expect(await store.accounts.getRole(project.id, bo.id)).toBeUndefined();
      await store.deleteProject(project.id);
      expect(await store.accounts.listMemberships(ana.id)).toEqual([]);
    });

    it('keeps access tokens by hash, lists and deletes them per user, and drops them with the user', async () => {
      const ana = await store.accounts.createUser(user('ana@example.org'));
      const token = {
        id: newId(),
        userId: ana.id,
        name: 'ci',
        tokenHash: 'th',
        role: 'reader' as const,
        projectIds: [project.id],
        expiresAt: at(60),
        createdAt: t0,
      };
      await store.accounts.createToken(token);
      await store.accounts.createToken({ ...token, id: newId(), tokenHash: 'th2', role: null, projectIds: null, expiresAt: null, createdAt: at(1) });
      expect(await store.accounts.findTokenByHash('th')).toEqual(token);
      expect((await store.accounts.listTokens(ana.id)).map((t) => t.tokenHash)).toEqual(['th', 'th2']);
      expect(await store.accounts.deleteToken('someone-else', token.id)).toBe(false);
      expect(await store.accounts.deleteToken(ana.id, token.id)).toBe(true);
      expect(await store.accounts.findTokenByHash('th')).toBeUndefined();
      await store.accounts.deleteUser(ana.id);
      expect(await store.accounts.findTokenByHash('th2')).toBeUndefined();
    });

    it('counts failed sign-ins per key within a window, and forgets old ones', async () => {
      await store.accounts.recordFailedSignIn(['email:a', 'ip:1'], at(0), at(-60));
      await store.accounts.recordFailedSignIn(['email:a', 'ip:1'], at(5), at(-55));
      await store.accounts.recordFailedSignIn(['email:b', 'ip:1'], at(10), at(-50));
      expect(await store.accounts.failedSignIns('email:a', at(-15))).toEqual({ count: 2, oldest: at(0) });
      expect(await store.accounts.failedSignIns('email:a', at(1))).toEqual({ count: 1, oldest: at(5) });
      expect(await store.accounts.failedSignIns('ip:1', at(-15))).toEqual({ count: 3, oldest: at(0) });
      expect(await store.accounts.failedSignIns('email:c', at(-15))).toEqual({ count: 0, oldest: null });
      await store.accounts.recordFailedSignIn(['email:c'], at(20), at(1));
      expect(await store.accounts.failedSignIns('email:a', at(-15))).toEqual({ count: 1, oldest: at(5) });
    });

    it("lists a project's audit entries newest first, by offset or below an id, and keeps them after the project", async () => {
      const entries: AuditEntry[] = [];
      for (let i = 0; i < 5; i++) {
        const entry: AuditEntry = {
          id: newId(),
          projectId: project.id,
          at: at(i),
          actor: i % 2 ? { type: 'user', id: 'u1', email: 'a@b.c' } : { type: 'admin' },
          action: 'asset.upload',
          target: `t${i}`,
          ip: '127.0.0.1',
        };
        await store.accounts.addAudit(entry);
        entries.push(entry);
      }
      await store.accounts.addAudit({ ...entries[0]!, id: newId(), projectId: null });
      const newest = [...entries].reverse();
      expect(await store.accounts.countAudit(project.id)).toBe(5);
      expect(await store.accounts.listAudit(project.id, { offset: 0, limit: 10 })).toEqual(newest);
      expect(await store.accounts.listAudit(project.id, { offset: 1, limit: 2 })).toEqual(newest.slice(1, 3));
      expect(await store.accounts.listAudit(project.id, { beforeId: newest[2]!.id, limit: 10 })).toEqual(newest.slice(3));
      await store.deleteProject(project.id);
      expect(await store.accounts.countAudit(project.id)).toBe(5);
    });

    it('keeps invitations, and accepts each once', async () => {
      const invitation = {
        id: newId(),
        projectId: project.id,
        email: 'new@example.org',
        role: 'writer' as const,
        invitedBy: null,
        createdAt: t0,
        expiresAt: at(60),
        acceptedAt: null,
      };
      await store.accounts.createInvitation(invitation);
      expect(await store.accounts.getInvitation(invitation.id)).toEqual(invitation);
      expect(await store.accounts.markInvitationAccepted(invitation.id, at(1))).toBe(true);
      expect(await store.accounts.markInvitationAccepted(invitation.id, at(2))).toBe(false);
      expect(await store.accounts.getInvitation(invitation.id)).toMatchObject({ acceptedAt: at(1) });
    });

    it("keeps whether a user's email is unproven, and whether an invitation was e-mailed only", async () => {
      const squatter = await store.accounts.createUser(user('cfo@example.org', { unproven: true }));
      expect(await store.accounts.getUserByEmail('cfo@example.org')).toEqual(squatter);
      expect((await store.accounts.getUser(squatter.id))?.unproven).toBe(true);
      expect((await store.accounts.createUser(user('ana@example.org'))).unproven).toBeUndefined();
      expect((await store.accounts.getUserByEmail('ana@example.org'))?.unproven).toBeUndefined();
      await store.accounts.setMember(project.id, squatter.id, 'reader');
      expect((await store.accounts.listMembers(project.id)).find((m) => m.user.id === squatter.id)?.user.unproven).toBe(true);
      await store.accounts.createSession({ idHash: 'hs', userId: squatter.id, createdAt: t0, lastSeenAt: t0, expiresAt: at(100) });
      expect((await store.accounts.touchSession('hs', at(1), t0))?.user.unproven).toBe(true);
      const mailed = {
        id: newId(),
        projectId: project.id,
        email: 'new@example.org',
        role: 'reader' as const,
        invitedBy: null,
        createdAt: t0,
        expiresAt: at(60),
        acceptedAt: null,
        mailed: true as const,
      };
      await store.accounts.createInvitation(mailed);
      expect(await store.accounts.getInvitation(mailed.id)).toEqual(mailed);
      const joined = {
        id: newId(),
        projectId: project.id,
        at: at(2),
        actor: { type: 'user' as const, id: squatter.id, email: squatter.email },
        action: 'member.join',
        target: `/api/projects/p1/members/${squatter.id}`,
        ip: '127.0.0.1',
        detail: { role: 'reader', email: 'cfo@example.org' },
      };
      await store.accounts.addAudit(joined);
      expect(await store.accounts.listAudit(project.id, { offset: 0, limit: 1 })).toEqual([joined]);
      // An entry of no project (a refused password) is read with null, and only there.
      const refused = {
        id: newId(),
        projectId: null,
        at: at(3),
        actor: { type: 'user' as const, id: squatter.id, email: squatter.email },
        action: 'user.password.refused',
        target: '/api/auth/me',
        ip: '127.0.0.1',
      };
      await store.accounts.addAudit(refused);
      expect(await store.accounts.listAudit(null, { offset: 0, limit: 10 })).toEqual([refused]);
      expect(await store.accounts.listAudit(null, { beforeId: 'z', limit: 10 })).toEqual([refused]);
      expect(await store.accounts.countAudit(null)).toBe(1);
      expect(await store.accounts.countAudit(project.id)).toBe(1);
    });

    it("lists a project's open invitations, oldest first, and revokes one", async () => {
      const invite = (email: string, minutes: number) => ({
        id: newId(),
        projectId: project.id,
        email,
        role: 'writer' as const,
        invitedBy: null,
        createdAt: at(minutes),
        expiresAt: at(minutes + 60),
        acceptedAt: null,
      });
      const [a, b, c] = [invite('a@example.org', 1), invite('b@example.org', 2), invite('c@example.org', 3)];
      for (const i of [c, a, b]) await store.accounts.createInvitation(i);
      await store.accounts.markInvitationAccepted(b.id, at(4));
      expect(await store.accounts.listInvitations(project.id)).toEqual([a, c]);
      const other = await store.createProject({ id: newId(), alias: 'p2', name: 'P2', visibility: 'public', createdAt: t0 });
      expect(await store.accounts.deleteInvitation(other.id, a.id)).toBe(false);
      expect(await store.accounts.deleteInvitation(project.id, a.id)).toBe(true);
      expect(await store.accounts.deleteInvitation(project.id, a.id)).toBe(false);
      expect(await store.accounts.getInvitation(a.id)).toBeUndefined();
      expect(await store.accounts.listInvitations(project.id)).toEqual([c]);
    });
  });
}
