import { fileRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isId } from '../../records/ids.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { parseRange } from '../transport/byte-range.js';
import { MIN_COMPRESSED_BYTES } from '../transport/compressible.js';
import { matchingEtag } from '../transport/etag.js';
import { projectOr404 } from '../project-param.js';
import { openPublicProject } from '../public-access.js';
import { publicSecurity } from '../transport/schemas.js';
import { fileOf } from './served-file.js';
import { sendTile, tileOf } from './tile-reply.js';
import { sendWktCsvAsGeojson } from './wkt-csv-reply.js';

/** Types a browser could run as script or markup in our origin: always served as attachments. */
const ACTIVE_TYPES = /^(text\/html|image\/svg\+xml|application\/xml|text\/xml|application\/xhtml\+xml)/;

function contentDisposition(name: string, attachment: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends the bytes of an asset's file (its own, or an archive entry at `path`) with ranges, ETag and
 * caching; 404 when there is no such file. `requirePublic` is the public route's rule.
 */
export async function sendAssetFile(
  ctx: AppContext,
  request: FastifyRequest<{ Querystring: FileQuery }>,
  reply: FastifyReply,
  project: Project,
  assetId: string,
  path: string,
  requirePublic: boolean,
): Promise<FastifyReply> {
  const asset = isId(assetId) ? await ctx.store.getAsset(project.id, assetId) : undefined;
  const tile = tileOf(path);
  if (asset && (asset.public || !requirePublic) && tile && !fileOf(asset, path))
    return sendTile(ctx, request, reply, project, asset, requirePublic, tile, request.query.table);
  const file = asset && (asset.public || !requirePublic) ? fileOf(asset, path) : undefined;
  if (!asset || !file) throw new ApiError('not_found', 'no such file');
  const etag = `"${file.etag}"`;
  reply.header('ETag', etag);
  reply.header('Last-Modified', new Date(asset.createdAt).toUTCString());
  reply.header('Cache-Control', project.visibility === 'public' && requirePublic ? 'public, max-age=3600' : 'private, max-age=0, must-revalidate');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('X-Content-Type-Options', 'nosniff');
  // Uploaded bytes never run as a document of this origin.
  reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  reply.header('Content-Disposition', contentDisposition(file.name, ACTIVE_TYPES.test(file.contentType)));
  reply.type(file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType);

  const { wktColumn } = request.query;
  if (wktColumn) return sendWktCsvAsGeojson(ctx, request, reply, file, wktColumn);
  // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x"; a compressed copy's tag matches too.
  const matched = matchingEtag(request.headers['if-none-match'], etag);
  if (matched !== undefined) return reply.header('ETag', matched).code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange !== undefined && ifRange !== etag ? { kind: 'full' as const } : parseRange(request.headers.range, file.size);
  if (range.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new ApiError('range_not_satisfiable', `range "${request.headers.range}" is outside the file's ${file.size} bytes`);
  }
  if (range.kind === 'partial') {
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('Content-Length', range.end - range.start + 1);
    return reply.send(await ctx.storage.read(file.key, range));
  }
  reply.header('Content-Length', file.size);
  // A small file goes as a buffer, which @fastify/compress leaves as it is below its threshold (it
  // compresses every stream); a larger one streams, compressed on the way when its type is text.
  const bytes = await ctx.storage.read(file.key);
  return reply.send(file.size < MIN_COMPRESSED_BYTES ? await buffer(bytes) : bytes);
}

/** The file routes' query: its schema below checks it before a handler runs. */
interface FileQuery {
  wktColumn?: string;
  table?: string;
}

type FileParams = { Params: { project: string; assetId: string; '*': string }; Querystring: FileQuery };

const fileQuery = {
  type: 'object',
  properties: {
    wktColumn: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: "a CSV file's column of WKT geometries: answers the CSV as GeoJSON (docs/contract.md §13 `data.wktColumn`)",
    },
    table: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'with `orbis-tiles/{z}/{x}/{y}.pbf`: the tiles of that GeoPackage table only (docs/contract.md §13 `data.table`)',
    },
  },
};

/** `GET /files/{project}/{assetId}/{name}`: a public asset's bytes, under the listing's access rules. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<FileParams>(
    '/files/:project/:assetId/*',
    {
      schema: {
        summary: 'The bytes of a public asset; Range requests, ETag and If-None-Match',
        security: publicSecurity,
        params: {
          type: 'object',
          properties: {
            project: { type: 'string' },
            assetId: { type: 'string' },
            '*': {
              type: 'string',
              description:
                'the file name, the path of a file inside an archive, or `orbis-tiles/{z}/{x}/{y}.pbf`: a Mapbox Vector Tile of a GeoJSON or GIS file (204 when empty)',
            },
          },
        },
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const project = await openPublicProject(ctx, request, request.params.project);
      return sendAssetFile(ctx, request, reply, project, request.params.assetId, request.params['*'], true);
    },
  );
}

/** `GET /api/projects/{p}/files/{assetId}/{name}`: any asset's bytes, for the editor's preview (admin). */
export function adminFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute<typeof routes.file, FileParams>(
    app,
    routes.file,
    async (request, reply) => {
      const project = await projectOr404(ctx, request.params.project);
      return sendAssetFile(ctx, request, reply, project, request.params.assetId, request.params['*'], false);
    },
    { schema: { querystring: fileQuery } },
  );
}
