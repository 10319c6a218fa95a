import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageQuery } from '../../assets/page-query.js';
import { ENCODINGS } from './compressible.js';

/**
 * The ETag of a public answer: the version of what it shows (a counter that every write bumps)
 * and what was asked (scope, page, origin), hashed. Made from counters the request has already
 * read, so a revalidation is answered without reading the page.
 */
export function etagOf(version: string, what: string, query?: PageQuery): string {
  const hash = createHash('sha256')
    .update(`${what}\n${JSON.stringify(query ?? null)}`)
    .digest('base64url')
    .slice(0, 16);
  return `"${version}-${hash}"`;
}

/**
 * The ETag of `etag`'s representation in a content coding: the same tag with the coding as a
 * suffix (`"a3-xyz"` → `"a3-xyz-br"`), so that a cache never takes one coding's bytes for another's.
 */
export function etagForEncoding(etag: string, encoding: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : `${etag}-${encoding}`;
}

/**
 * The tag of an If-None-Match header that names `etag` in any coding of ours (weak or strong, in
 * a list, or `*`), as it names it; undefined when none does. A stored answer in any coding is as
 * fresh as the identity one: its tag is the one a 304 gives back, so the client's cache updates the
 * answer it holds.
 */
export function matchingEtag(header: string | undefined, etag: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*') return etag;
    const strong = tag.replace(/^W\//, '');
    if (strong === etag || ENCODINGS.some((encoding) => strong === etagForEncoding(etag, encoding))) return strong;
  }
  return undefined;
}

/**
 * Sets the ETag; true when the request already has it (in any coding), and the 304 has been
 * sent with the tag the request named.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const matched = matchingEtag(request.headers['if-none-match'], etag);
  reply.header('ETag', matched ?? etag);
  if (matched === undefined) return false;
  reply.code(304).send();
  return true;
}
