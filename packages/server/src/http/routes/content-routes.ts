import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isId } from '../../records/ids.js';
import { nextPageQuery } from '../../assets/listing.js';
import { firstGeometryField } from '../../models/field.js';
import { csvColumns, csvRow, itemFeature } from '../../models/item-export.js';
import { itemRecord } from '../../records/item-record.js';
import { publicItemSchema } from '../../models/item-schema.js';
import { expandedFields, expandedRecord, sendExpandedListing } from '../listing/reference-expansion.js';
import type { ContentModel, Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { answeredNotModified, etagOf } from '../transport/etag.js';
import { askedItemSource, expandAssets, exportUrl, itemBatches, itemPage, modelVersion, parseModelSegment } from '../listing/item-listing.js';
import { pageQueryOf, sendListing } from '../listing/listing-reply.js';
import { openPublicProjectModel } from '../public-access.js';
import { answer, empty, expandQuery, failure, ItemSchema, itemListingQuery, ListingSchema, params } from '@orbis/contract';
import { publicSecurity } from '../transport/schemas.js';

type ModelParams = { Params: { project: string; model: string }; Querystring: { expand?: unknown } };

/** The public model a route names, after the project's access checks; 404 when it is not public. */
async function openPublicModel(ctx: AppContext, request: FastifyRequest, alias: string, key: string): Promise<{ project: Project; model: ContentModel }> {
  const { project, model } = await openPublicProjectModel(ctx, request, alias, key);
  if (!model || !model.public) throw new ApiError('not_found', `model "${key.slice(0, 80)}" does not exist`);
  return { project, model };
}

/**
 * A FeatureCollection of a model's public items with a geometry: streamed whole, or one page
 * (`next` is where the `Link` to the next page points).
 */
export async function sendGeojson(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Project,
  model: ContentModel,
  next = exportUrl(ctx, project, model, '.geojson'),
): Promise<FastifyReply> {
  const geometry = firstGeometryField(model.fields);
  if (!geometry) throw new ApiError('not_found', `model "${model.key}" has no geometry field`);
  const query = pageQueryOf(request);
  const source = await askedItemSource(ctx, request, project, model, true);
  const asked = source.scope.query ? `?${source.scope.query.canonical}` : '';
  if (answeredNotModified(request, reply, etagOf(modelVersion(project, model), `${model.id}.geojson${asked}\n${ctx.publicUrl}`, query))) return reply;
  reply.type('application/geo+json; charset=utf-8');
  const features = (items: Parameters<typeof itemFeature>[0][]) =>
    items.flatMap((item) => {
      const feature = itemFeature(item, geometry.key);
      return feature ? [JSON.stringify(feature)] : [];
    });
  if (query.mode === 'all') {
    async function* body() {
      yield '{"type":"FeatureCollection","features":[';
      let first = true;
      for await (const batch of itemBatches(ctx, source)) {
        const texts = features(batch);
        if (texts.length === 0) continue;
        yield (first ? '' : ',') + texts.join(',');
        first = false;
      }
      yield ']}';
    }
    return reply.send(Readable.from(body()));
  }
  const { items, envelope, page } = await itemPage(ctx, source, query);
  const following = nextPageQuery(query, page);
  if (following) reply.header('Link', `<${next}?${asked === '' ? '' : `${asked.slice(1)}&`}${following.toString()}>; rel="next"`);
  return reply.send(`{"type":"FeatureCollection","features":[${features(items).join(',')}]${envelope}}`);
}

/** The model's public items as RFC 4180 CSV (UTF-8, CRLF), streamed; formula cells neutralised. */
export async function sendCsv(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, project: Project, model: ContentModel): Promise<FastifyReply> {
  const source = await askedItemSource(ctx, request, project, model, true);
  const asked = source.scope.query ? `?${source.scope.query.canonical}` : '';
  if (answeredNotModified(request, reply, etagOf(modelVersion(project, model), `${model.id}.csv${asked}\n${ctx.publicUrl}`))) return reply;
  const options = { record_delimiter: 'windows' as const, quoted_match: /^\s|\s$/ };
  async function* body() {
    yield stringify([csvColumns(model.fields)], options);
    for await (const batch of itemBatches(ctx, source)) {
      yield stringify(
        batch.map((item) => csvRow(model.fields, item)),
        options,
      );
    }
  }
  reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${model.key}.csv"`);
  return reply.send(Readable.from(body()));
}

/**
 * The public API of content models (docs/contract.md §10): `{model}.json` (and `{model}`), `.geojson`, `.csv`,
 * `.schema.json`, and one item; the access rules of assets; an ETag on every answer.
 */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<ModelParams>(
    '/api/p/:project/:model',
    {
      schema: {
        summary: 'A public model: {model}.json (or {model}) lists its public items as assets.json does; .geojson, .csv and .schema.json export them',
        security: publicSecurity,
        params: {
          type: 'object',
          properties: {
            project: { type: 'string', description: 'the project alias' },
            model: { type: 'string', description: 'the model key with an optional suffix: .json, .geojson, .csv, .schema.json' },
          },
        },
        querystring: itemListingQuery,
        response: {
          200: answer(ListingSchema, 'the items (or a page), a FeatureCollection, CSV, or a JSON Schema; with an ETag'),
          304: empty('not modified'),
          400: failure('invalid_parameter or invalid_cursor'),
          401: failure('api_key_required or invalid_api_key'),
          404: failure('not_found'),
        },
      },
    },
    async (request, reply) => {
      const segment = parseModelSegment(request.params.model);
      const { project, model } = await openPublicModel(ctx, request, request.params.project, segment?.key ?? request.params.model);
      if (!segment) throw new ApiError('not_found', `no route GET ${request.url.split('?')[0]}`);
      switch (segment.format) {
        case 'json': {
          const expanded = await expandedFields(ctx, request.query.expand, project, model);
          if (expanded) return sendExpandedListing(ctx, request, reply, project, model, expanded);
          return sendListing(ctx, request, reply, await askedItemSource(ctx, request, project, model, true), pageQueryOf(request));
        }
        case 'geojson':
          return sendGeojson(ctx, request, reply, project, model);
        case 'csv':
          return sendCsv(ctx, request, reply, project, model);
        case 'schema': {
          const url = `${ctx.publicUrl}/api/p/${encodeURIComponent(project.alias)}/${model.key}.schema.json`;
          if (answeredNotModified(request, reply, etagOf(`s${model.version}`, url))) return reply;
          return reply.type('application/schema+json; charset=utf-8').send(publicItemSchema(model.key, model.name, model.fields, url));
        }
      }
    },
  );

  app.get<{ Params: { project: string; model: string; id: string }; Querystring: { expand?: unknown } }>(
    '/api/p/:project/:model/:id',
    {
      schema: {
        summary: 'One public item',
        security: publicSecurity,
        params: params.item,
        querystring: { type: 'object', properties: { expand: expandQuery } },
        response: {
          200: answer(ItemSchema, 'the item; with an ETag'),
          400: failure('invalid_parameter: expand names no reference field'),
          304: empty('not modified'),
          404: failure('not_found'),
        },
      },
    },
    async (request, reply) => {
      const { project, model } = await openPublicModel(ctx, request, request.params.project, request.params.model);
      const { id } = request.params;
      const item = isId(id) ? await ctx.store.getItem(model.id, id) : undefined;
      if (!item || !item.public) throw new ApiError('not_found', `item "${id.slice(0, 80)}" does not exist`);
      const record = await expandAssets(ctx, project, itemRecord(model.fields, item));
      const expanded = await expandedFields(ctx, request.query.expand, project, model);
      const answer = expanded ? await expandedRecord(ctx, project, record, expanded) : { json: record, version: '' };
      if (
        answeredNotModified(
          request,
          reply,
          etagOf(`i${item.updatedAt}.${model.version}.${project.contentVersion}${answer.version}`, `${item.id}\n${ctx.publicUrl}`),
        )
      )
        return reply;
      return reply.type('application/json; charset=utf-8').send(answer.json);
    },
  );
}
