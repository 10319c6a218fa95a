import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { vectorFormatOf, vectorFormatOfContentType } from '@orbis/scene';
import { csvRows, type ImportRow, jsonRows } from '../../models/import-rows.js';
import { vectorRows } from '../../models/vector-import-rows.js';
import { InputError } from '../../input-error.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { auditActor, grantOf } from '../auth/actor.js';
import { projectOr404 } from '../project-param.js';
import { modelRoutes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';

/** The request body as a stream that fails with a 413 past `max` bytes. */
function limited(body: Readable, max: number): Readable {
  async function* counted() {
    let bytes = 0;
    for await (const chunk of body) {
      bytes += (chunk as Buffer).length;
      if (bytes > max) throw Object.assign(new Error(`the import is larger than ${max} bytes`), { statusCode: 413 });
      yield chunk as Buffer;
    }
  }
  return Readable.from(counted());
}

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
function fileNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return undefined;
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/** What an import reads: its bytes, their media type (lower case, no parameters) and the file name sent with them. */
interface ImportBody {
  body: Readable;
  type: string;
  fileName: string | undefined;
}

/**
 * The file of a multipart import: its one `file` part, with the part's media type and file name (a browser's
 * `FormData`, curl's `-F file=@wards.csv`). Past ORBIS_MAX_UPLOAD_MB the part fails with a 413.
 */
async function multipartBody(ctx: AppContext, request: FastifyRequest): Promise<ImportBody> {
  const part = (await request.file({ limits: { fileSize: ctx.maxUploadBytes } })) as MultipartFile | undefined;
  if (!part) throw new InputError('file', 'send the file to import as the multipart field "file"');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new InputError('file', `unexpected file field "${String(part.fieldname).slice(0, 60)}"; use "file"`);
  }
  // Past the limit busboy cuts the file short and says so only by this event: the file would read as complete.
  part.file.once('limit', () => part.file.destroy(new ApiError('payload_too_large', `the import is larger than ${ctx.maxUploadBytes} bytes`)));
  return { body: part.file, type: part.mimetype.split(';')[0]!.trim().toLowerCase(), fileName: part.filename || undefined };
}

/** The file of a plain import: the request body, its Content-Type, and a `Content-Disposition` file name if any. */
function plainBody(ctx: AppContext, request: FastifyRequest): ImportBody {
  const body = request.body instanceof Readable ? limited(request.body, ctx.maxUploadBytes) : undefined;
  if (!body) throw new ApiError('invalid_body', 'send the file to import as the request body');
  return {
    body,
    type: (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
    fileName: fileNameOf(request.headers['content-disposition']),
  };
}

/**
 * `POST /api/projects/{p}/models/{m}/import`: CSV, a JSON array or a GeoJSON FeatureCollection, or a GIS file, as
 * the body or as the multipart field `file`, read as a stream and recorded all or nothing; the first bad row is
 * named. The format is the media type's, or else the file name's (a body or part sent as
 * `application/octet-stream`, or without a type), alike for CSV, JSON and the GIS formats (docs/gis-files.md).
 * Registered in its own scope, where every body but a multipart one reaches the route unparsed.
 */
export async function importRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A multipart body is left to @fastify/multipart (registered in app.ts); every other one is read here as it streams.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  declaredRoute(app, modelRoutes.import, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const model = await ctx.store.getModel(project.id, request.params.model);
    if (!model) throw new ApiError('not_found', `model "${request.params.model.slice(0, 80)}" does not exist`);
    const flag = request.query.public;
    const { body, type, fileName } = request.isMultipart() ? await multipartBody(ctx, request) : plainBody(ctx, request);
    const format = vectorFormatOfContentType(type) ?? (fileName ? vectorFormatOf(fileName) : undefined);
    // A body sent without its media type (`application/octet-stream`, or none) goes by its file name, as the GIS formats do.
    const named = type === 'application/octet-stream' || type === '' ? /\.(csv|json|geojson)$/i.exec(fileName ?? '')?.[1]?.toLowerCase() : undefined;
    let rows: AsyncIterable<ImportRow>;
    if (format) rows = vectorRows(format, fileName ?? `the ${format} body`, body, model.fields);
    else if (type === 'text/csv' || named === 'csv') rows = csvRows(body, model.fields);
    else if (type === 'application/json' || type === 'application/geo+json' || named === 'json' || named === 'geojson') rows = jsonRows(body, model.fields);
    else
      throw new ApiError(
        'invalid_body',
        `Content-Type must be text/csv, application/json, application/geo+json or a GIS file's (a shapefile's application/zip, application/geopackage+sqlite3, application/flatgeobuf, application/geo+json-seq), or application/octet-stream with a file name of one (.csv, .json, .geojson, .zip …), as the body or as the multipart field "file"; got "${type.slice(0, 60)}"${fileName ? ` for "${fileName.slice(0, 80)}"` : ''}`,
      );
    const created = await ctx.models.importItems(project, model, rows, flag === undefined ? undefined : flag === 'true', auditActor(grantOf(request).actor));
    return reply.code(201).send({ created });
  });
}
