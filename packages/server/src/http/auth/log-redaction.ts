import type { FastifyServerOptions } from 'fastify';

/** The secrets that can stand in a URL: an invitation's id, in its accept route and in its link. */
const SECRETS_IN_URLS: [RegExp, string][] = [
  [/(\/api\/auth\/invitations\/)[^/?#]+/g, '$1…'],
  [/([?&]invitation=)[^&#]+/g, '$1…'],
];

/** A URL fit for a log line: every secret it may hold masked. */
export function redactUrl(url: string): string {
  return SECRETS_IN_URLS.reduce((u, [pattern, mask]) => u.replace(pattern, mask), url);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/**
 * The app's logger settings with Fastify's own `req` fields, the URL masked (SPEC §12: no log
 * line holds a password, session id, token or key; headers and bodies are not logged at all).
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : (logger as Record<string, unknown> & { serializers?: Record<string, unknown> });
  const req = (r: LoggedRequest) => ({ method: r.method, url: redactUrl(r.url), version: r.headers?.['accept-version'], host: r.host, remoteAddress: r.ip, remotePort: r.socket?.remotePort });
  return { ...options, serializers: { ...options.serializers, req } } as FastifyServerOptions['logger'];
}
