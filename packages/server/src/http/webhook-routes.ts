import type { FastifyInstance } from 'fastify';
import { isId } from '../records/ids.js';
import type { Project } from '../store/store.js';
import { deliveryRecord, RECENT_DELIVERIES, webhookRecord } from '../webhooks/webhook-service.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { projectOr404 } from './project-param.js';
import { adminSecurity, answer, empty, failure, listOf, objectBody as bodyOf, params } from './schemas.js';

type P = { Params: { project: string } };
type PW = { Params: { project: string; id: string } };

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
  // The shapes only: the rules (an allowed address, known triggers) are the domain's, whose errors name the field.
  const fields = { url: { type: 'string', description: 'http or https; not at a loopback, link-local or private address unless ORBIS_WEBHOOK_ALLOW_PRIVATE=1' }, triggers: { type: 'array', items: { type: 'string' } }, active: { type: 'boolean' } };
  const base = '/api/projects/:project/webhooks';

  app.post<P>(base, { schema: { summary: 'Register a webhook: the only answer that shows its secret', security: adminSecurity, params: params.project, body: bodyOf(fields, ['url', 'triggers']), response: { 201: answer('Webhook', 'the webhook with its secret'), 400: failure('invalid_body naming the field: a refused address, an unknown trigger'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const hook = await ctx.webhooks.create(project, request.body as Record<string, unknown>);
    return reply.code(201).send({ ...webhookRecord(hook), secret: hook.secret });
  });

  app.get<P>(base, { schema: { summary: "The project's webhooks, without their secrets", security: adminSecurity, params: params.project, response: { 200: listOf('Webhook', 'the webhooks, oldest first'), 404: failure('not_found') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return (await ctx.store.webhooks.list(project.id)).map(webhookRecord);
  });

  app.get<PW>(`${base}/:id`, { schema: { summary: 'One webhook', security: adminSecurity, params: params.webhook, response: { 200: answer('Webhook', 'the webhook'), 404: failure('not_found') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return webhookRecord(await webhookOr404(project, request.params.id));
  });

  app.patch<PW>(`${base}/:id`, { schema: { summary: 'Change a webhook\'s URL, triggers, or whether it is active', security: adminSecurity, params: params.webhook, body: bodyOf(fields), response: { 200: answer('Webhook', 'the webhook'), 400: failure('invalid_body naming the field'), 404: failure('not_found') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    await webhookOr404(project, request.params.id);
    const hook = await ctx.webhooks.update(project, request.params.id, request.body as Record<string, unknown>);
    if (!hook) throw new ApiError('not_found', `webhook "${request.params.id}" does not exist`);
    return webhookRecord(hook);
  });

  app.delete<PW>(`${base}/:id`, { schema: { summary: 'Delete a webhook and its deliveries, sent or not', security: adminSecurity, params: params.webhook, response: { 204: empty('deleted'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!isId(request.params.id) || !(await ctx.store.webhooks.delete(project.id, request.params.id))) {
      throw new ApiError('not_found', `webhook "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });

  app.get<PW>(`${base}/:id/deliveries`, { schema: { summary: `A webhook's ${RECENT_DELIVERIES} most recent deliveries, newest first, with their answers`, security: adminSecurity, params: params.webhook, response: { 200: listOf('WebhookDelivery', 'the deliveries'), 404: failure('not_found') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const hook = await webhookOr404(project, request.params.id);
    return (await ctx.store.webhooks.listDeliveries(hook.id, RECENT_DELIVERIES)).map(deliveryRecord);
  });
}
