import { negotiate } from '@fastify/accept-negotiator';

/**
 * What the server compresses, and how: the one place that says it. The dynamic answers
 * (`compression.ts`, through @fastify/compress) and the files compressed ahead of time
 * (`static/precompress.ts`, served by @fastify/static's `preCompressed`) both read it.
 */

/** The encodings offered, best first: each has a file suffix for the precompressed copies. */
export const ENCODINGS = ['br', 'gzip'] as const;

/** A content coding the server sends. */
export type Encoding = (typeof ENCODINGS)[number];

/** The precompressed copy of `file.js` is `file.js.br` or `file.js.gz` (@fastify/static's names). */
export const ENCODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * Answers and files smaller than this go as they are: the saving is a few hundred bytes at most,
 * less than a round trip's worth, and it costs a compressor's set-up for each.
 */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Answers up to this size are compressed in one piece on the main thread (a 100-asset page, the
 * largest, is about 30 KB: about 0.3 ms at brotli 4), so that the page cache can keep the result;
 * larger ones (the whole list, big files) stream through zlib's thread pool.
 */
export const SYNC_COMPRESSED_BYTES = 64 * 1024;

/**
 * Brotli quality for answers made per request (JSON answers, asset files). Quality 4 was the
 * knee of the curve measured on this machine (docs/performance.md, "Compression"): about as fast
 * as gzip's default and smaller; 5 and up cost twice the CPU or more for a few per cent.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Brotli's window for answers made per request: 1 MiB (2^20) rather than zlib's 4 MiB. Brotli sends
 * its first block after about twice its window, so a streamed answer (the whole list) starts after
 * about 2 MB instead of 8, and each stream's encoder holds a quarter of the memory; answers of a
 * few MB compressed the same in the measurements.
 */
export const DYNAMIC_BROTLI_WINDOW_BITS = 20;

/** gzip level for answers made per request (for clients without brotli): zlib's default. */
export const DYNAMIC_GZIP_LEVEL = 6;

/** Brotli quality and gzip level for files compressed once, ahead of time: the best each has. */
export const PRECOMPRESSED_BROTLI_QUALITY = 11;
export const PRECOMPRESSED_GZIP_LEVEL = 9;

/**
 * Text formats: JSON and its kin (GeoJSON, CZML, glTF JSON: `+json`), XML and its kin (KML, GPX,
 * SVG: `+xml`), every `text/` type (CSV, HTML, CSS, JavaScript) but event streams, JavaScript,
 * WebAssembly and Mapbox Vector Tiles (protobuf, not compressed inside). Not images, archives, glb, 3D tiles or `application/octet-stream`: they are
 * compressed already, or unknown.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[^;]*|application\/(?:json|xml|javascript|wasm|vnd\.mapbox-vector-tile)|[a-z]+\/[^;]*\+(?:json|xml))\s*(?:;|$)/i;

/** Whether an answer of this `Content-Type` is worth compressing. */
export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * The coding @fastify/compress picks for an `Accept-Encoding` header, for code that answers before
 * Fastify (`hot-listing.ts`): `*` and `x-gzip` count as gzip, as there.
 */
export function negotiatedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  return negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) ?? undefined;
}
