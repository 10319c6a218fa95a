import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageQuery } from '../assets/page-query.js';

/**
 * The ETag of a public answer: the version of what it shows (a counter that every write bumps)
 * and what was asked (scope, page, origin), hashed. Made from counters the request has already
 * read, so a revalidation is answered without reading the page.
 */
export function etagOf(version: string, what: string, query?: PageQuery): string {
  const hash = createHash('sha256').update(`${what}\n${JSON.stringify(query ?? null)}`).digest('base64url').slice(0, 16);
  return `"${version}-${hash}"`;
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** Sets the ETag; true when the request already has it, and the 304 has been sent. */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}
