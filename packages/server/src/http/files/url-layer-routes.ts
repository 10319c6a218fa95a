import { fileRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { PublishedSnapshot } from '@orbis/scene';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConvertedLayer } from '../../url-layers/url-layer-reader.js';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../transport/api-error.js';
import { answeredNotModified } from '../transport/etag.js';
import { projectOr404 } from '../project-param.js';
import { publishedProject } from '../pages/published-project.js';
import { failure } from '@orbis/contract';

const GEOJSON = { description: 'the WGS84 GeoJSON FeatureCollection, with an ETag', type: 'object' };

function send(request: FastifyRequest, reply: FastifyReply, converted: ConvertedLayer): FastifyReply {
  reply.header('Cache-Control', 'public, max-age=300');
  if (answeredNotModified(request, reply, converted.etag)) return reply;
  return reply.type('application/geo+json').send(converted.geojson);
}

/**
 * The editor's view of a scene layer that names a GIS file by URL (docs/contract.md §13): the server reads
 * the file, as it reads an upload, and answers its WGS84 GeoJSON. For a project's members only
 * (a management `GET`), and only public addresses (`url-layers/remote-file.ts`).
 */
export function urlLayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(
    app,
    routes.urlLayer,
    async (request, reply) => {
      await projectOr404(ctx, request.params.project);
      const { type, url, table, wktColumn } = request.query;
      return send(request, reply, await ctx.urlLayers.read({ type, url, table, wktColumn }));
    },
    {
      schema: {
        response: {
          200: GEOJSON,
          304: { description: 'not modified', type: 'null' },
          400: failure('invalid_body: the file could not be read, or is not what its type says'),
        },
      },
    },
  );
}

/**
 * `/p/{p}/layers/{id}.geojson`: a converted URL layer of the published snapshot, for the public
 * page. Only the URLs the published scene names are read, so the route is no open proxy.
 */
export function publishedUrlLayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { project: string; layer: string } }>(
    '/p/:project/layers/:layer',
    {
      schema: {
        summary: 'A GIS file that the published scene names by URL, as WGS84 GeoJSON',
        params: { type: 'object', properties: { project: { type: 'string' }, layer: { type: 'string', description: '{layer id}.geojson' } } },
        response: { 200: GEOJSON, 304: { description: 'not modified', type: 'null' }, 400: failure('invalid_body'), 404: failure('not_found') },
      },
    },
    async (request, reply) => {
      const found = await publishedProject(ctx, request.params.project);
      const id = request.params.layer.replace(/\.geojson$/, '');
      const layer = found && (JSON.parse(found.publication.json) as PublishedSnapshot).scene.layers.find((l) => l.id === id && l.source !== undefined);
      if (!layer || !request.params.layer.endsWith('.geojson'))
        throw new ApiError('not_found', `no published URL layer "${id.slice(0, 80)}" in "${request.params.project.slice(0, 80)}"`);
      return send(
        request,
        reply,
        await ctx.urlLayers.read({ type: layer.type, url: layer.source!, table: layer.data?.table, wktColumn: layer.data?.wktColumn }),
      );
    },
  );
}
