import { itemRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import type { ItemVersionRecord } from '@orbis/content-model';
import { managementItem } from '../../models/model-service.js';
import { isId } from '../../records/ids.js';
import type { ContentModel, ItemVersion } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { auditActor, grantOf } from '../auth/actor.js';
import { itemTag } from './model-routes.js';
import { sendNewestFirst } from '../listing/newest-first-listing.js';
import { conditionalWrite } from '../transport/preconditions.js';
import { projectOr404 } from '../project-param.js';

/**
 * A version as the management API answers it (docs/content-workflow.md): keys in a fixed order,
 * values in the model's field order, then those of fields the model no longer has.
 */
export function versionRecord(model: ContentModel, v: ItemVersion): ItemVersionRecord {
  const fields: Record<string, unknown> = {};
  for (const f of model.fields) if (f.key in v.fields) fields[f.key] = v.fields[f.key];
  for (const [key, value] of Object.entries(v.fields)) if (!(key in fields)) fields[key] = value;
  return { version: v.version, at: v.at, actor: v.actor, public: v.public, fields };
}

/** The version number of a path, or a 400 `invalid_parameter` naming it. */
function versionNumber(text: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new ApiError('invalid_parameter', `version must be a whole number from 1, got "${text.slice(0, 40)}"`);
  return Number(text);
}

/**
 * `…/models/{m}/items/{id}/versions`: an item's kept versions, newest first, one of them, and
 * restoring one as a new version (docs/content-workflow.md). They outlive the item's delete.
 */
export function itemVersionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const modelOr404 = async (alias: string, key: string) => {
    const project = await projectOr404(ctx, alias);
    const model = await ctx.store.getModel(project.id, key);
    if (!model) throw new ApiError('not_found', `model "${key.slice(0, 80)}" does not exist`);
    return { project, model };
  };
  const versionOr404 = async (model: ContentModel, id: string, text: string) => {
    const n = versionNumber(text);
    const version = isId(id) ? await ctx.store.getItemVersion(model.id, id, n) : undefined;
    if (!version) throw new ApiError('not_found', `item "${id.slice(0, 80)}" has no version ${n}`);
    return version;
  };

  declaredRoute(app, routes.versions, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const { id } = request.params;
    const count = isId(id) ? await ctx.store.countItemVersions(model.id, id) : 0;
    if (count === 0) throw new ApiError('not_found', `item "${id.slice(0, 80)}" does not exist`);
    return sendNewestFirst(ctx, request, reply, {
      scope: `versions:${model.id}:${id}`,
      url: `${ctx.publicUrl}/api/projects/${encodeURIComponent(project.alias)}/models/${model.key}/items/${id}/versions`,
      count: async () => count,
      read: (slice) => ctx.store.listItemVersions(model.id, id, 'before' in slice ? { before: Number(slice.before), limit: slice.limit } : slice),
      positionOf: (v) => String(v.version),
      record: (v) => versionRecord(model, v),
    });
  });

  declaredRoute(app, routes.version, async (request) => {
    const { model } = await modelOr404(request.params.project, request.params.model);
    return versionRecord(model, await versionOr404(model, request.params.id, request.params.version));
  });

  declaredRoute(app, routes.restore, async (request, reply) => {
    const { project, model } = await modelOr404(request.params.project, request.params.model);
    const { id } = request.params;
    const version = await versionOr404(model, id, request.params.version);
    // A deleted item's id is not given again (ids keep commit order for cursors): its history is read, not restored.
    const gone = () => new ApiError('conflict', `item "${id}" was deleted: its versions can be read, not restored`);
    const current = async () => {
      const item = await ctx.store.getItem(model.id, id);
      return item && itemTag((await ctx.models.working(model, item, true)).item);
    };
    // A write of the item as a PATCH is (docs/collaboration.md): If-Match with an older ETag is a 412.
    const restored = await conditionalWrite(
      request,
      reply,
      `item:${model.id}:${id}`,
      current,
      async () => {
        const item = await ctx.store.getItem(model.id, id);
        if (!item) throw gone();
        const done = await ctx.models.restoreItem(
          project,
          model,
          (await ctx.models.working(model, item, true)).item,
          version,
          auditActor(grantOf(request).actor),
        );
        if (!done) throw gone();
        return done;
      },
      (w) => itemTag(w.item),
    );
    return reply.type('application/json; charset=utf-8').send(managementItem(model, restored.item, restored.status));
  });
}
