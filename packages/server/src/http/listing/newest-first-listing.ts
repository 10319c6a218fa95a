import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidCursorError } from '../../assets/cursor.js';
import type { AppContext } from '../app-context.js';
import { pageQueryOf } from './listing-reply.js';

/** Where a newest-first page starts: after skipping `offset`, or below the position a cursor named. */
export type NewestFirstSlice = { offset: number; limit: number } | { before: string; limit: number };

/**
 * A listing answered newest first with docs/contract.md §2's parameters and envelopes (the audit log, an
 * item's versions): small enough to count, read a slice at a time by position.
 */
export interface NewestFirstSource<T> {
  /** What a cursor of this listing is good for; a cursor made for another scope is refused. */
  scope: string;
  /** The listing's URL without a query, for the `Link` header. */
  url: string;
  count(): Promise<number>;
  read(slice: NewestFirstSlice): Promise<T[]>;
  /** The position of an entry, which a cursor names (entries after it are older). */
  positionOf(entry: T): string;
  record(entry: T): unknown;
}

/** The answer to a newest-first listing request: every entry, or a page with `nextCursor` and `Link`. */
export async function sendNewestFirst<T>(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, source: NewestFirstSource<T>): Promise<unknown> {
  const query = pageQueryOf(request);
  const totalCount = await source.count();
  if (query.mode === 'all') return { results: (await source.read({ offset: 0, limit: Number.MAX_SAFE_INTEGER })).map(source.record), totalCount };
  let slice: NewestFirstSlice = { offset: query.mode === 'cursor' ? 0 : query.offset, limit: query.limit + 1 };
  if (query.mode === 'cursor') {
    const position = ctx.cursors.decode(query.cursor);
    if (position.scope !== source.scope) throw new InvalidCursorError();
    slice = { before: position.afterId, limit: query.limit + 1 };
  }
  const rows = await source.read(slice);
  const hasMore = rows.length > query.limit;
  const results = rows.slice(0, query.limit);
  const nextCursor = hasMore ? ctx.cursors.encode({ scope: source.scope, afterId: source.positionOf(results[results.length - 1]!) }) : null;
  if (nextCursor) reply.header('Link', `<${source.url}?start_cursor=${encodeURIComponent(nextCursor)}&limit=${query.limit}>; rel="next"`);
  const page = query.mode === 'cursor' ? {} : { page: query.page, offset: query.offset };
  return { results: results.map(source.record), totalCount, hasMore, limit: query.limit, nextCursor, ...page };
}
