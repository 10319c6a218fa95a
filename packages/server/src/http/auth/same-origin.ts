import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request changes something (docs/contract.md §12: any method but GET, HEAD, OPTIONS). */
export function isWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

/**
 * Whether a request comes from Orbis's own pages (docs/contract.md §12): `Origin` is the public URL's origin,
 * or the browser says `Sec-Fetch-Site: same-origin`. A cross-site form or script has neither.
 */
export function fromOwnOrigin(request: Pick<FastifyRequest, 'headers'>, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin === new URL(publicUrl).origin;
}
