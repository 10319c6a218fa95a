import { requestRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { isId } from '../../records/ids.js';
import { requestRecord } from '../../models/review-service.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { auditActor, grantOf } from '../auth/actor.js';
import { projectOr404 } from '../project-param.js';

/** How many requests a listing shows, newest first. */
const LISTED = 100;

/**
 * `/api/projects/{p}/requests`: review requests over items' drafts (docs/contract.md §16;
 * docs/content-workflow.md, "Review").
 */
export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const gone = (id: string) => new ApiError('not_found', `request "${id.slice(0, 80)}" does not exist`);
  declaredRoute(app, routes.open, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const opened = await ctx.reviews.open(project, request.body, auditActor(grantOf(request).actor));
    return reply.code(201).send(requestRecord(opened, await ctx.reviews.modelKeys(project)));
  });

  declaredRoute(app, routes.list, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const keys = await ctx.reviews.modelKeys(project);
    return (await ctx.store.reviews.listRequests(project.id, request.query.state, LISTED)).map((r) => requestRecord(r, keys));
  });

  declaredRoute(app, routes.get, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const found = isId(request.params.id) ? await ctx.store.reviews.getRequest(project.id, request.params.id) : undefined;
    if (!found) throw gone(request.params.id);
    return requestRecord(found, await ctx.reviews.modelKeys(project));
  });

  for (const [route, state] of [
    [routes.approve, 'approved'],
    [routes.decline, 'declined'],
  ] as const) {
    declaredRoute(app, route, async (request) => {
      const project = await projectOr404(ctx, request.params.project);
      const closed = await ctx.reviews.close(project, request.params.id, state, request.body, auditActor(grantOf(request).actor));
      if (!closed) throw gone(request.params.id);
      return requestRecord(closed, await ctx.reviews.modelKeys(project));
    });
  }
}
