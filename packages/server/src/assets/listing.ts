import type { AssetSlice, JoinedBatch, JoinedRecords, ListingScope, Store } from '../store/store.js';
import { type CursorCodec, InvalidCursorError } from './cursor.js';
import type { PageQuery } from './page-query.js';

/** One page of a listing (of assets, or of a model's items), before it becomes JSON. */
export interface ListingPage {
  /** The page's records, joined as the store joined them (see JoinedRecords). */
  results: string;
  totalCount: number;
  hasMore: boolean;
  limit: number;
  nextCursor: string | null;
  /** Page and offset modes only. */
  page?: number;
  offset?: number;
}

export type PagedQuery = Exclude<PageQuery, { mode: 'all' }>;

const NOTHING: JoinedRecords = { json: '', count: 0, lastId: undefined, hasMore: false };

/** The slice a page query reads, known before the project is, and the scope its cursor names. */
export interface PlannedSlice {
  slice: AssetSlice;
  cursorScope?: string;
}

/** What a cursor names as its listing: the project for assets, the project and model for items. */
export function cursorScope(scope: ListingScope): string {
  if (scope.modelId === undefined) return scope.projectId;
  // A query's cursors are good for that query only (docs/content-workflow.md, "Queries").
  return scope.query ? `${scope.projectId}/${scope.modelId}?${scope.query.canonical}` : `${scope.projectId}/${scope.modelId}`;
}

/** A slice of a scope: by the maintained listing's reads, or a query's. */
export function joinScope(store: Store, scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
  return scope.query && scope.modelId !== undefined
    ? store.queryRecords({ ...scope, modelId: scope.modelId, query: scope.query }, slice)
    : store.joinRecords(scope, slice);
}

/** Every record of a scope in joined batches: the maintained listing's, or a query's. */
export function streamScope(store: Store, scope: ListingScope): AsyncIterable<JoinedBatch> {
  return scope.query && scope.modelId !== undefined ? store.streamQueried({ ...scope, modelId: scope.modelId, query: scope.query }) : store.streamJoined(scope);
}

/** What a page query will read. Throws InvalidCursorError for a cursor this server did not make. */
export function planSlice(cursors: CursorCodec, query: PagedQuery): PlannedSlice {
  if (query.mode !== 'cursor') return { slice: { offset: query.offset, limit: query.limit } };
  const position = cursors.decode(query.cursor);
  return { slice: { afterId: position.afterId, limit: query.limit }, cursorScope: position.scope };
}

/**
 * Reads one page of a scope, joined by the store, unless `prefetched` holds it already (read with
 * the project, for `planned`). `totalCount` is the scope's maintained count, from the project row
 * the request read.
 */
export async function readPage(
  store: Store,
  cursors: CursorCodec,
  scope: ListingScope,
  totalCount: number,
  query: PagedQuery,
  planned: PlannedSlice = planSlice(cursors, query),
  prefetched?: JoinedRecords,
): Promise<ListingPage> {
  let slice: JoinedRecords;
  if (query.mode === 'cursor') {
    if (planned.cursorScope !== cursorScope(scope)) throw new InvalidCursorError();
    slice = prefetched ?? (await joinScope(store, scope, planned.slice));
  } else if (query.offset >= totalCount) {
    // An offset walks the index entry by entry: one past the end would walk all of it for nothing.
    slice = NOTHING;
  } else {
    slice = prefetched ?? (await joinScope(store, scope, planned.slice));
  }
  const { hasMore, lastId } = slice;
  const nextCursor = hasMore && lastId !== undefined ? cursors.encode({ scope: cursorScope(scope), afterId: lastId }) : null;
  const page: ListingPage = { results: slice.json, totalCount, hasMore, limit: query.limit, nextCursor };
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
