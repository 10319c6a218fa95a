import type { FastifyInstance } from 'fastify';
import { archiveEntryKey } from '../assets/archive.js';
import { assetPrefix } from '../assets/asset-service.js';
import { isId } from '../assets/ids.js';
import type { Asset } from '../store/store.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { parseRange } from './byte-range.js';
import { openPublicProject } from './public-access.js';

/** Types a browser could run as script or markup in our origin: always served as attachments. */
const ACTIVE_TYPES = /^(text\/html|image\/svg\+xml|application\/xml|text\/xml|application\/xhtml\+xml)/;

function contentDisposition(name: string, attachment: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

interface ServedFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
  etag: string;
}

/** The asset's own file when `path` is its name, else the archive entry at `path`. */
function fileOf(asset: Asset, path: string): ServedFile | undefined {
  if (path === asset.name) {
    return { key: asset.storageKey, name: asset.name, size: asset.size, contentType: asset.contentType, etag: `${asset.id}-${asset.size}` };
  }
  const index = asset.files?.findIndex((f) => f.path === path) ?? -1;
  const entry = asset.files?.[index];
  if (!entry) return undefined;
  return {
    key: archiveEntryKey(assetPrefix(asset), index),
    name: path.slice(path.lastIndexOf('/') + 1),
    size: entry.size,
    contentType: entry.contentType,
    etag: `${asset.id}-${index}-${entry.size}`,
  };
}

/** `GET /files/{project}/{assetId}/{name}`: a public asset's bytes, with ranges and caching. */
export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { project: string; assetId: string; '*': string } }>(
    '/files/:project/:assetId/*',
    async (request, reply) => {
      const project = await openPublicProject(ctx, request, request.params.project);
      const { assetId } = request.params;
      const path = request.params['*'];
      const asset = isId(assetId) ? await ctx.store.getAsset(project.id, assetId) : undefined;
      const file = asset?.public ? fileOf(asset, path) : undefined;
      if (!asset || !file) throw new ApiError('not_found', 'no such file');
      const etag = `"${file.etag}"`;
      reply.header('ETag', etag);
      reply.header('Last-Modified', new Date(asset.createdAt).toUTCString());
      reply.header('Cache-Control', project.visibility === 'public' ? 'public, max-age=3600' : 'private, max-age=0, must-revalidate');
      reply.header('Accept-Ranges', 'bytes');
      reply.header('X-Content-Type-Options', 'nosniff');
      // Uploaded bytes never run as a document of this origin.
      reply.header('Content-Security-Policy', 'sandbox; default-src \'none\'');
      reply.header('Content-Disposition', contentDisposition(file.name, ACTIVE_TYPES.test(file.contentType)));
      const type = file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType;
      reply.type(type);

      const ifNoneMatch = request.headers['if-none-match'];
      // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" matches "x".
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
        return reply.code(304).send();
      }
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
      return reply.send(await ctx.storage.read(file.key));
    },
  );
}
