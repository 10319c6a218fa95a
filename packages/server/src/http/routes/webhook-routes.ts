import { webhookRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { isId } from '../../records/ids.js';
import type { Project } from '../../store/store.js';
import { RECENT_DELIVERIES } from '@orbis/contract';
import { deliveryRecord, webhookRecord } from '../../webhooks/webhook-service.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { projectOr404 } from '../project-param.js';

/**
 * `/api/projects/{p}/webhooks`: a maintainer's webhooks and their recent deliveries
 * (docs/contract.md §16; docs/content-workflow.md, "Webhooks").
 */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const webhookOr404 = async (project: Project, id: string) => {
    const hook = isId(id) ? await ctx.store.webhooks.get(project.id, id) : undefined;
    if (!hook) throw new ApiError('not_found', `webhook "${id.slice(0, 80)}" does not exist`);
    return hook;
  };

  declaredRoute(app, routes.create, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const hook = await ctx.webhooks.create(project, request.body);
    return reply.code(201).send({ ...webhookRecord(hook), secret: hook.secret });
  });

  declaredRoute(app, routes.list, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return (await ctx.store.webhooks.list(project.id)).map(webhookRecord);
  });

  declaredRoute(app, routes.get, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return webhookRecord(await webhookOr404(project, request.params.id));
  });

  declaredRoute(app, routes.update, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    await webhookOr404(project, request.params.id);
    const hook = await ctx.webhooks.update(project, request.params.id, request.body);
    if (!hook) throw new ApiError('not_found', `webhook "${request.params.id}" does not exist`);
    return webhookRecord(hook);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!isId(request.params.id) || !(await ctx.store.webhooks.delete(project.id, request.params.id))) {
      throw new ApiError('not_found', `webhook "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });

  declaredRoute(app, routes.deliveries, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const hook = await webhookOr404(project, request.params.id);
    return (await ctx.store.webhooks.listDeliveries(hook.id, RECENT_DELIVERIES)).map(deliveryRecord);
  });
}
