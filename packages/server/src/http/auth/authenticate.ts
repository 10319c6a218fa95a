import type { FastifyRequest } from 'fastify';
import type { LiveSession } from '../../accounts/session-service.js';
import { ACCESS_TOKEN_PREFIX } from '../../accounts/token-service.js';
import { constantTimeEqual } from '../../keys/api-key.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { bearerToken } from '../project-param.js';
import type { Actor } from './actor.js';
import { fromOwnOrigin, isWrite } from './same-origin.js';
import { sessionIdOf } from './session-cookie.js';

const NEEDS = 'the management API needs "Authorization: Bearer <admin token>", a personal access token, or a signed-in session';

/**
 * The live session a request's cookie names, if any. A write on a session must come from Orbis's
 * own origin (docs/contract.md §12, no CSRF): 403 `forbidden` otherwise.
 */
export async function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<LiveSession | undefined> {
  const sessionId = sessionIdOf(request);
  const session = sessionId === undefined ? undefined : await ctx.auth.sessions.resume(sessionId);
  if (session && isWrite(request) && !fromOwnOrigin(request, ctx.publicUrl)) {
    throw new ApiError('forbidden', "a signed-in change must come from Orbis's own pages (Origin or Sec-Fetch-Site: same-origin)");
  }
  return session;
}

/**
 * Who a request is: `Authorization: Bearer` (the admin token or a personal access token) first,
 * else the session cookie. 401 `unauthorized` for no or bad credentials.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer !== undefined) return bearerActor(ctx, bearer, request.ip);
  const session = await sessionOf(ctx, request);
  if (!session) throw new ApiError('unauthorized', NEEDS);
  return { type: 'user', user: session.user, sessionIdHash: session.idHash };
}

/**
 * Who a bearer token is: the admin token or a personal access token; 401 `unauthorized` for
 * any other, counted against the address `ip` (429 once it has guessed too often).
 */
export async function bearerActor(ctx: AppContext, bearer: string, ip: string): Promise<Actor> {
  // Checked before the token, right or wrong: a guess that is right must not pass once the address is held.
  const wait = await ctx.auth.signIns.bearerRetryAfter(ip);
  if (wait > 0) throw new ApiError('too_many_attempts', `too many wrong tokens from this address: try again in ${wait} seconds`, wait);
  if (bearer !== '' && constantTimeEqual(bearer, ctx.adminToken)) return { type: 'admin' };
  if (bearer.startsWith(ACCESS_TOKEN_PREFIX)) {
    const holder = await ctx.auth.tokens.resolve(bearer);
    if (holder) return { type: 'token', ...holder };
  }
  await ctx.auth.signIns.recordBearerFailure(ip);
  throw new ApiError('unauthorized', NEEDS);
}
