import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ListingPage, nextPageQuery, type PlannedSlice, readPage } from '../assets/listing.js';
import { type PageQuery, parsePageQuery } from '../assets/page-query.js';
import { fragmentOrigin, spliceOrigin, withPublicFlag } from '../assets/record-fragment.js';
import type { JoinedRecords, ListedRecord, ListingScope, Project } from '../store/store.js';
import type { AppContext } from './app-context.js';
import { answeredNotModified, etagOf } from './etag.js';

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
 * The unpaginated list as chunks of text: `toJson` gives each record's stored JSON (see
 * `assets/record-fragment.ts`), and `finish` turns a chunk of them into final JSON.
 */
export async function* streamBody(records: AsyncIterable<ListedRecord>, toJson: (r: ListedRecord) => string, finish: Finish = (chunk) => chunk): AsyncIterable<string> {
  let chunk = '{"results":[';
  let count = 0;
  for await (const r of records) {
    chunk += (count === 0 ? '' : ',') + toJson(r);
    count += 1;
    if (chunk.length >= CHUNK_CHARS) {
      yield await finish(chunk);
      chunk = '';
    }
  }
  // The count of what was streamed, so the body is consistent even if entries changed meanwhile.
  yield `${await finish(chunk)}],"totalCount":${count}}`;
}

/** The JSON of a page: the same keys in the same order as SPEC §2 item 8, records joined as stored. */
function pageBody(page: ListingPage): string {
  let body = `{"results":[${page.results}],"totalCount":${page.totalCount},"hasMore":${page.hasMore},"limit":${page.limit},"nextCursor":${JSON.stringify(page.nextCursor)}`;
  if (page.page !== undefined) body += `,"page":${page.page},"offset":${page.offset}`;
  return `${body}}`;
}

/**
 * What a listing lists, for the one engine that answers assets and items alike: its scope, its
 * maintained count, how its stored records become final JSON, where its next page is, and (on the
 * public API) the version its ETag is made from.
 */
export interface ListingSource {
  scope: ListingScope;
  totalCount: number;
  finish: Finish;
  /** The listing's URL without a query, for the `Link` header. */
  url: string;
  /** The version of what the listing shows; public listings only. */
  etagVersion?: string;
}

/** The source of a project's asset listing (its records carry the project's files URL). */
export function assetSource(ctx: AppContext, request: FastifyRequest, project: Project, publicOnly: boolean): ListingSource {
  const origin = fragmentOrigin(ctx.publicUrl, project.alias);
  // Built from the route and the alias, never from the request target, which the client chose.
  const path = (request.routeOptions.url ?? '').replace(':project', encodeURIComponent(project.alias));
  return {
    scope: { projectId: project.id, publicOnly },
    totalCount: publicOnly ? project.publicAssetCount : project.assetCount,
    finish: (chunk) => spliceOrigin(chunk, origin),
    url: `${ctx.publicUrl}${path}`,
    etagVersion: publicOnly ? `a${project.contentVersion}` : undefined,
  };
}

/**
 * Sends a listing: the streamed whole list, or one page with its `Link` header. Records are the
 * stored JSON texts, joined (a page's by the database) and finished per chunk: no object or string
 * is made per entry. `read` is the page's slice when it was read with the project. A public
 * listing has an ETag, and a request that names it gets a 304 before any record is read.
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
  if (source.etagVersion !== undefined && answeredNotModified(request, reply, etagOf(source.etagVersion, `${source.url}\n${ctx.publicUrl}`, query))) return reply;
  const toJson = scope.publicOnly ? (r: ListedRecord) => r.record : (r: ListedRecord) => withPublicFlag(r.record, r.public);
  reply.type('application/json; charset=utf-8');
  if (query.mode === 'all') return reply.send(Readable.from(streamBody(ctx.store.streamRecords(scope), toJson, source.finish)));
  const page = await readPage(ctx.store, ctx.cursors, scope, source.totalCount, query, read?.planned, read?.records);
  const next = nextPageQuery(query, page);
  if (next) reply.header('Link', `<${source.url}?${next.toString()}>; rel="next"`);
  return reply.send(await source.finish(pageBody(page)));
}
