import { fileRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GEOTIFF_NAME } from '@orbis/scene';
import { archiveEntryKey } from '../../assets/archive.js';
import { assetPrefix } from '../../assets/asset-service.js';
import { convertedOf, previewOf } from '../../rasters/cog-conversion.js';
import { RasterFileError } from '../../rasters/raster-file-error.js';
import { type RasterStyle, RasterStyleError } from '../../rasters/raster-style.js';
import type { RasterFile, RemoteRaster, TileFormat } from '../../rasters/raster-tiles.js';
import { isId } from '../../records/ids.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { matchingEtag } from '../transport/etag.js';
import { projectOr404 } from '../project-param.js';
import { openPublicProject } from '../public-access.js';
import { publicSecurity } from '../transport/schemas.js';

/** The deepest zoom served: a pixel of about 2 cm, finer than any orthophoto. */
export const MAX_RASTER_ZOOM = 24;
const TILE_FILE = /^(\d{1,9})\.(png|webp)$/;
const NUMBER = '-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?';
const COLOUR = '[0-9a-fA-F]{6}([0-9a-fA-F]{2})?';

export type RasterRequest = {
  Params: { project: string; assetId: string; z: string; x: string; file: string };
  Querystring: { bands?: string; nodata?: string; ramp?: string; breaks?: string; hillshade?: string };
};

export const rasterQuery = {
  type: 'object',
  properties: {
    bands: {
      type: 'string',
      pattern: '^[1-9]\\d{0,3}(,[1-9]\\d{0,3}){0,3}$',
      description: '1-based bands, comma-separated: one (ramp, grey, hillshade), three (RGB) or four (RGBA)',
    },
    nodata: { type: 'string', pattern: `^(${NUMBER}|nan|NaN)$`, description: "the value shown transparent (default: the file's own nodata)" },
    ramp: { type: 'string', pattern: `^${COLOUR}(,${COLOUR}){0,63}$`, description: 'colours as hex `rrggbb` or `rrggbbaa`, comma-separated, low to high' },
    breaks: { type: 'string', pattern: `^${NUMBER}(,${NUMBER}){0,62}$`, description: 'class limits, ascending, one fewer than the ramp has colours' },
    hillshade: { type: 'string', enum: ['true', 'false'], description: 'one band (a DEM) as a shaded relief' },
  },
};

export const rasterParams = {
  type: 'object',
  properties: {
    project: { type: 'string' },
    assetId: { type: 'string' },
    z: { type: 'string' },
    x: { type: 'string' },
    file: { type: 'string', description: '`{y}.png` or `{y}.webp`' },
  },
};

/** The layer's style as the tile URL's query carries it (docs/rasters.md). */
export function styleOfQuery(query: RasterRequest['Querystring']): RasterStyle {
  const style: RasterStyle = {};
  if (query.bands) style.bands = query.bands.split(',').map(Number);
  if (query.nodata) style.nodata = Number(query.nodata);
  if (query.ramp) {
    style.ramp = query.ramp.split(',').map((hex) => {
      const bytes = [0, 2, 4, 6].map((i) => (i < hex.length ? parseInt(hex.slice(i, i + 2), 16) : 255));
      return bytes as [number, number, number, number];
    });
  }
  if (query.breaks) style.breaks = query.breaks.split(',').map(Number);
  if (query.hillshade === 'true') style.hillshade = true;
  return style;
}

function tileOf(params: RasterRequest['Params']): { z: number; x: number; y: number; format: TileFormat } {
  const file = TILE_FILE.exec(params.file);
  const z = /^\d{1,2}$/.test(params.z) ? Number(params.z) : Number.NaN;
  const x = /^\d{1,9}$/.test(params.x) ? Number(params.x) : Number.NaN;
  const y = file ? Number(file[1]) : Number.NaN;
  if (!file || !(z <= MAX_RASTER_ZOOM) || !(x < 2 ** z) || !(y < 2 ** z)) {
    throw new ApiError(
      'not_found',
      `no tile ${params.z}/${params.x}/${params.file}: tiles are {z}/{x}/{y}.png or .webp, zoom 0 to ${MAX_RASTER_ZOOM}, x and y below 2^zoom`,
    );
  }
  return { z, x, y, format: file[2] as TileFormat };
}

/** What a route answers: imagery tiles styled by the query, or a DEM's Terrarium heights. */
export type TileKind = 'imagery' | 'terrain';

/**
 * Answers tile z/x/y of a raster (stored or by URL): revalidated by an ETag made of `tag` (the
 * file's identity) when it has one, and the file's faults said as API errors.
 */
export async function replyRasterTile(
  ctx: AppContext,
  request: FastifyRequest<RasterRequest>,
  reply: FastifyReply,
  file: RasterFile | RemoteRaster,
  tag: string | undefined,
  cacheControl: string,
  kind: TileKind = 'imagery',
): Promise<FastifyReply> {
  const { z, x, y, format } = tileOf(request.params);
  if (kind === 'terrain' && format !== 'png') throw new ApiError('not_found', 'terrain tiles are {z}/{x}/{y}.png');
  const style = styleOfQuery(request.query);
  reply.header('Cache-Control', cacheControl);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (tag !== undefined) {
    const styleTag = kind === 'terrain' ? 'terrain' : createHash('sha256').update(JSON.stringify(style)).digest('hex').slice(0, 16);
    const etag = `"${tag}-${z}-${x}-${y}-${styleTag}.${format}"`;
    reply.header('ETag', etag);
    const matched = matchingEtag(request.headers['if-none-match'], etag);
    if (matched !== undefined) return reply.header('ETag', matched).code(304).send();
  }
  let bytes: Buffer;
  try {
    bytes = kind === 'terrain' ? await ctx.rasters.terrain(file, z, x, y) : await ctx.rasters.tile(file, style, z, x, y, format);
  } catch (err) {
    if (err instanceof RasterStyleError) throw new ApiError('invalid_parameter', `"${err.param}": ${err.message}`);
    if (err instanceof RasterFileError) throw new ApiError('not_found', `no tiles: ${err.message}`);
    throw err;
  }
  return reply.type(`image/${format}`).send(bytes);
}

/** The place of a values request, checked: within Web Mercator's latitudes. */
export function placeOf(query: { lng: string; lat: string }): { lng: number; lat: number } {
  const lng = Number(query.lng);
  const lat = Number(query.lat);
  if (Math.abs(lng) > 180 || Math.abs(lat) > 85.06)
    throw new ApiError('invalid_parameter', '"lng" and "lat" must be a longitude (-180 to 180) and a latitude (-85.06 to 85.06, Web Mercator\'s)');
  return { lng, lat };
}

/** `{lng, lat, values, nodata}`: every band's value of the raster's pixel under the place (docs/rasters.md, "A pixel's values"). */
export async function replyRasterValues(
  ctx: AppContext,
  file: RasterFile | RemoteRaster,
  query: { lng: string; lat: string },
): Promise<{ lng: number; lat: number; values: number[] | null; nodata: number | null }> {
  const { lng, lat } = placeOf(query);
  try {
    return { lng, lat, ...(await ctx.rasters.valuesAt(file, lng, lat)) };
  } catch (err) {
    if (err instanceof RasterFileError) throw new ApiError('not_found', `no values: ${err.message}`);
    throw err;
  }
}

/** A NUMBER-only query of longitude and latitude, for the values routes' schemas. */
export const placeQuery = {
  type: 'object',
  required: ['lng', 'lat'],
  properties: { lng: { type: 'string', pattern: `^${NUMBER}$` }, lat: { type: 'string', pattern: `^${NUMBER}$` } },
};

/** A GeoTIFF asset of the project (public ones only when `requirePublic`), as the tile cutter reads it; 404 otherwise. */
async function geotiffAsset(ctx: AppContext, project: Project, assetId: string, requirePublic: boolean): Promise<{ file: RasterFile; tag: string }> {
  const asset = isId(assetId) ? await ctx.store.getAsset(project.id, assetId) : undefined;
  if (!asset || (requirePublic && !asset.public)) throw new ApiError('not_found', 'no such asset');
  if (!GEOTIFF_NAME.test(asset.name) && asset.contentType !== 'image/tiff')
    throw new ApiError('not_found', `"${asset.name}" is not a GeoTIFF: raster tiles are cut from .tif files`);
  const prefix = assetPrefix(asset);
  // A plain GeoTIFF's tiled copy made after upload, once it has one (docs/rasters.md, "Plain GeoTIFFs"):
  // its tiles are kept apart from those cut from the file as it is before (a ramp's range may differ).
  const converted = convertedOf(asset.files, (i) => archiveEntryKey(prefix, i));
  // Until then, the preview made first, read as an overview of the file as it is.
  const preview = converted ? undefined : previewOf(asset.files, (i) => archiveEntryKey(prefix, i));
  const tag = `${asset.id}-${asset.size}${converted ? '-c' : preview ? '-p' : ''}`;
  const file: RasterFile = {
    key: asset.storageKey,
    name: asset.name,
    size: asset.size,
    etag: tag,
    prefix,
    ...(converted ? { converted } : preview ? { preview } : {}),
  };
  return { file, tag };
}

async function sendRasterTile(
  ctx: AppContext,
  request: FastifyRequest<RasterRequest>,
  reply: FastifyReply,
  project: Project,
  requirePublic: boolean,
  kind: TileKind = 'imagery',
): Promise<FastifyReply> {
  const { file, tag } = await geotiffAsset(ctx, project, request.params.assetId, requirePublic);
  const cacheControl = project.visibility === 'public' && requirePublic ? 'public, max-age=3600' : 'private, max-age=0, must-revalidate';
  return replyRasterTile(ctx, request, reply, file, tag, cacheControl, kind);
}

/** `GET /api/p/{p}/rasters/{assetId}/{z}/{x}/{y}.png|.webp`: a public GeoTIFF's tiles, under the listing's access rules. */
export function rasterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const schema = {
    summary: 'A Web Mercator tile of a public GeoTIFF asset (docs/contract.md §17), cut by range reads and kept in storage',
    security: publicSecurity,
    params: rasterParams,
    querystring: rasterQuery,
  };
  app.get<RasterRequest>('/api/p/:project/rasters/:assetId/:z/:x/:file', { schema }, async (request, reply) => {
    const project = await openPublicProject(ctx, request, request.params.project);
    return sendRasterTile(ctx, request, reply, project, true);
  });
  const values = {
    summary:
      "Every band's value of a public GeoTIFF asset's pixel under a longitude/latitude (docs/contract.md §17: what a click on a raster shows); `values` null off the raster",
    security: publicSecurity,
    params: { type: 'object', properties: { project: { type: 'string' }, assetId: { type: 'string' } } },
    querystring: placeQuery,
  };
  app.get<{ Params: { project: string; assetId: string }; Querystring: { lng: string; lat: string } }>(
    '/api/p/:project/rasters/:assetId/values',
    { schema: values },
    async (request) => {
      const project = await openPublicProject(ctx, request, request.params.project);
      const { file } = await geotiffAsset(ctx, project, request.params.assetId, true);
      return replyRasterValues(ctx, file, request.query);
    },
  );
  const terrain = {
    summary:
      'A terrain tile of a public DEM GeoTIFF asset (docs/contract.md §17 terrain "dem"): 65 × 65 Terrarium-encoded heights on the Web Mercator tile, edges included',
    security: publicSecurity,
    params: rasterParams,
  };
  app.get<RasterRequest>('/api/p/:project/terrain/:assetId/:z/:x/:file', { schema: terrain }, async (request, reply) => {
    const project = await openPublicProject(ctx, request, request.params.project);
    return sendRasterTile(ctx, request, reply, project, true, 'terrain');
  });
}

/** `GET /api/projects/{p}/rasters/{assetId}/{z}/{x}/{y}.png|.webp`: any GeoTIFF asset's tiles, for the editor (a project reader's). */
export function adminRasterRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute<typeof routes.rasterTile, RasterRequest>(
    app,
    routes.rasterTile,
    async (request, reply) => {
      const project = await projectOr404(ctx, request.params.project);
      return sendRasterTile(ctx, request, reply, project, false);
    },
    { schema: { querystring: rasterQuery } },
  );
  declaredRoute<typeof routes.rasterValues, { Params: { project: string; assetId: string }; Querystring: { lng: string; lat: string } }>(
    app,
    routes.rasterValues,
    async (request) => {
      const project = await projectOr404(ctx, request.params.project);
      const { file } = await geotiffAsset(ctx, project, request.params.assetId, false);
      return replyRasterValues(ctx, file, request.query);
    },
    { schema: { querystring: placeQuery } },
  );
  declaredRoute<typeof routes.rasterConversion, { Params: { project: string; assetId: string } }>(app, routes.rasterConversion, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const asset = isId(request.params.assetId) ? await ctx.store.getAsset(project.id, request.params.assetId) : undefined;
    if (!asset) throw new ApiError('not_found', 'no such asset');
    return (await ctx.assets.conversions?.stateOf(asset)) ?? { state: 'none' };
  });
  declaredRoute<typeof routes.terrainTile, RasterRequest>(app, routes.terrainTile, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    return sendRasterTile(ctx, request, reply, project, false, 'terrain');
  });
}
