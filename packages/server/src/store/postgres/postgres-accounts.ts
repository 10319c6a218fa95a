import type pg from 'pg';
import type { Role } from '@orbis/scene/roles';
import type { AccessToken, AccountStore, AuditEntry, AuditSlice, Invitation, Member, Membership, Session, User, UserPatch } from '../account-store.js';
import { StoreConflictError } from '../store.js';
import { isPgError, UNIQUE_VIOLATION } from './transaction.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: Date;
  language: string | null;
  email_unproven: boolean;
}
interface SessionRow {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}
interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  role: Role | null;
  project_ids: string[] | null;
  expires_at: Date | null;
  created_at: Date;
}
interface AuditRow {
  id: string;
  project_id: string | null;
  at: Date;
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
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  mailed: boolean;
}

/** The audit entries of project $1, or (null) of no project: `= $1` keeps the index, which `IS NOT DISTINCT FROM` would not. */
const auditScope = (projectId: string | null) => (projectId === null ? '($1::text IS NULL AND project_id IS NULL)' : 'project_id = $1');
const USER = 'id, email, name, password_hash, created_at, language, email_unproven';
const iso = (d: Date): string => d.toISOString();
const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  passwordHash: r.password_hash,
  createdAt: iso(r.created_at),
  ...(r.language ? { language: r.language } : {}),
  ...(r.email_unproven ? { unproven: true } : {}),
});
const toSession = (r: SessionRow): Session => ({
  idHash: r.id_hash,
  userId: r.user_id,
  createdAt: iso(r.created_at),
  lastSeenAt: iso(r.last_seen_at),
  expiresAt: iso(r.expires_at),
});
const toToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  tokenHash: r.token_hash,
  role: r.role,
  projectIds: r.project_ids,
  expiresAt: r.expires_at && iso(r.expires_at),
  createdAt: iso(r.created_at),
});
const toAudit = (r: AuditRow): AuditEntry => ({
  id: r.id,
  projectId: r.project_id,
  at: iso(r.at),
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
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  acceptedAt: r.accepted_at && iso(r.accepted_at),
  ...(r.mailed ? { mailed: true } : {}),
});

/** The PostgreSQL store's users, sessions, members, tokens, sign-in failures and audit log (docs/contract.md §12). */
export class PostgresAccounts implements AccountStore {
  constructor(private readonly pool: pg.Pool) {}

  private async rows<T extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(sql, values)).rows;
  }

  private async changed(sql: string, values: unknown[]): Promise<number> {
    return (await this.pool.query(sql, values)).rowCount ?? 0;
  }

  async createUser(u: User): Promise<User> {
    try {
      await this.pool.query('INSERT INTO users (id, email, email_key, name, password_hash, created_at, email_unproven) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        u.id,
        u.email,
        u.email.toLowerCase(),
        u.name,
        u.passwordHash,
        u.createdAt,
        u.unproven === true,
      ]);
    } catch (err) {
      if (isPgError(err, UNIQUE_VIOLATION)) throw new StoreConflictError(`a user with the email "${u.email}" exists`);
      throw err;
    }
    return { ...u };
  }

  async getUser(id: string): Promise<User | undefined> {
    const [row] = await this.rows<UserRow>(`SELECT ${USER} FROM users WHERE id = $1`, [id]);
    return row && toUser(row);
  }

  async getUserByEmail(email: string): Promise<User | undefined> {
    const [row] = await this.rows<UserRow>(`SELECT ${USER} FROM users WHERE email_key = $1`, [email.toLowerCase()]);
    return row && toUser(row);
  }

  async listUsers(): Promise<User[]> {
    return (await this.rows<UserRow>(`SELECT ${USER} FROM users ORDER BY created_at, id`, [])).map(toUser);
  }

  async updateUser(id: string, patch: UserPatch): Promise<User | undefined> {
    const [row] = await this.rows<UserRow>(
      `UPDATE users SET name = coalesce($1, name), password_hash = coalesce($2, password_hash), language = coalesce($4, language), email_unproven = email_unproven AND NOT $5 WHERE id = $3 RETURNING ${USER}`,
      [patch.name ?? null, patch.passwordHash ?? null, id, patch.language ?? null, patch.proven === true],
    );
    return row && toUser(row);
  }

  async deleteUser(id: string): Promise<boolean> {
    return (await this.changed('DELETE FROM users WHERE id = $1', [id])) > 0;
  }

  async createSession(s: Session): Promise<void> {
    await this.pool.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      s.idHash,
      s.userId,
      s.createdAt,
      s.lastSeenAt,
      s.expiresAt,
    ]);
  }

  async touchSession(idHash: string, now: string, idleSince: string): Promise<{ session: Session; user: User } | undefined> {
    // One statement: the session is found live and touched at once, with its user.
    const [row] = await this.rows<
      SessionRow & { u_email: string; u_name: string; u_password_hash: string | null; u_created_at: Date; u_language: string | null; u_email_unproven: boolean }
    >(
      `UPDATE sessions s SET last_seen_at = $2 FROM users u
        WHERE s.id_hash = $1 AND s.last_seen_at >= $3 AND s.expires_at > $2 AND u.id = s.user_id
        RETURNING s.*, u.email AS u_email, u.name AS u_name, u.password_hash AS u_password_hash, u.created_at AS u_created_at, u.language AS u_language, u.email_unproven AS u_email_unproven`,
      [idHash, now, idleSince],
    );
    if (!row) return undefined;
    return {
      session: toSession(row),
      user: toUser({
        id: row.user_id,
        email: row.u_email,
        name: row.u_name,
        password_hash: row.u_password_hash,
        created_at: row.u_created_at,
        language: row.u_language,
        email_unproven: row.u_email_unproven,
      }),
    };
  }

  async deleteSession(idHash: string): Promise<boolean> {
    return (await this.changed('DELETE FROM sessions WHERE id_hash = $1', [idHash])) > 0;
  }

  async deleteUserSessions(userId: string, keepIdHash?: string): Promise<number> {
    return this.changed('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [userId, keepIdHash ?? null]);
  }

  async setMember(projectId: string, userId: string, role: Role): Promise<void> {
    await this.pool.query(
      'INSERT INTO members (project_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role',
      [projectId, userId, role],
    );
  }

  async getRole(projectId: string, userId: string): Promise<Role | undefined> {
    const [row] = await this.rows<{ role: Role }>('SELECT role FROM members WHERE project_id = $1 AND user_id = $2', [projectId, userId]);
    return row?.role;
  }

  async listMembers(projectId: string): Promise<Member[]> {
    const rows = await this.rows<UserRow & { role: Role }>(
      'SELECT m.role, u.id, u.email, u.name, u.password_hash, u.created_at, u.language, u.email_unproven FROM members m JOIN users u ON u.id = m.user_id WHERE m.project_id = $1 ORDER BY u.email_key COLLATE "C"',
      [projectId],
    );
    return rows.map((r) => ({ user: toUser(r), role: r.role }));
  }

  async removeMember(projectId: string, userId: string): Promise<boolean> {
    return (await this.changed('DELETE FROM members WHERE project_id = $1 AND user_id = $2', [projectId, userId])) > 0;
  }

  async countOwners(projectId: string): Promise<number> {
    const [row] = await this.rows<{ n: string }>("SELECT count(*) AS n FROM members WHERE project_id = $1 AND role = 'owner'", [projectId]);
    return Number(row!.n);
  }

  async listMemberships(userId: string): Promise<Membership[]> {
    const rows = await this.rows<{ project_id: string; alias: string; name: string; role: Role }>(
      'SELECT m.project_id, p.alias, p.name, m.role FROM members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1 ORDER BY p.alias COLLATE "C"',
      [userId],
    );
    return rows.map((r) => ({ projectId: r.project_id, alias: r.alias, name: r.name, role: r.role }));
  }

  async createToken(t: AccessToken): Promise<void> {
    await this.pool.query(
      'INSERT INTO access_tokens (id, user_id, name, token_hash, role, project_ids, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [t.id, t.userId, t.name, t.tokenHash, t.role, t.projectIds, t.expiresAt, t.createdAt],
    );
  }

  async findTokenByHash(tokenHash: string): Promise<AccessToken | undefined> {
    const [row] = await this.rows<TokenRow>('SELECT * FROM access_tokens WHERE token_hash = $1', [tokenHash]);
    return row && toToken(row);
  }

  async listTokens(userId: string): Promise<AccessToken[]> {
    return (await this.rows<TokenRow>('SELECT * FROM access_tokens WHERE user_id = $1 ORDER BY created_at, id', [userId])).map(toToken);
  }

  async deleteToken(userId: string, id: string): Promise<boolean> {
    return (await this.changed('DELETE FROM access_tokens WHERE user_id = $1 AND id = $2', [userId, id])) > 0;
  }

  async recordFailedSignIn(keys: string[], at: string, forgetBefore: string): Promise<void> {
    await this.pool.query(
      'WITH forgotten AS (DELETE FROM sign_in_failures WHERE at < $3) INSERT INTO sign_in_failures (key, at) SELECT k, $2 FROM unnest($1::text[]) AS k',
      [keys, at, forgetBefore],
    );
  }

  async failedSignIns(key: string, since: string): Promise<{ count: number; oldest: string | null }> {
    const [row] = await this.rows<{ n: string; oldest: Date | null }>(
      'SELECT count(*) AS n, min(at) AS oldest FROM sign_in_failures WHERE key = $1 AND at >= $2',
      [key, since],
    );
    return { count: Number(row!.n), oldest: row!.oldest && iso(row!.oldest) };
  }

  async addAudit(e: AuditEntry): Promise<void> {
    await this.pool.query(
      'INSERT INTO audit_log (id, project_id, at, actor_type, actor_id, actor_email, action, target, ip, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [e.id, e.projectId, e.at, e.actor.type, e.actor.id ?? null, e.actor.email ?? null, e.action, e.target, e.ip, e.detail ? JSON.stringify(e.detail) : null],
    );
  }

  async countAudit(projectId: string | null): Promise<number> {
    const [row] = await this.rows<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE ${auditScope(projectId)}`, [projectId]);
    return Number(row!.n);
  }

  async listAudit(projectId: string | null, slice: AuditSlice): Promise<AuditEntry[]> {
    const rows =
      'beforeId' in slice
        ? await this.rows<AuditRow>(`SELECT * FROM audit_log WHERE ${auditScope(projectId)} AND id < $2 ORDER BY id DESC LIMIT $3`, [
            projectId,
            slice.beforeId,
            slice.limit,
          ])
        : await this.rows<AuditRow>(`SELECT * FROM audit_log WHERE ${auditScope(projectId)} ORDER BY id DESC LIMIT $2 OFFSET $3`, [
            projectId,
            slice.limit,
            slice.offset,
          ]);
    return rows.map(toAudit);
  }

  async createInvitation(i: Invitation): Promise<void> {
    await this.pool.query(
      'INSERT INTO invitations (id, project_id, email, role, invited_by, created_at, expires_at, mailed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [i.id, i.projectId, i.email, i.role, i.invitedBy, i.createdAt, i.expiresAt, i.mailed === true],
    );
  }

  async getInvitation(id: string): Promise<Invitation | undefined> {
    const [row] = await this.rows<InvitationRow>('SELECT * FROM invitations WHERE id = $1', [id]);
    return row && toInvitation(row);
  }

  async listInvitations(projectId: string): Promise<Invitation[]> {
    return (await this.rows<InvitationRow>('SELECT * FROM invitations WHERE project_id = $1 AND accepted_at IS NULL ORDER BY created_at, id', [projectId])).map(
      toInvitation,
    );
  }

  async deleteInvitation(projectId: string, id: string): Promise<boolean> {
    return (await this.changed('DELETE FROM invitations WHERE project_id = $1 AND id = $2', [projectId, id])) > 0;
  }

  async markInvitationAccepted(id: string, at: string): Promise<boolean> {
    return (await this.changed('UPDATE invitations SET accepted_at = $1 WHERE id = $2 AND accepted_at IS NULL', [at, id])) > 0;
  }
}
