import type { FastifyReply, FastifyRequest } from 'fastify';

/** docs/contract.md §12: the session cookie's name. */
export const SESSION_COOKIE = 'orbis_session';

/** The session id a request's cookie carries, if any. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const id = request.cookies[SESSION_COOKIE];
  return id === undefined || id === '' ? undefined : id;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, and Secure when Orbis is served over https. */
export function setSessionCookie(reply: FastifyReply, publicUrl: string, id: string, expiresAt: string): void {
  reply.setCookie(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', secure: publicUrl.startsWith('https:'), expires: new Date(expiresAt) });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: publicUrl.startsWith('https:') });
}
