import { checkDisplayText } from '../display-text.js';
import { InputError } from '../input-error.js';
import { newId } from '../records/ids.js';
import { isRole, type Role } from '@orbis/scene/roles';
import type { AccessToken, AccountStore, User } from '../store/account-store.js';
import type { Store } from '../store/store.js';
import type { TokenRecord } from '@orbis/scene/roles';
import { type Clock, isoAt, systemClock } from './clock.js';
import { hashSecret, newSecret } from './secret-token.js';

/** docs/contract.md §12: a personal access token is `orbis_pat_` and at least 40 random characters. */
export const ACCESS_TOKEN_PREFIX = 'orbis_pat_';

/** A live token with the user it acts as. */
export interface TokenHolder {
  user: User;
  token: AccessToken;
}

/** Personal access tokens: shown once, kept as a hash, limited to projects, a role and a time. */
export class TokenService {
  private readonly accounts: AccountStore;

  constructor(
    private readonly store: Store,
    private readonly now: Clock = systemClock,
  ) {
    this.accounts = store.accounts;
  }

  /** Makes a token for `user`; the answer is the only place its secret is ever shown. */
  async create(
    user: User,
    input: { name?: unknown; expiresAt?: unknown; projects?: unknown; role?: unknown },
  ): Promise<{ id: string; name: string; token: string; expiresAt: string | null }> {
    const name = checkDisplayText(input.name, 'name', { max: 100 });
    let expiresAt: string | null = null;
    if (input.expiresAt !== undefined && input.expiresAt !== null) {
      const ms = typeof input.expiresAt === 'string' ? Date.parse(input.expiresAt) : NaN;
      if (!Number.isFinite(ms) || ms <= this.now()) throw new InputError('expiresAt', 'expiresAt must be a date and time (ISO 8601) in the future');
      expiresAt = isoAt(ms);
    }
    if (input.role !== undefined && !isRole(input.role)) throw new InputError('role', 'role must be one of reader, writer, maintainer, owner');
    let projectIds: string[] | null = null;
    if (input.projects !== undefined) {
      if (!Array.isArray(input.projects) || input.projects.some((a) => typeof a !== 'string'))
        throw new InputError('projects', 'projects must be a list of project aliases');
      projectIds = [];
      for (const alias of new Set(input.projects as string[])) {
        const project = await this.store.getProjectByAlias(alias);
        // A project the user is not a member of is answered as one that does not exist: a private
        // project's alias must not be found out by trying it here (it was a 201 against a 400).
        if (!project || !(await this.accounts.getRole(project.id, user.id))) throw new InputError('projects', `project "${alias.slice(0, 80)}" does not exist`);
        projectIds.push(project.id);
      }
    }
    const token = newSecret(ACCESS_TOKEN_PREFIX);
    const id = newId();
    await this.accounts.createToken({
      id,
      userId: user.id,
      name,
      tokenHash: hashSecret(token),
      role: (input.role as Role | undefined) ?? null,
      projectIds,
      expiresAt,
      createdAt: isoAt(this.now()),
    });
    return { id, name, token, expiresAt };
  }

  /** The live token a secret names, with its user; undefined when unknown, expired, or its user is gone. */
  async resolve(secret: string): Promise<TokenHolder | undefined> {
    const token = await this.accounts.findTokenByHash(hashSecret(secret));
    if (!token || (token.expiresAt !== null && Date.parse(token.expiresAt) <= this.now())) return undefined;
    const user = await this.accounts.getUser(token.userId);
    return user && { user, token };
  }

  async list(user: User): Promise<TokenRecord[]> {
    const tokens = await this.accounts.listTokens(user.id);
    const aliases = new Map((await this.accounts.listMemberships(user.id)).map((m) => [m.projectId, m.alias]));
    return tokens.map((t) => ({
      id: t.id,
      name: t.name,
      role: t.role,
      projects: t.projectIds && t.projectIds.map((id) => aliases.get(id) ?? id),
      expiresAt: t.expiresAt,
      createdAt: t.createdAt,
    }));
  }

  revoke(user: User, id: string): Promise<boolean> {
    return this.accounts.deleteToken(user.id, id);
  }
}
