import { fileRoutes as routes } from '@orbis/contract';
import type { PublishedSnapshot, PublishedTerrain } from '@orbis/scene';
import type { FastifyInstance } from 'fastify';
import type { RemoteRaster } from '../../rasters/raster-tiles.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { declaredRoute } from '../transport/declared-route.js';
import { projectOr404 } from '../project-param.js';
import { publishedProject } from '../pages/published-project.js';
import { placeQuery, rasterQuery, type RasterRequest, replyRasterTile, replyRasterValues } from './raster-routes.js';

/** The file's name for messages: the URL's last path segment. */
function remoteRaster(url: string): RemoteRaster {
  let name = url;
  try {
    name = decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  } catch {
    // Not a URL: the range client says so.
  }
  return { url, name };
}

/** The URL of a published `geotiff` layer named by URL; 404 for any layer the published scene does not name so. */
async function publishedRaster(ctx: AppContext, alias: string, layerId: string): Promise<RemoteRaster> {
  const found = await publishedProject(ctx, alias);
  const layer =
    found &&
    (JSON.parse(found.publication.json) as PublishedSnapshot).scene.layers.find((l) => l.id === layerId && l.type === 'geotiff' && l.source !== undefined);
  if (!layer) throw new ApiError('not_found', `no published GeoTIFF layer by URL "${layerId.slice(0, 80)}" in "${alias.slice(0, 80)}"`);
  return remoteRaster(layer.source!);
}

/** The URL of the published scene's terrain `dem` by URL; 404 when it has none. */
async function publishedTerrain(ctx: AppContext, alias: string): Promise<RemoteRaster> {
  const found = await publishedProject(ctx, alias);
  const terrain = found && ((JSON.parse(found.publication.json) as PublishedSnapshot).scene.property.terrain as PublishedTerrain | undefined);
  if (terrain?.type !== 'dem' || terrain.source === undefined) throw new ApiError('not_found', `no published terrain by URL in "${alias.slice(0, 80)}"`);
  return remoteRaster(terrain.source);
}

const CACHE = 'public, max-age=300';

/**
 * A GeoTIFF named by URL (docs/rasters.md, "A GeoTIFF by URL"): tiles and pixel values cut from
 * range reads of the remote file, never downloaded whole. The editor's routes read any URL, for a
 * project's members; the public ones only the URLs of the published scene's layers, so the server
 * is no open proxy. Hosts inside the deployment's network are refused (ORBIS_URL_LAYERS_PRIVATE).
 */
export function urlRasterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const layerParams = {
    type: 'object',
    properties: {
      project: { type: 'string' },
      layer: { type: 'string' },
      z: { type: 'string' },
      x: { type: 'string' },
      file: { type: 'string', description: '`{y}.png` or `{y}.webp`' },
    },
  };
  type LayerTile = Omit<RasterRequest, 'Params'> & { Params: RasterRequest['Params'] & { layer: string } };
  app.get<LayerTile>(
    '/api/p/:project/url-rasters/:layer/:z/:x/:file',
    {
      schema: {
        summary: 'A Web Mercator tile of a published geotiff layer named by URL (docs/contract.md §17), cut by range reads of the remote file',
        params: layerParams,
        querystring: rasterQuery,
      },
    },
    async (request, reply) => {
      const file = await publishedRaster(ctx, request.params.project, request.params.layer);
      return replyRasterTile(ctx, request as never, reply, file, undefined, CACHE);
    },
  );
  app.get<RasterRequest>(
    '/api/p/:project/url-terrain/:z/:x/:file',
    {
      schema: {
        summary: 'A terrain tile (Terrarium heights) of the published scene\'s DEM named by URL (docs/contract.md §17 terrain "dem"), cut by range reads',
        params: layerParams,
      },
    },
    async (request, reply) => {
      const file = await publishedTerrain(ctx, request.params.project);
      return replyRasterTile(ctx, request, reply, file, undefined, CACHE, 'terrain');
    },
  );
  app.get<{ Params: { project: string; layer: string }; Querystring: { lng: string; lat: string } }>(
    '/api/p/:project/url-rasters/:layer/values',
    { schema: { summary: "Every band's value of a published geotiff layer's pixel under a longitude/latitude (what a click shows)", querystring: placeQuery } },
    async (request) => {
      return replyRasterValues(ctx, await publishedRaster(ctx, request.params.project, request.params.layer), request.query);
    },
  );
}

/** The editor's twins: `GET /api/projects/{p}/url-rasters/{z}/{x}/{y}.png?url=…` and `…/url-rasters/values?url=…&lng&lat`, for a project's readers. */
export function adminUrlRasterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const urlQuery = {
    ...rasterQuery,
    required: ['url'],
    properties: { ...rasterQuery.properties, url: { type: 'string', description: 'the http or https URL of the GeoTIFF' } },
  };
  type UrlTile = Omit<RasterRequest, 'Querystring'> & { Querystring: RasterRequest['Querystring'] & { url: string } };
  declaredRoute<typeof routes.urlRasterTile, UrlTile>(
    app,
    routes.urlRasterTile,
    async (request, reply) => {
      await projectOr404(ctx, request.params.project);
      return replyRasterTile(ctx, request, reply, remoteRaster(request.query.url), undefined, 'private, max-age=300');
    },
    { schema: { querystring: urlQuery } },
  );
  declaredRoute<typeof routes.urlTerrainTile, UrlTile>(
    app,
    routes.urlTerrainTile,
    async (request, reply) => {
      await projectOr404(ctx, request.params.project);
      return replyRasterTile(ctx, request, reply, remoteRaster(request.query.url), undefined, 'private, max-age=300', 'terrain');
    },
    { schema: { querystring: { type: 'object', required: ['url'], properties: { url: urlQuery.properties.url } } } },
  );
  const valuesQuery = { ...placeQuery, required: ['url', 'lng', 'lat'], properties: { ...placeQuery.properties, url: { type: 'string' } } };
  declaredRoute<typeof routes.urlRasterValues, { Params: { project: string }; Querystring: { url: string; lng: string; lat: string } }>(
    app,
    routes.urlRasterValues,
    async (request) => {
      await projectOr404(ctx, request.params.project);
      return replyRasterValues(ctx, remoteRaster(request.query.url), request.query);
    },
    { schema: { querystring: valuesQuery } },
  );
}
