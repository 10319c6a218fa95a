import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { cursorScope } from '../assets/listing.js';
import { parsePageQuery } from '../assets/page-query.js';
import { hashApiKey } from '../keys/api-key.js';
import type { AppContext } from './app-context.js';
import { PUBLIC_CORS } from './cors-policy.js';
import { etagOf, matchesEtag } from './etag.js';
import { pageKey } from './listing-reply.js';
import { bearerToken } from './project-param.js';
import { checkAccess } from './public-access.js';

/** `GET /api/p/{alias}/assets.json` and `/assets` with a query: the routes `publicRoutes` registers. */
const ASSET_LISTING = /^\/api\/p\/([^/?#%]+)\/(assets\.json|assets)(?:\?|$)/;
const ROUTE_URLS = { 'assets.json': '/api/p/:project/assets.json', assets: '/api/p/:project/assets' } as const;

/**
 * The headers Fastify and @fastify/cors (with the public policy, which is chosen per request and
 * so adds `Vary: Origin`) write before a listing's own, in their order.
 */
const CORS_HEADERS = { vary: 'Origin', 'access-control-allow-origin': PUBLIC_CORS.origin, 'access-control-expose-headers': PUBLIC_CORS.exposedHeaders };

/** Answers a request, or says (false) that the app must. */
export type HotPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The public asset listing's hot path, taken before Fastify routes the request: a revalidation
 * that matches (304), or a page in the page cache at the version just read. It reads what the
 * Fastify route reads for them (the project and the key, fresh, in one read) and applies the same
 * checks; anything else (an error to answer, a page to read, the whole list, a HEAD) is left to
 * the app, which answers it from the start. Its answers are the app's byte for byte (the page
 * cache's test compares them with the cache off, where every request takes the app's path).
 */
export function hotListing(ctx: AppContext): HotPath {
  return async (req, res) => {
    if (req.method !== 'GET' || !ctx.pages.enabled) return false;
    const url = req.url ?? '';
    const route = ASSET_LISTING.exec(url);
    if (!route) return false;
    const alias = route[1]!;
    const at = url.indexOf('?');
    let query;
    try {
      query = parsePageQuery(new URLSearchParams(at < 0 ? '' : url.slice(at + 1)));
    } catch {
      return false;
    }
    if (query.mode === 'all') return false;
    const listing = `${ctx.publicUrl}${ROUTE_URLS[route[2] as keyof typeof ROUTE_URLS].replace(':project', encodeURIComponent(alias))}`;
    const key = pageKey(listing, query);
    const revalidation = req.headers['if-none-match'];
    if (revalidation === undefined && !ctx.pages.has(key)) return false;

    const token = bearerToken(req.headers.authorization);
    const found = await ctx.store.getProjectAccess(alias, token ? hashApiKey(token) : undefined);
    if (!found) return false;
    let project;
    try {
      project = checkAccess(found.project, token, found.keyHash);
    } catch {
      return false;
    }
    if (project.publicAssetCount === 0) return false;

    const version = `a${project.contentVersion}`;
    const etag = etagOf(version, `${listing}\n${ctx.publicUrl}`, query);
    if (matchesEtag(revalidation, etag)) {
      res.writeHead(304, { ...CORS_HEADERS, etag });
      res.end();
      return true;
    }
    const page = ctx.pages.get(key, cursorScope({ projectId: project.id, publicOnly: true }), version);
    if (!page) return false;
    const headers: OutgoingHttpHeaders = { ...CORS_HEADERS, etag, 'content-type': 'application/json; charset=utf-8' };
    if (page.link !== undefined) headers.link = page.link;
    headers['content-length'] = page.body.length;
    res.writeHead(200, headers);
    res.end(page.body);
    return true;
  };
}
