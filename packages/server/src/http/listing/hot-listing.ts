import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { cursorScope } from '../../assets/listing.js';
import { hashApiKey } from '../../keys/api-key.js';
import type { Project } from '../../store/store.js';
import type { AppContext } from '../app-context.js';
import { PUBLIC_CORS } from '../transport/cors-policy.js';
import { MIN_COMPRESSED_BYTES, negotiatedEncoding } from '../transport/compressible.js';
import { etagOf, matchingEtag } from '../transport/etag.js';
import type { HotRequestLog } from './hot-log.js';
import { resolveQuery } from './hot-query.js';
import { type HotTarget, HotTargets } from './hot-targets.js';
import { modelVersion } from './item-listing.js';
import { assetVersion, encodedPageKey } from './listing-reply.js';
import { bearerToken } from '../project-param.js';
import { checkAccess } from '../public-access.js';

/**
 * The headers Fastify and @fastify/cors (with the public policy, which is chosen per request and
 * so adds `Vary: Origin`) write before a listing's own, in their order, with `compression.ts`'s
 * `Vary: Accept-Encoding`.
 */
const CORS_HEADERS = {
  vary: 'Origin, accept-encoding',
  'access-control-allow-origin': PUBLIC_CORS.origin,
  'access-control-expose-headers': PUBLIC_CORS.exposedHeaders,
};

/** Answers a request, or says (false) that the app must. */
export type HotPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** What a page's answer depends on besides its URL: the scope it lists and its version, read fresh; its cache key and listing URL. */
interface Fresh {
  scopeKey: string;
  version: string;
  key: string;
  listing: string;
}

/**
 * The public listings' hot path, taken before Fastify routes the request: for `assets.json`
 * (`assets`) and `{model}.json` (`{model}`) pages, a query's too (its parameters read against the
 * model just read, as the route reads them), a revalidation that matches (304), or a page in
 * the page cache at the version just read (in the coding the client accepts, as the app's
 * @fastify/compress made it). It reads what the routes read for them (the project and
 * the key, fresh, in one read; the model) and applies the same checks; anything else (an error to
 * answer, a page to read or to compress for the first time, the whole list, a HEAD) is left to the app, which answers it from the
 * start. Its answers are the app's byte for byte (the page cache's test compares them with the
 * cache off, where every request takes the app's path), and with `log` it logs them as the app's
 * request logging does.
 */
export function hotListing(ctx: AppContext, log?: HotRequestLog): HotPath {
  const targets = new HotTargets();
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || !ctx.pages.enabled) return false;
    const startedAt = performance.now();
    const target = targets.of(req.url ?? '', ctx.publicUrl);
    if (!target) return false;
    const revalidation = req.headers['if-none-match'];
    // A query's page is known by the key it had when last read against its model (`hot-query.ts`),
    // checked again below; a query not read yet (or that did not read) is read with the model.
    const known = target.items ? target.items.resolved?.key : target.key;
    if (revalidation === undefined && known !== undefined && !ctx.pages.has(known)) return false;

    const fresh = await freshState(ctx, req, target);
    if (!fresh) return false;
    const page = ctx.pages.get(fresh.key, fresh.scopeKey, fresh.version);
    // A cached page's ETag was made from this version and what its key names: the same as this.
    const etag = page?.etag ?? etagOf(fresh.version, `${fresh.listing}\n${ctx.publicUrl}`, target.query);
    const matched = matchingEtag(revalidation, etag);
    if (matched !== undefined) {
      log?.(req, res, startedAt);
      res.writeHead(304, { ...CORS_HEADERS, etag: matched });
      res.end();
      return true;
    }
    if (!page) return false;
    // A page that goes compressed goes as @fastify/compress made it for the app (`whenCompressed`),
    // once per version; until the app has made it, the app answers.
    const encoding = page.body.length >= MIN_COMPRESSED_BYTES ? negotiatedEncoding(req.headers['accept-encoding']) : undefined;
    const sent = encoding === undefined ? page : ctx.pages.get(encodedPageKey(fresh.key, encoding), fresh.scopeKey, fresh.version);
    if (!sent) return false;
    const headers: OutgoingHttpHeaders = { ...CORS_HEADERS, etag: sent.etag, 'content-type': 'application/json; charset=utf-8' };
    if (page.link !== undefined) headers.link = page.link;
    if (encoding !== undefined) headers['content-encoding'] = encoding;
    headers['content-length'] = sent.body.length;
    log?.(req, res, startedAt);
    res.writeHead(200, headers);
    res.end(sent.body);
    return true;
  };
}

/**
 * The scope and version of the page a target names, after the checks its route makes (the
 * project's access, its public assets, the model being public); undefined where the route would
 * answer an error, which it then does.
 */
async function freshState(ctx: AppContext, req: IncomingMessage, target: HotTarget): Promise<Fresh | undefined> {
  const token = bearerToken(req.headers.authorization);
  const keyHash = token ? hashApiKey(token) : undefined;
  if (target.model === undefined) {
    const project = checked(await ctx.store.getProjectAccess(target.alias, keyHash), token);
    if (!project || project.publicAssetCount === 0) return undefined;
    return { scopeKey: cursorScope({ projectId: project.id, publicOnly: true }), version: assetVersion(project), key: target.key, listing: target.listing };
  }
  // The model comes with the project and the key, in the same read.
  const found = await ctx.store.getProjectModelAccess(target.alias, keyHash, target.model);
  const project = checked(found, token);
  const model = found?.model;
  if (!project || !model || !model.public) return undefined;
  const version = modelVersion(project, model);
  if (!target.items)
    return { scopeKey: cursorScope({ projectId: project.id, modelId: model.id, publicOnly: true }), version, key: target.key, listing: target.listing };
  const resolved = resolveQuery(target, target.items, project, model);
  return resolved && { scopeKey: resolved.scopeKey, version, key: resolved.key, listing: resolved.listing };
}

/** The project `found` names if it passes the access checks for `token`; undefined where the route would answer an error. */
function checked(found: { project: Project; keyHash: string | null } | undefined, token: string | undefined): Project | undefined {
  if (!found) return undefined;
  try {
    return checkAccess(found.project, token, found.keyHash);
  } catch {
    return undefined;
  }
}
