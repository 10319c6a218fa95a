import type { FastifyInstance } from 'fastify';
import { isId } from '../assets/ids.js';
import { managementItem, modelRecord } from '../models/model-service.js';
import type { ContentModel, Project } from '../store/store.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { importRoute } from './import-route.js';
import { itemSource } from './item-listing.js';
import { objectBody } from './json-body.js';
import { pageQueryOf, sendListing } from './listing-reply.js';
import { projectOr404 } from './project-param.js';

type P = { Params: { project: string } };
type PM = { Params: { project: string; model: string } };
type PMI = { Params: { project: string; model: string; id: string } };

/** `/api/projects/{p}/models…`: content models and their items (SPEC §10, management API). */
export function modelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const modelOr404 = async (alias: string, key: string): Promise<{ project: Project; model: ContentModel }> => {
    const project = await projectOr404(ctx, alias);
    const model = await ctx.store.getModel(project.id, key);
    if (!model) throw new ApiError('not_found', `model "${key.slice(0, 80)}" does not exist`);
    return { project, model };
  };
  const itemOr404 = async (model: ContentModel, id: string) => {
    const item = isId(id) ? await ctx.store.getItem(model.id, id) : undefined;
    if (!item) throw new ApiError('not_found', `item "${id.slice(0, 80)}" does not exist`);
    return item;
  };

  void app.register((scope) => importRoute(scope, ctx));

  app.post<P>('/api/projects/:project/models', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const body = objectBody(request.body, ['key', 'name', 'public', 'fields']);
    return reply.code(201).send(modelRecord(await ctx.models.create(project, body)));
  });

  app.get<P>('/api/projects/:project/models', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return (await ctx.store.listModels(project.id)).map(modelRecord);
  });

  app.get<PM>('/api/projects/:project/models/:model', async (request) => {
    return modelRecord((await modelOr404(request.params.project, request.params.model)).model);
  });

  app.patch<PM>('/api/projects/:project/models/:model', async (request) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = objectBody(request.body, ['name', 'public', 'fields']);
    const updated = await ctx.models.update(project, model, body);
    if (!updated) throw new ApiError('not_found', `model "${model.key}" does not exist`);
    return modelRecord(updated);
  });

  app.delete<PM>('/api/projects/:project/models/:model', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!(await ctx.models.remove(project, request.params.model))) throw new ApiError('not_found', `model "${request.params.model.slice(0, 80)}" does not exist`);
    return reply.code(204).send();
  });

  app.post<PM>('/api/projects/:project/models/:model/items', async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = objectBody(request.body, ['fields', 'public']);
    const item = await ctx.models.createItem(project, model, body);
    return reply.code(201).type('application/json; charset=utf-8').send(managementItem(model, item));
  });

  app.get<PM>('/api/projects/:project/models/:model/items', async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    return sendListing(ctx, request, reply, itemSource(ctx, project, model, false), pageQueryOf(request));
  });

  app.get<PMI>('/api/projects/:project/models/:model/items/:id', async (request, reply) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    const item = await itemOr404(model, request.params.id);
    return reply.type('application/json; charset=utf-8').send(managementItem(model, item));
  });

  app.patch<PMI>('/api/projects/:project/models/:model/items/:id', async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = objectBody(request.body, ['fields', 'public']);
    const item = await itemOr404(model, request.params.id);
    const updated = await ctx.models.patchItem(project, model, item, body);
    if (!updated) throw new ApiError('not_found', `item "${item.id}" does not exist`);
    return reply.type('application/json; charset=utf-8').send(managementItem(model, updated));
  });

  app.delete<PMI>('/api/projects/:project/models/:model/items/:id', async (request, reply) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    if (!isId(request.params.id) || !(await ctx.store.deleteItem(model.id, request.params.id))) {
      throw new ApiError('not_found', `item "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });
}
