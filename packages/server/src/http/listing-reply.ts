import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AssetRecord, assetRecord } from '../assets/asset-record.js';
import { nextPageQuery, readPage } from '../assets/listing.js';
import { type PageQuery, parsePageQuery } from '../assets/page-query.js';
import type { AssetScope, ListedAsset, Project } from '../store/store.js';
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

export async function* streamBody(
  assets: AsyncIterable<ListedAsset>,
  toRecord: (a: ListedAsset) => AssetRecord,
): AsyncIterable<string> {
  let chunk = '{"results":[';
  let count = 0;
  for await (const asset of assets) {
    chunk += (count === 0 ? '' : ',') + JSON.stringify(toRecord(asset));
    count += 1;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  // The count of what was streamed, so the body is consistent even if assets changed meanwhile.
  yield `${chunk}],"totalCount":${count}}`;
}

/** Sends a listing: the streamed whole list, or one page with its `Link` header. */
export async function sendListing(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Project,
  query: PageQuery,
  publicOnly: boolean,
): Promise<FastifyReply> {
  const scope: AssetScope = { projectId: project.id, publicOnly };
  const toRecord = (a: ListedAsset) => assetRecord(a, ctx.publicUrl, project.alias, !publicOnly);
  reply.type('application/json; charset=utf-8');
  if (query.mode === 'all') {
    return reply.send(Readable.from(streamBody(ctx.store.streamAssets(scope), toRecord)));
  }
  const page = await readPage(ctx.store, ctx.cursors, scope, query);
  const next = nextPageQuery(query, page);
  if (next) {
    // Built from the route and the alias, never from the request target, which the client chose.
    const path = (request.routeOptions.url ?? '').replace(':project', encodeURIComponent(project.alias));
    reply.header('Link', `<${ctx.publicUrl}${path}?${next.toString()}>; rel="next"`);
  }
  const body: Record<string, unknown> = {
    results: page.results.map(toRecord),
    totalCount: page.totalCount,
    hasMore: page.hasMore,
    limit: page.limit,
    nextCursor: page.nextCursor,
  };
  if (page.page !== undefined) {
    body.page = page.page;
    body.offset = page.offset;
  }
  return reply.send(JSON.stringify(body));
}
