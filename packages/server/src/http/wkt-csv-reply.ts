import { buffer } from 'node:stream/consumers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { featureCollectionText } from '../formats/vector-features.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { answeredNotModified } from './etag.js';

/** A stored CSV file, as `sendAssetFile` found it. */
export interface CsvFile {
  key: string;
  name: string;
  contentType: string;
  etag: string;
}

/**
 * Answers a CSV asset file asked for with `?wktColumn=` (SPEC §13) as the GeoJSON of its WKT
 * column, under the file's own access rules and caching: what a `csv` layer with
 * `data.wktColumn` draws. Read whole, so that a bad row is a 400 naming it, not a cut answer.
 */
export async function sendWktCsvAsGeojson(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, file: CsvFile, column: string): Promise<FastifyReply> {
  if (!file.contentType.startsWith('text/csv')) throw new ApiError('invalid_parameter', `wktColumn applies to a CSV file; "${file.name}" is ${file.contentType}`);
  const etag = `"${file.etag}-wkt-${Buffer.from(column).toString('base64url')}"`;
  if (answeredNotModified(request, reply, etag)) return reply;
  const text = (await buffer(await ctx.storage.read(file.key))).toString('utf8');
  const { readWktCsv } = await import('../formats/wkt-csv.js');
  const features = readWktCsv(file.name, text, column);
  reply.type('application/geo+json');
  return reply.send([...featureCollectionText(features)].join(''));
}
