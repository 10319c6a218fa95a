import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Field } from '@orbis/content-model';
import { isId } from '../../records/ids.js';
import { itemRecord } from '../../records/item-record.js';
import type { ContentModel, Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { answeredNotModified, etagOf } from '../transport/etag.js';
import type { ItemJson } from '../../models/item-export.js';
import { askedItemSource, expandAssets, modelVersion } from './item-listing.js';
import { sendParsedListing } from './parsed-listing.js';
import { pageQueryOf } from './listing-reply.js';

/** A reference field `?expand=` names, with the model its items are read from (undefined: not public, so none shows). */
interface Expanded {
  field: Field;
  target: ContentModel | undefined;
}

/**
 * The reference fields `?expand=a,b` names (`raw`: the query's `expand`, a string, or the first of
 * several; docs/content-workflow.md, "Field types"); an unknown
 * field, or one that is no reference, is a 400 `invalid_parameter` naming it. Undefined without `expand`.
 */
export async function expandedFields(ctx: AppContext, raw: unknown, project: Project, model: ContentModel): Promise<Expanded[] | undefined> {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || text === '') return undefined;
  const out: Expanded[] = [];
  for (const key of new Set(text.split(','))) {
    const field = model.fields.find((f) => f.key === key);
    if (!field || field.type !== 'reference')
      throw new ApiError('invalid_parameter', `expand: "${key.slice(0, 80)}" is not a reference field of model "${model.key}"`);
    const target = await ctx.store.getModel(project.id, field.model!);
    out.push({ field, target: target?.public ? target : undefined });
  }
  return out;
}

/** The ETag part of what expanded answers also show: the referenced models' versions. */
function expandedVersion(expanded: Expanded[]): string {
  return expanded.map((e) => `${e.field.key}:${e.target?.version ?? '-'}`).join(',');
}

/** Replaces each named reference of `items` by the referenced item's public record, or null (none, or not public). */
export async function expandItems(ctx: AppContext, project: Project, items: ItemJson[], expanded: Expanded[]): Promise<void> {
  for (const { field, target } of expanded) {
    const records = new Map<string, unknown>();
    const one = async (id: unknown) => {
      if (typeof id !== 'string') return null;
      if (!records.has(id)) {
        const item = target && isId(id) ? await ctx.store.getItem(target.id, id) : undefined;
        records.set(id, item?.public ? JSON.parse(await expandAssets(ctx, project, itemRecord(target!.fields, item))) : null);
      }
      return records.get(id);
    };
    for (const item of items) {
      const value = item[field.key];
      if (value === null || value === undefined) continue;
      item[field.key] = Array.isArray(value) ? await Promise.all(value.map(one)) : await one(value);
    }
  }
}

/** One public item's record with its references expanded, and the ETag part they add. */
export async function expandedRecord(ctx: AppContext, project: Project, record: string, expanded: Expanded[]): Promise<{ json: string; version: string }> {
  const item = JSON.parse(record) as ItemJson;
  await expandItems(ctx, project, [item], expanded);
  return { json: JSON.stringify(item), version: expandedVersion(expanded) };
}

/** `{model}.json?expand=…`: the listing with the named references inlined (sendParsedListing). */
export async function sendExpandedListing(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Project,
  model: ContentModel,
  expanded: Expanded[],
): Promise<FastifyReply> {
  const query = pageQueryOf(request);
  const source = await askedItemSource(ctx, request, project, model, true);
  const asked = `expand=${expanded.map((e) => e.field.key).join(',')}${source.scope.query ? `&${source.scope.query.canonical}` : ''}`;
  if (
    answeredNotModified(
      request,
      reply,
      etagOf(`${modelVersion(project, model)}.${expandedVersion(expanded)}`, `${model.id}.json?${asked}\n${ctx.publicUrl}`, query),
    )
  )
    return reply;
  return sendParsedListing(ctx, reply, source, query, asked, (items) => expandItems(ctx, project, items, expanded));
}
