import { itemRoutes as items, modelRoutes as models } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAtLeast } from '@orbis/scene/roles';
import { isId } from '../../records/ids.js';
import { managementItem, modelRecord } from '../../models/model-service.js';
import type { ContentModel, Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { auditActor, grantOf } from '../auth/actor.js';
import { sendCsv, sendGeojson } from './content-routes.js';
import { importRoute } from './import-route.js';
import { askedItemSource } from '../listing/item-listing.js';
import { sendParsedListing } from '../listing/parsed-listing.js';
import { pageQueryOf, sendListing } from '../listing/listing-reply.js';
import { projectOr404 } from '../project-param.js';
import { conditionalWrite, tagAnswer, versionTag } from '../transport/preconditions.js';
import type { Item } from '../../store/store.js';

/** A model's version: what a PATCH changes, not its counts (docs/collaboration.md). */
const modelTag = (m: ContentModel) => versionTag({ id: m.id, key: m.key, name: m.name, public: m.public, fields: m.fields });
/** An item's version: its values and whether it is public. */
export const itemTag = (i: Item) => versionTag({ id: i.id, public: i.public, fields: i.fields });

/** Whether the caller sees drafts (docs/content-workflow.md, "Review"): a writer and above does. */
export const seesDrafts = (request: FastifyRequest) => roleAtLeast(grantOf(request).role ?? 'reader', 'writer');

/** `/api/projects/{p}/models…`: content models and their items (docs/contract.md §10, management API). */
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
  // An item as the caller sees it: a writer (and above) sees a draft, a reader the published values.
  const workingOr404 = async (request: FastifyRequest, model: ContentModel, id: string) =>
    ctx.models.working(model, await itemOr404(model, id), seesDrafts(request));

  void app.register((scope) => importRoute(scope, ctx));

  declaredRoute(app, models.create, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const body = request.body;
    return reply.code(201).send(modelRecord(await ctx.models.create(project, body)));
  });

  declaredRoute(app, models.list, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return (await ctx.store.listModels(project.id)).map(modelRecord);
  });

  declaredRoute(app, models.get, async (request, reply) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    tagAnswer(reply, modelTag(model));
    return modelRecord(model);
  });

  declaredRoute(app, models.update, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = request.body;
    const current = async () => modelTag((await modelOr404(request.params.project, request.params.model)).model);
    const updated = await conditionalWrite(
      request,
      reply,
      `model:${model.id}`,
      current,
      async () => {
        const done = await ctx.models.update(project, (await modelOr404(request.params.project, request.params.model)).model, body);
        if (!done) throw new ApiError('not_found', `model "${model.key}" does not exist`);
        return done;
      },
      modelTag,
    );
    return modelRecord(updated);
  });

  declaredRoute(app, models.remove, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const current = async () => modelTag((await modelOr404(request.params.project, request.params.model)).model);
    await conditionalWrite(request, reply, `model:${project.id}:${request.params.model}`, current, async () => {
      if (!(await ctx.models.remove(project, request.params.model)))
        throw new ApiError('not_found', `model "${request.params.model.slice(0, 80)}" does not exist`);
    });
    return reply.code(204).send();
  });

  declaredRoute(app, items.create, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = request.body;
    const made = await ctx.models.createItem(project, model, body, auditActor(grantOf(request).actor));
    return reply
      .code(201)
      .type('application/json; charset=utf-8')
      .send(managementItem(model, made.item, made.status));
  });

  declaredRoute(app, items.list, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const source = await askedItemSource(ctx, request, project, model, false);
    // A model that requires review lists each item's status too (docs/content-workflow.md, "Review").
    if (model.review)
      return sendParsedListing(ctx, reply, source, pageQueryOf(request), source.scope.query?.canonical ?? '', (items) => ctx.models.addStatuses(model, items));
    return sendListing(ctx, request, reply, source, pageQueryOf(request));
  });

  declaredRoute(app, items.get, async (request, reply) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    const { item, status } = await workingOr404(request, model, request.params.id);
    tagAnswer(reply, itemTag(item));
    return reply.type('application/json; charset=utf-8').send(managementItem(model, item, status));
  });

  declaredRoute(app, items.update, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const body = request.body;
    const current = async () => (await workingOr404(request, model, request.params.id)).item;
    const updated = await conditionalWrite(
      request,
      reply,
      `item:${model.id}:${request.params.id}`,
      async () => itemTag(await current()),
      async () => {
        const done = await ctx.models.patchItem(project, model, await current(), body, auditActor(grantOf(request).actor));
        if (!done) throw new ApiError('not_found', `item "${request.params.id}" does not exist`);
        return done;
      },
      (w) => itemTag(w.item),
    );
    return reply.type('application/json; charset=utf-8').send(managementItem(model, updated.item, updated.status));
  });

  declaredRoute(app, items.remove, async (request, reply) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    await conditionalWrite(
      request,
      reply,
      `item:${model.id}:${request.params.id}`,
      async () => itemTag(await itemOr404(model, request.params.id)),
      async () => {
        if (!isId(request.params.id) || !(await ctx.store.deleteItem(model.id, request.params.id))) {
          throw new ApiError('not_found', `item "${request.params.id.slice(0, 80)}" does not exist`);
        }
      },
    );
    return reply.code(204).send();
  });
  // The editor's preview of a model layer (docs/contract.md §10: a layer shows a model's public items): the
  // public export's answer, behind the admin token. The editor has no API key, and a private
  // project's public API wants one; nothing is shown here that a key holder would not see there.
  const publicModelOr404 = async (alias: string, key: string) => {
    const found = await modelOr404(alias, key);
    if (!found.model.public) throw new ApiError('not_found', `model "${key.slice(0, 80)}" is not public: its layer shows nothing`);
    return found;
  };
  declaredRoute(app, models.geojson, async (request, reply) => {
    const { project, model } = await publicModelOr404(request.params.project, request.params.model);
    reply.header('Cache-Control', 'private, max-age=0, must-revalidate');
    return sendGeojson(
      ctx,
      request,
      reply,
      project,
      model,
      `${ctx.publicUrl}/api/projects/${encodeURIComponent(project.alias)}/models/${model.key}/items.geojson`,
    );
  });
  declaredRoute(app, models.csv, async (request, reply) => {
    const { project, model } = await publicModelOr404(request.params.project, request.params.model);
    reply.header('Cache-Control', 'private, max-age=0, must-revalidate');
    return sendCsv(ctx, request, reply, project, model);
  });
}
