import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cursorScope, type ListingPage, nextPageQuery, type PagedQuery, type PlannedSlice, readPage, streamScope } from '../../assets/listing.js';
import { type PageQuery, parsePageQuery } from '../../assets/page-query.js';
import { fragmentOrigin, spliceOrigin } from '../../records/record-fragment.js';
import type { JoinedBatch, JoinedRecords, ListingScope, Project } from '../../store/store.js';
import type { AppContext } from '../app-context.js';
import type { Encoding } from '../transport/compressible.js';
import { whenCompressed } from '../transport/compression.js';
import { answeredNotModified, etagOf } from '../transport/etag.js';

/** Streamed output is flushed in chunks of about this many characters. */
export const CHUNK_CHARS = 64 * 1024;

export function queryOf(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
}

/** Parses the pagination parameters of a listing request (400 on bad ones). */
export function pageQueryOf(request: FastifyRequest): PageQuery {
  return parsePageQuery(queryOf(request));
}

/** Turns a chunk of joined stored records into final JSON. */
export type Finish = (chunk: string) => string | Promise<string>;

/**
 * The unpaginated list as chunks of text: `batches` are the stored records joined by the
 * database (see `Store.streamJoined`), and `finish` turns a chunk of them into final JSON.
 */
export async function* streamBody(batches: AsyncIterable<JoinedBatch>, finish: Finish = (chunk) => chunk): AsyncIterable<string> {
  let chunk = '{"results":[';
  let count = 0;
  for await (const batch of batches) {
    chunk += (count === 0 ? '' : ',') + batch.json;
    count += batch.count;
    if (chunk.length >= CHUNK_CHARS) {
      yield await finish(chunk);
      chunk = '';
    }
  }
  // The count of what was streamed, so the body is consistent even if entries changed meanwhile.
  yield `${await finish(chunk)}],"totalCount":${count}}`;
}

/** The JSON of a page: the same keys in the same order as docs/contract.md §2 item 8, records joined as stored. */
function pageBody(page: ListingPage): string {
  let body = `{"results":[${page.results}],"totalCount":${page.totalCount},"hasMore":${page.hasMore},"limit":${page.limit},"nextCursor":${JSON.stringify(page.nextCursor)}`;
  if (page.page !== undefined) body += `,"page":${page.page},"offset":${page.offset}`;
  return `${body}}`;
}

/**
 * What a listing lists, for the one engine that answers assets and items alike: its scope, its
 * maintained count, how its stored records become final JSON, where its next page is, and the
 * version of what it shows (a counter that every write to it bumps, read with the request).
 */
export interface ListingSource {
  scope: ListingScope;
  /** The scope's maintained count, or how to count it (a query's matches), done only when a page is read. */
  totalCount: number | (() => Promise<number>);
  finish: Finish;
  /** The listing's URL without a query, for the `Link` header. */
  url: string;
  /** The version of what the listing shows: the page cache's, and on the public API the ETag's. */
  version: string;
  /** Whether answers carry an ETag (public listings). */
  etag: boolean;
}

/** A source's total count: maintained, or counted now. */
export async function countOf(source: ListingSource): Promise<number> {
  return typeof source.totalCount === 'number' ? source.totalCount : source.totalCount();
}

/** The version a project's public asset answers show: a counter that every write to its assets bumps. */
export function assetVersion(project: Project): string {
  return `a${project.contentVersion}`;
}

/** The source of a project's asset listing (its records carry the project's files URL). */
export function assetSource(ctx: AppContext, request: FastifyRequest, project: Project, publicOnly: boolean): ListingSource {
  const origin = fragmentOrigin(ctx.publicUrl, project.alias);
  return {
    scope: { projectId: project.id, publicOnly },
    totalCount: publicOnly ? project.publicAssetCount : project.assetCount,
    finish: (chunk) => spliceOrigin(chunk, origin),
    url: listingUrl(ctx, request, project.alias),
    version: assetVersion(project),
    etag: publicOnly,
  };
}

/** A route's listing URL for a project: built from the route and the alias, never from the request target, which the client chose. */
export function listingUrl(ctx: AppContext, request: FastifyRequest, alias: string): string {
  return `${ctx.publicUrl}${(request.routeOptions.url ?? '').replace(':project', encodeURIComponent(alias))}`;
}

/** The page cache's key of a page: the listing's URL (which names its scope) and the page asked for. */
export function pageKey(url: string, query: PagedQuery): string {
  return query.mode === 'cursor'
    ? `${url}\nc${query.limit}\n${query.cursor}`
    : `${url}\n${query.mode === 'offset' ? 'o' : 'p'}${query.limit}\n${query.page}\n${query.offset}`;
}

/** The page cache's key of a page's copy in a coding, made by @fastify/compress (`whenCompressed`). */
export function encodedPageKey(key: string, encoding: Encoding): string {
  return `${key}\n${encoding}`;
}

/**
 * Sends a listing: the streamed whole list, or one page with its `Link` header. Records are the
 * stored JSON texts, joined (a page's by the database) and finished per chunk: no object or string
 * is made per entry. `read` is the page's slice when it was read with the project. A public
 * listing has an ETag, and a request that names it gets a 304 before any record is read. A page
 * answered before at the same version comes from the page cache, without reading the database.
 */
export async function sendListing(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  source: ListingSource,
  query: PageQuery,
  read?: { planned: PlannedSlice; records: JoinedRecords | undefined },
): Promise<FastifyReply> {
  const { scope } = source;
  // A query's answers are its own: its parameters go into the cache key, the ETag and the links.
  const asked = scope.query ? `${source.url}?${scope.query.canonical}` : source.url;
  const key = ctx.pages.enabled && query.mode !== 'all' ? pageKey(asked, query) : undefined;
  const scopeKey = cursorScope(scope);
  const cached = key === undefined ? undefined : ctx.pages.get(key, scopeKey, source.version);
  // A cached page's ETag was made from this version and what its key names: the same as below.
  const etag = source.etag ? (cached?.etag ?? etagOf(source.version, `${asked}\n${ctx.publicUrl}`, query)) : undefined;
  if (etag !== undefined && answeredNotModified(request, reply, etag)) return reply;
  reply.type('application/json; charset=utf-8');
  if (query.mode === 'all') {
    // One chunk read ahead, not Readable.from's 16: queued chunks outlive the young generation
    // and cost the old one's collector (about 15% more CPU per MB in back-to-back runs).
    return reply.send(Readable.from(streamBody(streamScope(ctx.store, scope), source.finish), { highWaterMark: 1 }));
  }
  // A public page's compressed copy is kept beside it, for the hot path to send (`hot-listing.ts`).
  const keepCompressed = (link: string | undefined) => {
    if (key !== undefined && source.etag)
      whenCompressed(reply, (encoding, body, tagged) =>
        ctx.pages.set(encodedPageKey(key, encoding), { scopeKey, version: source.version, body, link, etag: tagged }),
      );
  };
  if (cached) {
    if (cached.link !== undefined) reply.header('Link', cached.link);
    keepCompressed(cached.link);
    return reply.send(cached.body);
  }
  const page = await readPage(ctx.store, ctx.cursors, scope, await countOf(source), query, read?.planned, read?.records);
  const next = nextPageQuery(query, page);
  const link = next ? `<${source.url}?${scope.query ? `${scope.query.canonical}&` : ''}${next.toString()}>; rel="next"` : undefined;
  if (link !== undefined) reply.header('Link', link);
  const body = Buffer.from(await source.finish(pageBody(page)));
  if (key !== undefined) ctx.pages.set(key, { scopeKey, version: source.version, body, link, etag });
  keepCompressed(link);
  return reply.send(body);
}
