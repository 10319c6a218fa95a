import { buffer } from 'node:stream/consumers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { wktCsvGeojson } from '../../formats/wkt-csv-geojson.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { answeredNotModified } from '../transport/etag.js';

/** A stored CSV file, as `sendAssetFile` found it. */
export interface CsvFile {
  key: string;
  name: string;
  contentType: string;
  etag: string;
}

/**
 * Answers a CSV asset file asked for with `?wktColumn=` (docs/contract.md §13) as the GeoJSON of its WKT
 * column, under the file's own access rules and caching: what a `csv` layer with
 * `data.wktColumn` draws. Read whole, so that a bad row is a 400 naming it, not a cut answer; in a
 * worker thread (bounded memory and time), once per file and column while it is kept.
 */
export async function sendWktCsvAsGeojson(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, file: CsvFile, column: string): Promise<FastifyReply> {
  if (!file.contentType.startsWith('text/csv'))
    throw new ApiError('invalid_parameter', `wktColumn applies to a CSV file; "${file.name}" is ${file.contentType}`);
  const etag = `"${file.etag}-wkt-${Buffer.from(column).toString('base64url')}"`;
  if (answeredNotModified(request, reply, etag)) return reply;
  const geojson = await wktCsvGeojson(file, column, async () => buffer(await ctx.storage.read(file.key)));
  reply.type('application/geo+json');
  return reply.send(geojson);
}
