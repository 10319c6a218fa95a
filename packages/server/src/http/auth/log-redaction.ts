import type { FastifyServerOptions } from 'fastify';

/**
 * The secrets that can stand in a URL: an invitation's id, in its accept route and in its link; and
 * what an OpenID Connect provider sends back to the callback (the authorization code, the state
 * that ties it to the browser's sign-in, and any token a provider adds).
 */
const SECRETS_IN_URLS: [RegExp, string][] = [
  [/(\/api\/auth\/invitations\/)[^/?#]+/g, '$1…'],
  [/([?&]invitation=)[^&#]+/g, '$1…'],
];
const OIDC_CALLBACK = '/api/auth/oidc/callback';
const OIDC_SECRETS: RegExp = /([?&](?:code|state|session_state|id_token|access_token)=)[^&#]+/g;

/** A URL fit for a log line: every secret it may hold masked. */
export function redactUrl(url: string): string {
  const masked = SECRETS_IN_URLS.reduce((u, [pattern, mask]) => u.replace(pattern, mask), url);
  return masked.startsWith(OIDC_CALLBACK) ? masked.replace(OIDC_SECRETS, '$1…') : masked;
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
 * The app's logger settings with Fastify's own `req` fields, the URL masked (docs/contract.md §12: no log
 * line holds a password, session id, token or key; headers and bodies are not logged at all).
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : (logger as Record<string, unknown> & { serializers?: Record<string, unknown> });
  const req = (r: LoggedRequest) => ({
    method: r.method,
    url: redactUrl(r.url),
    version: r.headers?.['accept-version'],
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  });
  return { ...options, serializers: { ...options.serializers, req } } as FastifyServerOptions['logger'];
}
