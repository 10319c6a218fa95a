import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DYNAMIC_BROTLI_QUALITY,
  DYNAMIC_BROTLI_WINDOW_BITS,
  DYNAMIC_GZIP_LEVEL,
  type Encoding,
  ENCODINGS,
  isCompressibleType,
  MIN_COMPRESSED_BYTES,
  SYNC_COMPRESSED_BYTES,
} from './compressible.js';
import { etagForEncoding } from './etag.js';

/**
 * Compresses what the app sends (docs/contract.md §13), by `Accept-Encoding`: JSON answers, the pages, and
 * text asset files, brotli or gzip through @fastify/compress, streams (the whole listing) as they
 * stream. Routes under `precompressedPrefixes` serve files compressed ahead of time
 * (@fastify/static's `preCompressed`) and are left to it: never compressed per request.
 *
 * Around it: a `Range` request is answered from the identity bytes (its offsets count those), an
 * answer's ETag names its coding (`etagForEncoding`), and every answer that could be compressed
 * says `Vary: Accept-Encoding`, its 304s and small answers included. Call before any route.
 * The hot path (`hot-listing.ts`), which answers before Fastify, sends only what this made
 * (`whenCompressed`) or what goes uncompressed.
 */
export async function installCompression(app: FastifyInstance, precompressedPrefixes: readonly string[]): Promise<void> {
  // A range counts identity bytes: the request is answered as one that accepts nothing else.
  app.addHook('onRequest', async (request) => {
    if (request.headers.range !== undefined) delete request.headers['accept-encoding'];
  });
  // @fastify/compress also compresses what mime-db calls compressible (glb among them): our list
  // has the last word, and an answer of another type is sent as to a client that accepts nothing
  // else. An app-wide onSend runs before the routes' own, @fastify/compress's among them.
  app.addHook('onSend', async (request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !isCompressibleType(type)) delete request.headers['accept-encoding'];
  });
  // Before @fastify/compress's own hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (precompressedPrefixes.some((prefix) => route.url?.startsWith(prefix))) route.compress = false;
  });
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: MIN_COMPRESSED_BYTES,
    syncThreshold: SYNC_COMPRESSED_BYTES,
    customTypes: isCompressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW_BITS } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
    // Request bodies are read as sent: no upload route takes a compressed one.
    globalDecompression: false,
  });
  // After @fastify/compress's hook on each route, so it sees the coding that was chosen.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    route.onSend = [...[route.onSend ?? []].flat(), taggedByEncoding];
  });
}

/** What keeps the bytes @fastify/compress made for a reply (`whenCompressed`). */
export type CompressedKeeper = (encoding: Encoding, body: Buffer, etag: string | undefined) => void;

const keepers = new WeakMap<FastifyReply, CompressedKeeper>();

/**
 * Calls `keep` with the bytes @fastify/compress makes of the reply's body, and the ETag they go
 * with, when it compresses them in one piece (every answer up to `SYNC_COMPRESSED_BYTES`; larger ones
 * stream and are not kept): the page cache keeps them, so that a page is compressed once per version.
 */
export function whenCompressed(reply: FastifyReply, keep: CompressedKeeper): void {
  keepers.set(reply, keep);
}

function taggedByEncoding(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  const encoding = reply.getHeader('content-encoding');
  const etag = reply.getHeader('etag');
  if (typeof encoding === 'string' && encoding !== 'identity') {
    const tagged = typeof etag === 'string' ? etagForEncoding(etag, encoding) : undefined;
    if (tagged !== undefined) reply.header('ETag', tagged);
    if (Buffer.isBuffer(payload) && (ENCODINGS as readonly string[]).includes(encoding)) keepers.get(reply)?.(encoding as Encoding, payload, tagged);
  }
  varyOnEncoding(reply);
  done(null, payload);
}

/** Adds `Accept-Encoding` to the answer's `Vary` (once: @fastify/compress may have added it). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const value = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return;
  reply.header('Vary', value === '' ? 'accept-encoding' : `${value}, accept-encoding`);
}
