import { performance } from 'node:perf_hooks';
import type { AssetLedger } from './asset-ledger.js';
import type { ListingBody, LoadClient } from './load-client.js';

/** One page as a walk read it, with when it was asked for and answered. */
interface WalkPage {
  /** The cursor the page was asked with; null for the first page. */
  cursor: string | null;
  sentAt: number;
  doneAt: number;
  ids: string[];
}

/** A cursor walk over the public listing, recorded to be judged once every change is answered. */
export interface CursorWalk {
  startedAt: number;
  endedAt: number;
  pages: WalkPage[];
}

/** What a walk got wrong, judged against the ledger. */
export interface WalkVerdict {
  pages: number;
  listed: number;
  /** Assets certainly public throughout the walk: each must be listed exactly once. */
  required: number;
  missing: string[];
  /** Ids listed again or out of ascending order. */
  outOfOrder: string[];
  /** Ids listed although they could not have been public while their page was read. */
  unexpected: string[];
}

/**
 * Walks the whole public listing page by page with `start_cursor`, `limit` assets a page. With
 * several clients (processes of one deployment) each page goes to the next one in turn.
 */
export async function walkWithCursors(clients: LoadClient[], alias: string, key: string, limit: number): Promise<CursorWalk> {
  const pages: WalkPage[] = [];
  const startedAt = performance.now();
  let cursor: string | null = null;
  for (;;) {
    const query: string = cursor === null ? `?limit=${limit}` : `?limit=${limit}&start_cursor=${encodeURIComponent(cursor)}`;
    const client = clients[pages.length % clients.length]!;
    const sentAt = performance.now();
    const { status, body } = await client.publicListing(alias, query, key);
    const doneAt = performance.now();
    if (status !== 200) throw new Error(`cursor walk: page ${pages.length + 1} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    const page = body as ListingBody;
    pages.push({ cursor, sentAt, doneAt, ids: page.results.map((r) => r.id) });
    if (!page.hasMore) break;
    if (!page.nextCursor) throw new Error(`cursor walk: page ${pages.length} has more but no nextCursor`);
    cursor = page.nextCursor;
  }
  return { startedAt, endedAt: performance.now(), pages };
}

/** Judges a walk: ascending without repeats, nothing that was not public, everything that was. */
export function judgeWalk(walk: CursorWalk, ledger: AssetLedger): WalkVerdict {
  const seen = new Set<string>();
  const outOfOrder: string[] = [];
  const unexpected: string[] = [];
  let previous = '';
  for (const page of walk.pages) {
    for (const id of page.ids) {
      if (id <= previous) outOfOrder.push(id);
      previous = id > previous ? id : previous;
      seen.add(id);
      if (!ledger.couldBePublic(id, page.sentAt, page.doneAt)) unexpected.push(id);
    }
  }
  const required = ledger.publicThroughout(walk.startedAt, walk.endedAt);
  return {
    pages: walk.pages.length,
    listed: walk.pages.reduce((n, p) => n + p.ids.length, 0),
    required: required.length,
    missing: required.filter((id) => !seen.has(id)),
    outOfOrder,
    unexpected,
  };
}
