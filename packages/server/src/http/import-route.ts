import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { csvRows, type ImportRow, jsonRows } from '../models/import-rows.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { queryOf } from './listing-reply.js';
import { projectOr404 } from './project-param.js';

type PM = { Params: { project: string; model: string } };

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

/**
 * `POST /api/projects/{p}/models/{m}/import`: CSV, a JSON array or a GeoJSON FeatureCollection
 * (by Content-Type), read as a stream and recorded all or nothing; the first bad row is named.
 * Registered in its own scope, where every body reaches the route unparsed.
 */
export async function importRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post<PM>('/api/projects/:project/models/:model/import', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const model = await ctx.store.getModel(project.id, request.params.model);
    if (!model) throw new ApiError('not_found', `model "${request.params.model.slice(0, 80)}" does not exist`);
    const flag = queryOf(request).get('public');
    if (flag !== null && flag !== 'true' && flag !== 'false') throw new ApiError('invalid_parameter', 'parameter "public" must be true or false');
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const body = request.body instanceof Readable ? limited(request.body, ctx.maxUploadBytes) : undefined;
    if (!body) throw new ApiError('invalid_body', 'send the file to import as the request body');
    let rows: AsyncIterable<ImportRow>;
    if (type === 'text/csv') rows = csvRows(body, model.fields);
    else if (type === 'application/json' || type === 'application/geo+json') rows = jsonRows(body, model.fields);
    else throw new ApiError('invalid_body', `Content-Type must be text/csv, application/json or application/geo+json, got "${type.slice(0, 60)}"`);
    const created = await ctx.models.importItems(project, model, rows, flag === 'true');
    return reply.code(201).send({ created });
  });
}
