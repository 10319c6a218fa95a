import type { FastifyInstance } from 'fastify';
import { assetRecord } from '../assets/asset-record.js';
import { isId } from '../assets/ids.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { pageQueryOf, sendListing } from './listing-reply.js';
import { openPublicProject } from './public-access.js';

type ProjectParams = { Params: { project: string } };

/** `GET {base_url}/assets.json`, its alias `/assets`, and `GET {base_url}/assets/{id}`. */
export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (request: import('fastify').FastifyRequest<ProjectParams>, reply: import('fastify').FastifyReply) => {
    const project = await openPublicProject(ctx, request, request.params.project);
    const query = pageQueryOf(request);
    if (project.publicAssetCount === 0) {
      throw new ApiError('no_assets', `project "${project.alias}" has no public assets`);
    }
    return sendListing(ctx, request, reply, project, query, true);
  };
  app.get<ProjectParams>('/api/p/:project/assets.json', list);
  app.get<ProjectParams>('/api/p/:project/assets', list);

  app.get<{ Params: { project: string; id: string } }>('/api/p/:project/assets/:id', async (request, reply) => {
    const project = await openPublicProject(ctx, request, request.params.project);
    const { id } = request.params;
    const asset = isId(id) ? await ctx.store.getAsset(project.id, id) : undefined;
    if (!asset || !asset.public) throw new ApiError('not_found', `asset "${id.slice(0, 80)}" does not exist`);
    return reply.send(assetRecord(asset, ctx.publicUrl, project.alias, false));
  });
}
