import { sessionRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { userRecord } from '../../accounts/user-service.js';
import { newId } from '../../records/ids.js';
import { ApiError, errorBody } from '../transport/api-error.js';
import { InputError } from '../../input-error.js';
import type { AppContext } from '../app-context.js';
import type { Actor } from './actor.js';
import { authenticate, sessionOf } from './authenticate.js';
import { oidcRoutes } from './oidc-routes.js';
import { clearSessionCookie } from './session-cookie.js';
import { signIn } from './sign-in.js';

/** `{"user","projects"}` for `/api/auth/me`; the admin token is the owner of every project. */
async function me(ctx: AppContext, actor: Actor) {
  if (actor.type === 'admin') return { user: null, projects: (await ctx.store.listProjects()).map((p) => ({ alias: p.alias, name: p.name, role: 'owner' })) };
  const memberships = await ctx.store.accounts.listMemberships(actor.user.id);
  const projects = memberships
    .filter((m) => actor.type === 'user' || !actor.token.projectIds || actor.token.projectIds.includes(m.projectId))
    .map((m) => ({ alias: m.alias, name: m.name, role: m.role }));
  return { user: userRecord(actor.user), projects };
}

/** `/api/auth/…`: sign in with email and password or OpenID Connect, sign out, and who is signed in (docs/contract.md §12). */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  oidcRoutes(app, ctx);
  declaredRoute(app, routes.signIn, async (request, reply) => {
    const { email, password } = request.body;
    const retryAfter = await ctx.auth.signIns.retryAfter(email, request.ip);
    if (retryAfter > 0) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send(errorBody('too_many_attempts', `too many failed sign-ins: try again in ${retryAfter} seconds`));
    }
    const user = await ctx.auth.users.authenticate(email, password);
    if (!user) {
      await ctx.auth.signIns.recordFailure(email, request.ip);
      throw new ApiError('invalid_credentials', 'the email or the password is wrong');
    }
    await signIn(ctx, reply, user);
    return { user: userRecord(user) };
  });

  // The editor's sign-in page asks which ways there are: the OpenID Connect button only when one is set.
  declaredRoute(app, routes.providers, async () => ({
    password: true,
    oidc: ctx.oidc ? { name: ctx.oidc.name, url: '/api/auth/oidc/sign-in' } : null,
  }));

  declaredRoute(app, routes.signOut, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    if (session) await ctx.auth.sessions.end(session.idHash);
    clearSessionCookie(reply, ctx.publicUrl);
    return reply.code(204).send();
  });

  declaredRoute(app, routes.me, async (request) => me(ctx, await authenticate(ctx, request)));

  declaredRoute(app, routes.changeMe, async (request, reply) => {
    const session = await sessionOf(ctx, request);
    if (!session) throw new ApiError('unauthorized', 'sign in first');
    const body = request.body;
    // A wrong currentPassword is a wrong password: counted and limited as a sign-in's (docs/teams.md).
    const retryAfter = await ctx.auth.signIns.retryAfter(session.user.email, request.ip);
    if (retryAfter > 0) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send(errorBody('too_many_attempts', `too many wrong passwords: try again in ${retryAfter} seconds`));
    }
    let user;
    try {
      user = await ctx.auth.users.update(session.user, body);
    } catch (err) {
      if (err instanceof InputError && err.field === 'currentPassword') {
        await ctx.auth.signIns.recordFailure(session.user.email, request.ip);
        // In the audit log under no project: a wrong password on a live session is worth knowing of (docs/teams.md).
        await ctx.store.accounts.addAudit({
          id: newId(),
          projectId: null,
          at: new Date().toISOString(),
          actor: { type: 'user', id: session.user.id, email: session.user.email },
          action: 'user.password.refused',
          target: '/api/auth/me',
          ip: request.ip ?? 'unknown',
        });
      }
      throw err;
    }
    if (body.password !== undefined) await ctx.auth.sessions.endOthers(user.id, session.idHash);
    return me(ctx, { type: 'user', user, sessionIdHash: session.idHash });
  });
}
