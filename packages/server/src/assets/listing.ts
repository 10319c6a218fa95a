import type { AssetScope, ListedRecord, Store } from '../store/store.js';
import { type CursorCodec, InvalidCursorError } from './cursor.js';
import type { PageQuery } from './page-query.js';

/** One page of a listing, before it becomes JSON. */
export interface ListingPage {
  results: ListedRecord[];
  totalCount: number;
  hasMore: boolean;
  limit: number;
  nextCursor: string | null;
  /** Page and offset modes only. */
  page?: number;
  offset?: number;
}

export type PagedQuery = Exclude<PageQuery, { mode: 'all' }>;

/**
 * Reads one page of a scope. It reads one asset past the page to learn `hasMore` without
 * counting; `totalCount` is the scope's maintained count, from the project row the request read.
 */
export async function readPage(
  store: Store,
  cursors: CursorCodec,
  scope: AssetScope,
  totalCount: number,
  query: PagedQuery,
): Promise<ListingPage> {
  let rows: ListedRecord[];
  if (query.mode === 'cursor') {
    const position = cursors.decode(query.cursor);
    if (position.projectId !== scope.projectId) throw new InvalidCursorError();
    rows = await store.listRecords(scope, { afterId: position.afterId, limit: query.limit + 1 });
  } else if (query.offset >= totalCount) {
    // An offset walks the index entry by entry: one past the end would walk all of it for nothing.
    rows = [];
  } else {
    rows = await store.listRecords(scope, { offset: query.offset, limit: query.limit + 1 });
  }
  const hasMore = rows.length > query.limit;
  const results = hasMore ? rows.slice(0, query.limit) : rows;
  const last = results[results.length - 1];
  const nextCursor = hasMore && last ? cursors.encode({ projectId: scope.projectId, afterId: last.id }) : null;
  const page: ListingPage = { results, totalCount, hasMore, limit: query.limit, nextCursor };
  if (query.mode !== 'cursor') {
    page.page = query.page;
    page.offset = query.offset;
  }
  return page;
}

/** The query string of the next page, in the same mode as this one. */
export function nextPageQuery(query: PagedQuery, page: ListingPage): URLSearchParams | undefined {
  if (!page.hasMore) return undefined;
  const next = new URLSearchParams();
  if (query.mode === 'cursor') next.set('start_cursor', page.nextCursor!);
  else if (query.mode === 'offset') next.set('offset', String(query.offset + query.limit));
  else next.set('page', String(query.page + 1));
  next.set('limit', String(query.limit));
  return next;
}
