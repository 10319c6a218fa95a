import type { FastifyReply } from 'fastify';
import type { User } from '../../store/account-store.js';
import type { AppContext } from '../app-context.js';
import { setSessionCookie } from './session-cookie.js';

/** Starts a session for `user` and sets its cookie (a password or an OpenID Connect sign-in). */
export async function signIn(ctx: AppContext, reply: FastifyReply, user: User): Promise<void> {
  const session = await ctx.auth.sessions.start(user.id);
  setSessionCookie(reply, ctx.publicUrl, session.id, session.expiresAt);
}
