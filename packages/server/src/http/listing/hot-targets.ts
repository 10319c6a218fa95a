import type { PagedQuery } from '../../assets/listing.js';
import { parsePageQuery } from '../../assets/page-query.js';
import { hasItemQuery } from '../../models/item-query-parser.js';
import { parseModelSegment } from './item-listing.js';
import { pageKey } from './listing-reply.js';

/** A public listing page that a request URL asks for, as the hot path needs it. */
export interface HotTarget {
  /** The project's alias, as the URL names it. */
  alias: string;
  /** The model's key for `{model}.json` and `{model}`; undefined for the asset listing. */
  model: string | undefined;
  query: PagedQuery;
  /** The listing's URL, as its route's handler makes it (the page cache's key and the ETag use it). */
  listing: string;
  /** The page cache's key of the page (`pageKey`); for a query's page, see `items`. */
  key: string;
  /**
   * A `{model}.json` page's item query (docs/content-workflow.md, "Queries"): its parameters, read
   * against the model's fields once its model is read, and the last reading (`hot-query.ts`).
   */
  items?: HotItemQuery;
}

/** The item query of a hot target: its parameters, and what they were last read as (for one version of the model). */
export interface HotItemQuery {
  search: URLSearchParams;
  resolved?: ResolvedQuery;
}

/** An item query read against a version of its model: its page's cache key and what the page depends on. */
export interface ResolvedQuery {
  /** The model's id and version it was read against (a change of the fields bumps the version). */
  stamp: string;
  /** The query's listing URL (`{model}.json?` and the query's canonical parameters), as `sendListing` makes it. */
  listing: string;
  key: string;
  scopeKey: string;
}

/**
 * `GET /api/p/{alias}/{segment}` with or without a query. An alias or segment with a `%` is left to
 * the router, which decodes it.
 */
const PUBLIC_LISTING = /^\/api\/p\/([^/?#%]+)\/([^/?#%]+)(?:\?|$)/;

/** The asset listing's routes (static, so the router prefers them to `/:model`), by their last segment. */
const ASSET_ROUTES: ReadonlyMap<string, string> = new Map([
  ['assets.json', '/assets.json'],
  ['assets', '/assets'],
]);

/**
 * The pattern of the route that would answer a listing URL the hot path answered
 * (`/api/p/:project/assets.json`, `/api/p/:project/:model`, …): the request metrics' label.
 */
export function hotRoute(url: string): string {
  const segment = PUBLIC_LISTING.exec(url)?.[2] ?? '';
  return `/api/p/:project${ASSET_ROUTES.get(segment) ?? '/:model'}`;
}

/** URLs remembered, at most; past it the memo starts again (a URL is parsed again, nothing more). */
const MEMO_ENTRIES = 4096;
/** Longer URLs are parsed every time rather than kept. */
const MEMO_URL_CHARS = 1024;

/**
 * What request URLs ask for, worked out once per distinct URL: map pages poll the same URLs, and
 * every client that walks a listing asks for the same cursors, so a URL seen once is likely seen
 * again. What a URL asks for depends on the URL and the public URL alone, so the memo is never
 * stale (it starts again if the public URL is set anew); a URL that is not a listing page is not
 * kept. Bounded by entries and by each URL's length.
 */
export class HotTargets {
  private readonly memo = new Map<string, HotTarget>();
  private publicUrl = '';

  /** The page `url` asks for, or undefined when it is not a page of a public listing (or its query is bad). */
  of(url: string, publicUrl: string): HotTarget | undefined {
    if (publicUrl !== this.publicUrl) {
      this.memo.clear();
      this.publicUrl = publicUrl;
    }
    const known = this.memo.get(url);
    if (known) return known;
    const target = parseTarget(url, publicUrl);
    if (target && url.length <= MEMO_URL_CHARS) {
      if (this.memo.size >= MEMO_ENTRIES) this.memo.clear();
      this.memo.set(url, target);
    }
    return target;
  }
}

function parseTarget(url: string, publicUrl: string): HotTarget | undefined {
  const route = PUBLIC_LISTING.exec(url);
  if (!route) return undefined;
  const alias = route[1]!;
  const segment = route[2]!;
  const assets = ASSET_ROUTES.get(segment);
  const model = assets === undefined ? parseModelSegment(segment) : undefined;
  if (assets === undefined && model?.format !== 'json') return undefined;
  const at = url.indexOf('?');
  const search = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  // Expanded pages are the app's to answer, and so is an asset listing with an item query's
  // parameters; a model's query page is answered once its model is read (`hot-query.ts`).
  const queried = hasItemQuery(search);
  if (search.has('expand') || (queried && assets !== undefined)) return undefined;
  let query;
  try {
    query = parsePageQuery(search);
  } catch {
    return undefined;
  }
  if (query.mode === 'all') return undefined;
  // As `listingUrl` (assets: the route's path) and `itemSource` (items: always `{key}.json`) make it.
  const listing = `${publicUrl}/api/p/${encodeURIComponent(alias)}${assets ?? `/${model!.key}.json`}`;
  const target: HotTarget = { alias, model: model?.key, query, listing, key: pageKey(listing, query) };
  if (queried) target.items = { search };
  return target;
}
