import type { FastifyRequest } from 'fastify';
import type { Role } from '@orbis/scene/roles';
import type { AccessToken, AuditActor, User } from '../../store/account-store.js';
import type { Project } from '../../store/store.js';

/** Who a guarded request acts as: the operator (admin token), a user's session, or a user's token. */
export type Actor = { type: 'admin' } | { type: 'user'; user: User; sessionIdHash: string } | { type: 'token'; user: User; token: AccessToken };

/** What the guard learnt of a request: who, and on a project route, the project and the role held there. */
export interface Grant {
  actor: Actor;
  project?: Project;
  /** The role the actor holds on `project`; `owner` for the admin token. */
  role?: Role;
}

const grants = new WeakMap<FastifyRequest, Grant>();
const details = new WeakMap<FastifyRequest, Record<string, string>>();

/** What a route adds to its write's audit entry (the guard records it): what the path does not say. */
export function setAuditDetail(request: FastifyRequest, detail: Record<string, string>): void {
  details.set(request, detail);
}

export function auditDetailOf(request: FastifyRequest): Record<string, string> | undefined {
  return details.get(request);
}

export function setGrant(request: FastifyRequest, grant: Grant): void {
  grants.set(request, grant);
}

/** The grant of a request that passed the guard (`guard.ts`); a route outside it has none. */
export function grantOf(request: FastifyRequest): Grant {
  const grant = grants.get(request);
  if (!grant) throw new Error(`${request.method} ${request.routeOptions.url} is not behind the guard`);
  return grant;
}

/** The user a request acts as, or undefined for the admin token. */
export function userOf(request: FastifyRequest): User | undefined {
  const { actor } = grantOf(request);
  return actor.type === 'admin' ? undefined : actor.user;
}

/** The actor as the audit log records it. */
export function auditActor(actor: Actor): AuditActor {
  if (actor.type === 'admin') return { type: 'admin' };
  if (actor.type === 'user') return { type: 'user', id: actor.user.id, email: actor.user.email };
  return { type: 'token', id: actor.token.id, email: actor.user.email };
}
