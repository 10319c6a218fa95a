import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assetRecord } from '../../assets/asset-record.js';
import { type PagedQuery, type PlannedSlice, planSlice } from '../../assets/listing.js';
import { isId } from '../../records/ids.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { answeredNotModified, etagOf } from '../transport/etag.js';
import { assetSource, assetVersion, listingUrl, pageKey, pageQueryOf, sendListing } from '../listing/listing-reply.js';
import { hashApiKey } from '../../keys/api-key.js';
import { checkAccess, openPublicProject } from '../public-access.js';
import { bearerToken, foundOr404 } from '../project-param.js';
import type { Project } from '../../store/store.js';
import { answer, AssetSchema, empty, failure, ListingSchema, paginationQuery, params } from '@orbis/contract';
import { publicSecurity } from '../transport/schemas.js';

type ProjectParams = { Params: { project: string } };

/**
 * The page a listing request asks for, when its parameters are good; undefined for the whole list
 * and for bad parameters, whose errors come after the project's (404, 401) and so from the
 * ordinary path.
 */
function plannedPage(ctx: AppContext, request: FastifyRequest): { query: PagedQuery; planned: PlannedSlice } | undefined {
  try {
    const query = pageQueryOf(request);
    return query.mode === 'all' ? undefined : { query, planned: planSlice(ctx.cursors, query) };
  } catch {
    return undefined;
  }
}

/** `GET {base_url}/assets.json`, its alias `/assets`, and `GET {base_url}/assets/{id}`. */
export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const noAssets = (project: Project) => new ApiError('no_assets', `project "${project.alias}" has no public assets`);
  const list = async (request: FastifyRequest<ProjectParams>, reply: FastifyReply) => {
    const alias = request.params.project;
    const planned = plannedPage(ctx, request);
    // A page the cache may hold, and a revalidation, take the path below: its answer needs the
    // project's version (read fresh), not the page.
    const maybeCached = planned !== undefined && ctx.pages.enabled && ctx.pages.has(pageKey(listingUrl(ctx, request, alias), planned.query));
    if (planned && !maybeCached && request.headers['if-none-match'] === undefined) {
      // A page whose parameters are good: the project and the page in one read (one round trip
      // to PostgreSQL instead of two), then the same checks in the same order as below.
      const key = bearerToken(request.headers.authorization);
      const found = await ctx.store.getProjectWithRecords(alias, true, planned.planned.slice, key ? hashApiKey(key) : undefined);
      const project = checkAccess(foundOr404(found?.project, alias), key, found?.keyHash ?? null);
      if (project.publicAssetCount === 0) throw noAssets(project);
      return sendListing(ctx, request, reply, assetSource(ctx, request, project, true), planned.query, { planned: planned.planned, records: found!.records });
    }
    const project = await openPublicProject(ctx, request, alias);
    const query = planned?.query ?? pageQueryOf(request);
    if (project.publicAssetCount === 0) throw noAssets(project);
    return sendListing(ctx, request, reply, assetSource(ctx, request, project, true), query, planned && { planned: planned.planned, records: undefined });
  };
  const listSchema = (summary: string) => ({
    summary,
    security: publicSecurity,
    params: params.project,
    querystring: paginationQuery,
    response: {
      200: answer(ListingSchema, 'every public asset, or a page of them; with an ETag'),
      304: empty('not modified'),
      400: failure('invalid_parameter or invalid_cursor'),
      401: failure('api_key_required or invalid_api_key'),
      404: failure('not_found or no_assets'),
    },
  });
  app.get<ProjectParams>('/api/p/:project/assets.json', { schema: listSchema("A project's public assets (docs/contract.md §2)") }, list);
  app.get<ProjectParams>('/api/p/:project/assets', { schema: listSchema('Alias of assets.json') }, list);

  app.get<{ Params: { project: string; id: string } }>(
    '/api/p/:project/assets/:id',
    {
      schema: {
        summary: 'One public asset',
        security: publicSecurity,
        params: params.asset,
        response: { 200: answer(AssetSchema, 'the asset; with an ETag'), 304: empty('not modified'), 404: failure('not_found') },
      },
    },
    async (request, reply) => {
      const project = await openPublicProject(ctx, request, request.params.project);
      const { id } = request.params;
      const asset = isId(id) ? await ctx.store.getAsset(project.id, id) : undefined;
      if (!asset || !asset.public) throw new ApiError('not_found', `asset "${id.slice(0, 80)}" does not exist`);
      if (answeredNotModified(request, reply, etagOf(assetVersion(project), `${asset.id}\n${ctx.publicUrl}`))) return reply;
      return reply.send(assetRecord(asset, ctx.publicUrl, project.alias, false));
    },
  );
}
