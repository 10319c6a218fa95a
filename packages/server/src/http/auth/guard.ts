import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId } from '../../records/ids.js';
import { lesserRole, type Role, roleAtLeast } from '@orbis/scene/roles';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { type Actor, auditActor, auditDetailOf, grantOf, setGrant } from './actor.js';
import { authenticate } from './authenticate.js';
import type { RouteDecl } from '@orbis/contract';

/** The declaration of the route a request came by: its least role and audit action. */
function ruleOf(request: FastifyRequest): RouteDecl {
  const rule = request.routeOptions.config.declared;
  if (!rule) throw new Error(`no declaration for ${request.method} ${request.routeOptions.url}`);
  return rule;
}

/** Whether a route registered as `method url` is the one `declared` says (HEAD is its GET's). */
function matches(declared: RouteDecl | undefined, method: string, url: string): boolean {
  return declared !== undefined && declared.path === url && declared.method === (method === 'HEAD' ? 'GET' : method) && declared.least !== 'anyone';
}

/** The role an actor holds on a project: a token's is its user's, at most its own role, only on its projects. */
export async function roleOn(ctx: AppContext, actor: Actor, project: Project): Promise<Role | undefined> {
  if (actor.type === 'admin') return 'owner';
  const role = await ctx.store.accounts.getRole(project.id, actor.user.id);
  if (!role || actor.type === 'user') return role;
  if (actor.token.projectIds && !actor.token.projectIds.includes(project.id)) return undefined;
  return actor.token.role ? lesserRole(role, actor.token.role) : role;
}

const notFound = (alias: string) => new ApiError('not_found', `project "${alias.slice(0, 80)}" does not exist`);

/**
 * The one place where management routes are authorized (docs/contract.md §12). Every route registered on
 * `scope` must come from its declaration in @orbis/contract (`declaredRoute`), which gives its
 * least role and audit action, or the app does not build. Each request is
 * authenticated, then held to its route's least role on the project it names: no credentials is a
 * 401, a project the user is not a member of a 404 (its existence is not revealed), too small a
 * role a 403. Every successful write is recorded in the audit log, with who, what, when and where.
 */
export function guardRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'OPTIONS' || matches(route.config?.declared, method, route.url)) continue;
      throw new Error(`${method} ${route.url} has no declaration: declare it in @orbis/contract and register it with declaredRoute`);
    }
  });

  scope.addHook('onRequest', async (request) => {
    const rule = ruleOf(request);
    const actor = await authenticate(ctx, request);
    const alias = (request.params as { project?: string }).project;
    if (alias === undefined) {
      if (rule.least === 'admin' && actor.type !== 'admin') throw new ApiError('forbidden', 'only the admin token may manage users');
      if (rule.least === 'session' && actor.type !== 'user') throw new ApiError('forbidden', 'personal access tokens are managed from a signed-in session');
      // A token scoped to some projects (or to none) acts on those only: a new project is not one of them.
      if ((rule.action === 'project.create' || rule.action === 'project.import') && actor.type === 'token' && actor.token.projectIds !== null) {
        throw new ApiError('forbidden', "this token is scoped to projects: it cannot create one (a token for all of its user's projects can)");
      }
      setGrant(request, { actor });
      return;
    }
    const project = await ctx.store.getProjectByAlias(alias);
    if (actor.type === 'admin') {
      // The operator's key: the route itself answers for a project that does not exist.
      setGrant(request, { actor, role: 'owner', ...(project ? { project } : {}) });
      return;
    }
    if (!project) throw notFound(alias);
    const role = await roleOn(ctx, actor, project);
    if (!role) throw notFound(alias);
    if (rule.least === 'signed-in' || rule.least === 'session' || rule.least === 'admin' || rule.least === 'anyone')
      throw new Error(`${request.method} ${request.routeOptions.url} names a project but no least role`);
    if (!roleAtLeast(role, rule.least)) {
      throw new ApiError(
        'forbidden',
        `this needs the role ${rule.least} or above on project "${project.alias}"; ${actor.type === 'token' ? 'this token acts' : 'you are'} ${role}`,
      );
    }
    setGrant(request, { actor, project, role });
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const rule = ruleOf(request);
    if (!rule.action || reply.statusCode >= 400) return payload;
    const grant = grantOf(request);
    const detail = auditDetailOf(request);
    let projectId = grant.project?.id ?? null;
    if (rule.action === 'project.create') {
      const body: unknown = request.body;
      const alias = body !== null && typeof body === 'object' && 'alias' in body ? body.alias : undefined;
      projectId = (await ctx.store.getProjectByAlias(String(alias)))?.id ?? null;
    }
    await ctx.store.accounts.addAudit({
      id: newId(),
      projectId,
      at: new Date().toISOString(),
      actor: auditActor(grant.actor),
      action: rule.action,
      target: request.url.split('?')[0]!,
      // A socket closed before the answer has no address left (Node drops it): the write still counts.
      ip: request.ip ?? 'unknown',
      ...(detail ? { detail } : {}),
    });
    return payload;
  });
}
