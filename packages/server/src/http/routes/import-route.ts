import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { vectorFormatOf, vectorFormatOfContentType } from '@orbis/scene';
import { csvRows, type ImportRow, jsonRows } from '../../models/import-rows.js';
import { vectorRows } from '../../models/vector-import-rows.js';
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

/**
 * `POST /api/projects/{p}/models/{m}/import`: CSV, a JSON array or a GeoJSON FeatureCollection
 * (by Content-Type, or by the Content-Disposition file name of an `application/octet-stream` body), read as a stream and recorded all or nothing; the first bad row is named.
 * Registered in its own scope, where every body reaches the route unparsed.
 */
export async function importRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  declaredRoute(app, modelRoutes.import, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const model = await ctx.store.getModel(project.id, request.params.model);
    if (!model) throw new ApiError('not_found', `model "${request.params.model.slice(0, 80)}" does not exist`);
    const flag = request.query.public;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const body = request.body instanceof Readable ? limited(request.body, ctx.maxUploadBytes) : undefined;
    if (!body) throw new ApiError('invalid_body', 'send the file to import as the request body');
    const fileName = fileNameOf(request.headers['content-disposition']);
    const format = vectorFormatOfContentType(type) ?? (fileName ? vectorFormatOf(fileName) : undefined);
    // A body sent without its media type (`application/octet-stream`, or none) goes by its file name, as the GIS formats do.
    const named = type === 'application/octet-stream' || type === '' ? /\.(csv|json|geojson)$/i.exec(fileName ?? '')?.[1]?.toLowerCase() : undefined;
    let rows: AsyncIterable<ImportRow>;
    if (format) rows = vectorRows(format, fileName ?? `the ${format} body`, body, model.fields);
    else if (type === 'text/csv' || named === 'csv') rows = csvRows(body, model.fields);
    else if (type === 'application/json' || type === 'application/geo+json' || named === 'json' || named === 'geojson') rows = jsonRows(body, model.fields);
    else throw new ApiError('invalid_body', `Content-Type must be text/csv, application/json, application/geo+json or a GIS file's (a shapefile's application/zip, application/geopackage+sqlite3, application/flatgeobuf, application/geo+json-seq), or application/octet-stream with a file name of one (.csv, .json, .geojson, .zip …); got "${type.slice(0, 60)}"${fileName ? ` for "${fileName.slice(0, 80)}"` : ''}`);
    const created = await ctx.models.importItems(project, model, rows, flag === undefined ? undefined : flag === 'true', auditActor(grantOf(request).actor));
    return reply.code(201).send({ created });
  });
}
