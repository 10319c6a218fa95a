import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ListingPage, nextPageQuery, type PlannedSlice, readPage } from '../assets/listing.js';
import { type PageQuery, parsePageQuery } from '../assets/page-query.js';
import { fragmentOrigin, spliceOrigin, withPublicFlag } from '../assets/record-fragment.js';
import type { AssetScope, JoinedRecords, ListedRecord, Project } from '../store/store.js';
import type { AppContext } from './app-context.js';

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

/**
 * The unpaginated list as chunks of text: `toJson` gives each record's stored JSON (see
 * `assets/record-fragment.ts`), and `finish` turns a chunk of them into final JSON.
 */
export async function* streamBody(
  records: AsyncIterable<ListedRecord>,
  toJson: (r: ListedRecord) => string,
  finish: (chunk: string) => string = (chunk) => chunk,
): AsyncIterable<string> {
  let chunk = '{"results":[';
  let count = 0;
  for await (const r of records) {
    chunk += (count === 0 ? '' : ',') + toJson(r);
    count += 1;
    if (chunk.length >= CHUNK_CHARS) {
      yield finish(chunk);
      chunk = '';
    }
  }
  // The count of what was streamed, so the body is consistent even if assets changed meanwhile.
  yield `${finish(chunk)}],"totalCount":${count}}`;
}

/** The JSON of a page: the same keys in the same order as SPEC §2 item 8, records joined as stored. */
function pageBody(page: ListingPage): string {
  let body = `{"results":[${page.results}],"totalCount":${page.totalCount},"hasMore":${page.hasMore},"limit":${page.limit},"nextCursor":${JSON.stringify(page.nextCursor)}`;
  if (page.page !== undefined) body += `,"page":${page.page},"offset":${page.offset}`;
  return `${body}}`;
}

/**
 * Sends a listing: the streamed whole list, or one page with its `Link` header. Records are the
 * stored JSON texts, joined (a page's by the database) and given the project's files URL: no
 * object or string is made per asset. `read` is the page's slice when it was read with the project.
 */
export async function sendListing(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Project,
  query: PageQuery,
  publicOnly: boolean,
  read?: { planned: PlannedSlice; records: JoinedRecords | undefined },
): Promise<FastifyReply> {
  const scope: AssetScope = { projectId: project.id, publicOnly };
  const toJson = publicOnly ? (r: ListedRecord) => r.record : (r: ListedRecord) => withPublicFlag(r.record, r.public);
  const origin = fragmentOrigin(ctx.publicUrl, project.alias);
  reply.type('application/json; charset=utf-8');
  if (query.mode === 'all') {
    return reply.send(Readable.from(streamBody(ctx.store.streamRecords(scope), toJson, (chunk) => spliceOrigin(chunk, origin))));
  }
  const count = publicOnly ? project.publicAssetCount : project.assetCount;
  const page = await readPage(ctx.store, ctx.cursors, scope, count, query, read?.planned, read?.records);
  const next = nextPageQuery(query, page);
  if (next) {
    // Built from the route and the alias, never from the request target, which the client chose.
    const path = (request.routeOptions.url ?? '').replace(':project', encodeURIComponent(project.alias));
    reply.header('Link', `<${ctx.publicUrl}${path}?${next.toString()}>; rel="next"`);
  }
  return reply.send(spliceOrigin(pageBody(page), origin));
}
