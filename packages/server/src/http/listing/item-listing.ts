import { isId } from '../../records/ids.js';
import { cursorScope, readPage, streamScope } from '../../assets/listing.js';
import { parseItemQuery } from '../../models/item-query-parser.js';
import type { PageQuery } from '../../assets/page-query.js';
import { fragmentOrigin, recordFragment, spliceOrigin } from '../../records/record-fragment.js';
import type { ItemJson } from '../../models/item-export.js';
import { markedAssetIds, spliceAssets } from '../../records/item-record.js';
import type { ContentModel, Project } from '../../store/store.js';
import type { AppContext } from '../app-context.js';
import type { FastifyRequest } from 'fastify';
import { CHUNK_CHARS, countOf, type ListingSource, queryOf } from './listing-reply.js';

/**
 * Gives a chunk of public item records their asset fields: each marked asset id becomes the
 * asset's public record, or `null` when that asset is private or gone (docs/contract.md §10), read once per
 * chunk and id.
 */
export async function expandAssets(ctx: AppContext, project: Project, chunk: string): Promise<string> {
  const ids = markedAssetIds(chunk);
  if (ids.size === 0) return chunk;
  const records = new Map<string, string>();
  for (const id of ids) {
    const asset = isId(id) ? await ctx.store.getAsset(project.id, id) : undefined;
    records.set(id, asset?.public ? recordFragment(asset) : 'null');
  }
  return spliceOrigin(
    spliceAssets(chunk, (id) => records.get(id) ?? 'null'),
    fragmentOrigin(ctx.publicUrl, project.alias),
  );
}

/** The version a model's public answers show: its items and model, and the project's assets (asset fields). */
export function modelVersion(project: Project, model: ContentModel): string {
  return `m${model.version}.${project.contentVersion}`;
}

/**
 * The source of a model's item listing for the one listing engine: public items with their
 * assets' records on the public API, every item with asset ids and its flag on the management one.
 */
export function itemSource(ctx: AppContext, project: Project, model: ContentModel, publicOnly: boolean): ListingSource {
  const alias = encodeURIComponent(project.alias);
  return {
    scope: { projectId: project.id, modelId: model.id, publicOnly },
    totalCount: publicOnly ? model.publicItemCount : model.itemCount,
    finish: publicOnly ? (chunk) => expandAssets(ctx, project, chunk) : (chunk) => spliceAssets(chunk),
    url: publicOnly ? `${ctx.publicUrl}/api/p/${alias}/${model.key}.json` : `${ctx.publicUrl}/api/projects/${alias}/models/${model.key}/items`,
    version: modelVersion(project, model),
    etag: publicOnly,
  };
}

/**
 * The source of a model's item listing as a request asks for it: narrowed by its query
 * (docs/content-workflow.md, "Queries"; 400 `invalid_parameter` naming a bad parameter), whose
 * matches are counted when a page is read (not for a cached page, nor for the whole list; once per
 * version of the model while the page cache keeps the count), or the
 * whole model with its maintained count.
 */
export async function askedItemSource(
  ctx: AppContext,
  request: FastifyRequest,
  project: Project,
  model: ContentModel,
  publicOnly: boolean,
): Promise<ListingSource> {
  const source = itemSource(ctx, project, model, publicOnly);
  const query = parseItemQuery(queryOf(request), model.fields);
  if (!query) return source;
  const scope = { ...source.scope, modelId: model.id, query };
  // The count is kept in the page cache beside the query's pages, for the model's version: a
  // client walking a query's pages counts its matches once, not once per page.
  const key = `${source.url}?${query.canonical}\n#count`;
  const scopeKey = cursorScope(scope);
  const totalCount = async () => {
    const cached = ctx.pages.get(key, scopeKey, source.version);
    if (cached) return Number(cached.body.toString());
    const counted = await ctx.store.countQueried(scope);
    ctx.pages.set(key, { scopeKey, version: source.version, body: Buffer.from(String(counted)), link: undefined, etag: undefined });
    return counted;
  };
  return { ...source, scope, totalCount };
}

/** Every item a public source lists, parsed, in batches of about CHUNK_CHARS of JSON. */
export async function* itemBatches(ctx: AppContext, source: ListingSource): AsyncIterable<ItemJson[]> {
  let chunk = '';
  const parse = async () => JSON.parse(`[${await source.finish(chunk)}]`) as ItemJson[];
  for await (const batch of streamScope(ctx.store, source.scope)) {
    chunk += (chunk === '' ? '' : ',') + batch.json;
    if (chunk.length >= CHUNK_CHARS) {
      yield await parse();
      chunk = '';
    }
  }
  if (chunk !== '') yield await parse();
}

/** One page of a public source, parsed, with its envelope's other members as JSON text (`,"totalCount":…`). */
export async function itemPage(ctx: AppContext, source: ListingSource, query: Exclude<PageQuery, { mode: 'all' }>) {
  const page = await readPage(ctx.store, ctx.cursors, source.scope, await countOf(source), query);
  const items = JSON.parse(`[${await source.finish(page.results)}]`) as ItemJson[];
  let envelope = `,"totalCount":${page.totalCount},"hasMore":${page.hasMore},"limit":${page.limit},"nextCursor":${JSON.stringify(page.nextCursor)}`;
  if (page.page !== undefined) envelope += `,"page":${page.page},"offset":${page.offset}`;
  return { items, envelope, page };
}

/** The model a public route's `{model}` segment names, with the representation its suffix asks for. */
export function parseModelSegment(segment: string): { key: string; format: 'json' | 'geojson' | 'csv' | 'schema' } | undefined {
  const m = /^([a-z][a-z0-9_-]{0,62})(\.json|\.geojson|\.csv|\.schema\.json)?$/.exec(segment);
  if (!m) return undefined;
  const format = m[2] === '.geojson' ? 'geojson' : m[2] === '.csv' ? 'csv' : m[2] === '.schema.json' ? 'schema' : 'json';
  return { key: m[1]!, format };
}

/** The request's `Link` URL base for an export of a model (`.geojson`). */
export function exportUrl(ctx: AppContext, project: Project, model: ContentModel, suffix: string): string {
  return `${ctx.publicUrl}/api/p/${encodeURIComponent(project.alias)}/${model.key}${suffix}`;
}
