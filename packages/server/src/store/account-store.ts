import type { Role } from '@orbis/scene/roles';

/** A person who signs in. `email` is kept as given; emails compare case-insensitively. */
export interface User {
  id: string;
  email: string;
  name: string;
  /** The argon2id hash (PHC string); null for a user who signs in only through OpenID Connect. */
  passwordHash: string | null;
  createdAt: string;
  /** The language the user chose for the editor (`en`, `ja`); absent: the browser's (docs/contract.md §19). */
  language?: string;
  /**
   * Set when nobody proved that the user holds `email`: an account made from an invitation link
   * that was passed on by hand, not e-mailed. It gains nothing through that email (docs/teams.md).
   */
  unproven?: true;
}

export interface UserPatch {
  name?: string;
  passwordHash?: string;
  language?: string;
  /** The operator vouches that the email is the user's: the user is unproven no more (docs/teams.md). */
  proven?: true;
}

/** A signed-in browser. The store keeps only the hash of the cookie's id. */
export interface Session {
  idHash: string;
  userId: string;
  createdAt: string;
  lastSeenAt: string;
  /** The absolute expiry, fixed at sign-in. */
  expiresAt: string;
}

/** A user's role on a project, with who the user is. */
export interface Member {
  user: User;
  role: Role;
}

/** A project a user belongs to, by alias. */
export interface Membership {
  projectId: string;
  alias: string;
  /** The project's name, which people know it by (the alias is its address). */
  name: string;
  role: Role;
}

/** A personal access token; `tokenHash` is all that is kept of its secret. */
export interface AccessToken {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  /** The most it may do; null: as much as its user. */
  role: Role | null;
  /** The project ids it may act on; null: every project of its user. */
  projectIds: string[] | null;
  expiresAt: string | null;
  createdAt: string;
}

/** Who did a management write. */
export interface AuditActor {
  type: 'admin' | 'user' | 'token';
  id?: string;
  email?: string;
}

/** One management write. `projectId` is null for writes that concern no project (users). */
export interface AuditEntry {
  id: string;
  projectId: string | null;
  at: string;
  actor: AuditActor;
  action: string;
  target: string;
  ip: string;
  /** What the path does not say: a member's `role`, an invitee's `email`, an `invitation` id. */
  detail?: Record<string, string>;
}

/** A slice of a project's audit log, newest first: skip `offset`, or start below `beforeId`. */
export type AuditSlice = { offset: number; limit: number } | { beforeId: string; limit: number };

/** An invitation to a project for an email that has no user yet. */
export interface Invitation {
  id: string;
  projectId: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  /** Set when the link went only by e-mail to `email` (`ORBIS_SMTP_URL`): accepting it proves the address. */
  mailed?: true;
}

/**
 * Users, sessions, memberships, tokens, sign-in attempts and the audit log: what docs/contract.md §12 keeps.
 * Every implementation passes `accounts.contract.ts` unchanged. Sessions, tokens and memberships
 * of a deleted user, and memberships of a deleted project, go with them.
 */
export interface AccountStore {
  /** Throws StoreConflictError when the email (compared case-insensitively) is taken. */
  createUser(user: User): Promise<User>;
  getUser(id: string): Promise<User | undefined>;
  getUserByEmail(email: string): Promise<User | undefined>;
  /** Oldest first. */
  listUsers(): Promise<User[]>;
  updateUser(id: string, patch: UserPatch): Promise<User | undefined>;
  deleteUser(id: string): Promise<boolean>;

  createSession(session: Session): Promise<void>;
  /**
   * The live session with this id hash and its user, its `lastSeenAt` moved to `now` (on SQLite
   * not while an import's commit holds the database: left to a later request); undefined when there
   * is none, or it was last seen before `idleSince`, or it expired by `now`.
   */
  touchSession(idHash: string, now: string, idleSince: string): Promise<{ session: Session; user: User } | undefined>;
  deleteSession(idHash: string): Promise<boolean>;
  /** Ends every session of a user but `keepIdHash`'s; how many ended. */
  deleteUserSessions(userId: string, keepIdHash?: string): Promise<number>;

  /** Adds the member, or changes the role of one. */
  setMember(projectId: string, userId: string, role: Role): Promise<void>;
  getRole(projectId: string, userId: string): Promise<Role | undefined>;
  /** By email. */
  listMembers(projectId: string): Promise<Member[]>;
  removeMember(projectId: string, userId: string): Promise<boolean>;
  countOwners(projectId: string): Promise<number>;
  /** The user's projects, by alias. */
  listMemberships(userId: string): Promise<Membership[]>;

  createToken(token: AccessToken): Promise<void>;
  findTokenByHash(tokenHash: string): Promise<AccessToken | undefined>;
  /** Oldest first. */
  listTokens(userId: string): Promise<AccessToken[]>;
  deleteToken(userId: string, id: string): Promise<boolean>;

  /** Records one failed sign-in under each key (`email:…`, `ip:…`), and forgets failures before `forgetBefore`. */
  recordFailedSignIn(keys: string[], at: string, forgetBefore: string): Promise<void>;
  /** The failures under a key at or after `since`, and the oldest of them. */
  failedSignIns(key: string, since: string): Promise<{ count: number; oldest: string | null }>;

  addAudit(entry: AuditEntry): Promise<void>;
  /** `null`: the entries of no project (users, a refused password). */
  countAudit(projectId: string | null): Promise<number>;
  /** Newest first; `null`: the entries of no project. */
  listAudit(projectId: string | null, slice: AuditSlice): Promise<AuditEntry[]>;

  createInvitation(invitation: Invitation): Promise<void>;
  getInvitation(id: string): Promise<Invitation | undefined>;
  /** A project's invitations not yet accepted (expired ones too), oldest first. */
  listInvitations(projectId: string): Promise<Invitation[]>;
  /** Revokes one (accepted or not); false when the project has no such invitation. */
  deleteInvitation(projectId: string, id: string): Promise<boolean>;
  /** Marks it used, once: false when it was used already. */
  markInvitationAccepted(id: string, at: string): Promise<boolean>;
}
