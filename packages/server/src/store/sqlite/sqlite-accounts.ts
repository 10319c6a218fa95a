import type Database from 'better-sqlite3';
import type { Role } from '@orbis/scene/roles';
import type { AccessToken, AccountStore, AuditEntry, AuditSlice, Invitation, Member, Membership, Session, User, UserPatch } from '../account-store.js';
import { StoreConflictError } from '../store.js';
import type { WriteGate } from './write-gate.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: string;
  language: string | null;
  email_unproven: number;
}
interface SessionRow {
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}
interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  role: Role | null;
  project_ids: string | null;
  expires_at: string | null;
  created_at: string;
}
interface AuditRow {
  id: string;
  project_id: string | null;
  at: string;
  actor_type: AuditEntry['actor']['type'];
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string;
  ip: string;
  detail: string | null;
}
interface InvitationRow {
  id: string;
  project_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  mailed: number;
}

const USER = 'id, email, name, password_hash, created_at, language, email_unproven';
const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
  ...(r.language ? { language: r.language } : {}),
  ...(r.email_unproven ? { unproven: true } : {}),
});
const toSession = (r: SessionRow): Session => ({
  idHash: r.id_hash,
  userId: r.user_id,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
});
const toToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  tokenHash: r.token_hash,
  role: r.role,
  projectIds: r.project_ids === null ? null : (JSON.parse(r.project_ids) as string[]),
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});
const toAudit = (r: AuditRow): AuditEntry => ({
  id: r.id,
  projectId: r.project_id,
  at: r.at,
  actor: { type: r.actor_type, ...(r.actor_id === null ? {} : { id: r.actor_id }), ...(r.actor_email === null ? {} : { email: r.actor_email }) },
  action: r.action,
  target: r.target,
  ip: r.ip,
  ...(r.detail === null ? {} : { detail: JSON.parse(r.detail) as Record<string, string> }),
});
const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  projectId: r.project_id,
  email: r.email,
  role: r.role,
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  ...(r.mailed ? { mailed: true } : {}),
});

/** The SQLite store's users, sessions, members, tokens, sign-in failures and audit log (docs/contract.md §12). */
export class SqliteAccounts implements AccountStore {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly gate: WriteGate,
  ) {
    this.s = {
      insertUser: db.prepare('INSERT INTO users (id, email, email_key, name, password_hash, created_at, email_unproven) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      userById: db.prepare(`SELECT ${USER} FROM users WHERE id = ?`),
      userByEmail: db.prepare(`SELECT ${USER} FROM users WHERE email_key = ?`),
      users: db.prepare(`SELECT ${USER} FROM users ORDER BY created_at, id`),
      updateUser: db.prepare(
        'UPDATE users SET name = coalesce(?, name), password_hash = coalesce(?, password_hash), language = coalesce(?, language), email_unproven = CASE WHEN ? THEN 0 ELSE email_unproven END WHERE id = ?',
      ),
      deleteUser: db.prepare('DELETE FROM users WHERE id = ?'),
      insertSession: db.prepare('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)'),
      liveSession: db.prepare('SELECT * FROM sessions WHERE id_hash = ? AND last_seen_at >= ? AND expires_at > ?'),
      touchSession: db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE id_hash = ?'),
      deleteUserSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?'),
      setMember: db.prepare(
        'INSERT INTO members (project_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role',
      ),
      role: db.prepare('SELECT role FROM members WHERE project_id = ? AND user_id = ?'),
      members: db.prepare(
        `SELECT m.role, ${USER.split(', ')
          .map((c) => `u.${c}`)
          .join(', ')} FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = ? ORDER BY u.email_key`,
      ),
      removeMember: db.prepare('DELETE FROM members WHERE project_id = ? AND user_id = ?'),
      owners: db.prepare("SELECT count(*) AS n FROM members WHERE project_id = ? AND role = 'owner'"),
      memberships: db.prepare(
        'SELECT m.project_id, p.alias, p.name, m.role FROM members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = ? ORDER BY p.alias',
      ),
      insertToken: db.prepare(
        'INSERT INTO access_tokens (id, user_id, name, token_hash, role, project_ids, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      tokenByHash: db.prepare('SELECT * FROM access_tokens WHERE token_hash = ?'),
      tokens: db.prepare('SELECT * FROM access_tokens WHERE user_id = ? ORDER BY created_at, id'),
      deleteToken: db.prepare('DELETE FROM access_tokens WHERE user_id = ? AND id = ?'),
      insertFailure: db.prepare('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)'),
      forgetFailures: db.prepare('DELETE FROM sign_in_failures WHERE at < ?'),
      failures: db.prepare('SELECT count(*) AS n, min(at) AS oldest FROM sign_in_failures WHERE key = ? AND at >= ?'),
      insertAudit: db.prepare(
        'INSERT INTO audit_log (id, project_id, at, actor_type, actor_id, actor_email, action, target, ip, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // IS: a project's entries, or (null) those of no project.
      countAudit: db.prepare('SELECT count(*) AS n FROM audit_log WHERE project_id IS ?'),
      auditOffset: db.prepare('SELECT * FROM audit_log WHERE project_id IS ? ORDER BY id DESC LIMIT ? OFFSET ?'),
      auditBefore: db.prepare('SELECT * FROM audit_log WHERE project_id IS ? AND id < ? ORDER BY id DESC LIMIT ?'),
      insertInvitation: db.prepare(
        'INSERT INTO invitations (id, project_id, email, role, invited_by, created_at, expires_at, mailed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      invitation: db.prepare('SELECT * FROM invitations WHERE id = ?'),
      invitations: db.prepare('SELECT * FROM invitations WHERE project_id = ? AND accepted_at IS NULL ORDER BY created_at, id'),
      deleteInvitation: db.prepare('DELETE FROM invitations WHERE project_id = ? AND id = ?'),
      acceptInvitation: db.prepare('UPDATE invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL'),
    };
  }

  async createUser(u: User): Promise<User> {
    try {
      await this.gate.write(() => this.s.insertUser.run(u.id, u.email, u.email.toLowerCase(), u.name, u.passwordHash, u.createdAt, u.unproven ? 1 : 0));
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new StoreConflictError(`a user with the email "${u.email}" exists`);
      throw err;
    }
    return { ...u };
  }

  async getUser(id: string): Promise<User | undefined> {
    const row = this.s.userById.get(id) as UserRow | undefined;
    return row && toUser(row);
  }

  async getUserByEmail(email: string): Promise<User | undefined> {
    const row = this.s.userByEmail.get(email.toLowerCase()) as UserRow | undefined;
    return row && toUser(row);
  }

  async listUsers(): Promise<User[]> {
    return (this.s.users.all() as UserRow[]).map(toUser);
  }

  async updateUser(id: string, patch: UserPatch): Promise<User | undefined> {
    await this.gate.write(() => this.s.updateUser.run(patch.name ?? null, patch.passwordHash ?? null, patch.language ?? null, patch.proven ? 1 : 0, id));
    return this.getUser(id);
  }

  async deleteUser(id: string): Promise<boolean> {
    return this.gate.write(() => this.s.deleteUser.run(id).changes > 0);
  }

  async createSession(s: Session): Promise<void> {
    await this.gate.write(() => this.s.insertSession.run(s.idHash, s.userId, s.createdAt, s.lastSeenAt, s.expiresAt));
  }

  async touchSession(idHash: string, now: string, idleSince: string): Promise<{ session: Session; user: User } | undefined> {
    const row = this.s.liveSession.get(idHash, idleSince, now) as SessionRow | undefined;
    if (!row) return undefined;
    const user = this.s.userById.get(row.user_id) as UserRow | undefined;
    if (!user) return undefined;
    // Every signed-in request touches its session: while an import's commit holds the database the
    // touch is left to a later request, rather than make every request wait for the commit.
    const touched = this.gate.writeIfFree(() => this.s.touchSession.run(now, idHash));
    return { session: { ...toSession(row), ...(touched ? { lastSeenAt: now } : {}) }, user: toUser(user) };
  }

  async deleteSession(idHash: string): Promise<boolean> {
    return this.gate.write(() => this.s.deleteSession.run(idHash).changes > 0);
  }

  async deleteUserSessions(userId: string, keepIdHash?: string): Promise<number> {
    return this.gate.write(() => this.s.deleteUserSessions.run(userId, keepIdHash ?? null).changes);
  }

  async setMember(projectId: string, userId: string, role: Role): Promise<void> {
    await this.gate.write(() => this.s.setMember.run(projectId, userId, role));
  }

  async getRole(projectId: string, userId: string): Promise<Role | undefined> {
    return (this.s.role.get(projectId, userId) as { role: Role } | undefined)?.role;
  }

  async listMembers(projectId: string): Promise<Member[]> {
    return (this.s.members.all(projectId) as (UserRow & { role: Role })[]).map((r) => ({ user: toUser(r), role: r.role }));
  }

  async removeMember(projectId: string, userId: string): Promise<boolean> {
    return this.gate.write(() => this.s.removeMember.run(projectId, userId).changes > 0);
  }

  async countOwners(projectId: string): Promise<number> {
    return (this.s.owners.get(projectId) as { n: number }).n;
  }

  async listMemberships(userId: string): Promise<Membership[]> {
    return (this.s.memberships.all(userId) as { project_id: string; alias: string; name: string; role: Role }[]).map((r) => ({
      projectId: r.project_id,
      alias: r.alias,
      name: r.name,
      role: r.role,
    }));
  }

  async createToken(t: AccessToken): Promise<void> {
    await this.gate.write(() =>
      this.s.insertToken.run(
        t.id,
        t.userId,
        t.name,
        t.tokenHash,
        t.role,
        t.projectIds === null ? null : JSON.stringify(t.projectIds),
        t.expiresAt,
        t.createdAt,
      ),
    );
  }

  async findTokenByHash(tokenHash: string): Promise<AccessToken | undefined> {
    const row = this.s.tokenByHash.get(tokenHash) as TokenRow | undefined;
    return row && toToken(row);
  }

  async listTokens(userId: string): Promise<AccessToken[]> {
    return (this.s.tokens.all(userId) as TokenRow[]).map(toToken);
  }

  async deleteToken(userId: string, id: string): Promise<boolean> {
    return this.gate.write(() => this.s.deleteToken.run(userId, id).changes > 0);
  }

  async recordFailedSignIn(keys: string[], at: string, forgetBefore: string): Promise<void> {
    await this.gate.write(() =>
      this.db.transaction(() => {
        this.s.forgetFailures.run(forgetBefore);
        for (const key of keys) this.s.insertFailure.run(key, at);
      })(),
    );
  }

  async failedSignIns(key: string, since: string): Promise<{ count: number; oldest: string | null }> {
    const row = this.s.failures.get(key, since) as { n: number; oldest: string | null };
    return { count: row.n, oldest: row.oldest };
  }

  async addAudit(e: AuditEntry): Promise<void> {
    await this.gate.write(() =>
      this.s.insertAudit.run(
        e.id,
        e.projectId,
        e.at,
        e.actor.type,
        e.actor.id ?? null,
        e.actor.email ?? null,
        e.action,
        e.target,
        e.ip,
        e.detail ? JSON.stringify(e.detail) : null,
      ),
    );
  }

  async countAudit(projectId: string | null): Promise<number> {
    return (this.s.countAudit.get(projectId) as { n: number }).n;
  }

  async listAudit(projectId: string | null, slice: AuditSlice): Promise<AuditEntry[]> {
    const rows =
      'beforeId' in slice ? this.s.auditBefore.all(projectId, slice.beforeId, slice.limit) : this.s.auditOffset.all(projectId, slice.limit, slice.offset);
    return (rows as AuditRow[]).map(toAudit);
  }

  async createInvitation(i: Invitation): Promise<void> {
    await this.gate.write(() => this.s.insertInvitation.run(i.id, i.projectId, i.email, i.role, i.invitedBy, i.createdAt, i.expiresAt, i.mailed ? 1 : 0));
  }

  async getInvitation(id: string): Promise<Invitation | undefined> {
    const row = this.s.invitation.get(id) as InvitationRow | undefined;
    return row && toInvitation(row);
  }

  async listInvitations(projectId: string): Promise<Invitation[]> {
    return (this.s.invitations.all(projectId) as InvitationRow[]).map(toInvitation);
  }

  async deleteInvitation(projectId: string, id: string): Promise<boolean> {
    return this.gate.write(() => this.s.deleteInvitation.run(projectId, id).changes > 0);
  }

  async markInvitationAccepted(id: string, at: string): Promise<boolean> {
    return this.gate.write(() => this.s.acceptInvitation.run(at, id).changes > 0);
  }
}
