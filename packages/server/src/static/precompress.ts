import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import send from '@fastify/send';
import {
  type Encoding,
  ENCODING_SUFFIX,
  ENCODINGS,
  isCompressibleType,
  MIN_COMPRESSED_BYTES,
  PRECOMPRESSED_BROTLI_QUALITY,
  PRECOMPRESSED_GZIP_LEVEL,
} from '../http/transport/compressible.js';

/** What one `precompressTree` did. */
export interface PrecompressReport {
  /** Files worth compressing (a text type, at least `MIN_COMPRESSED_BYTES`). */
  files: number;
  /** Their bytes. */
  bytes: number;
  /** The bytes of their copies in each coding, made now or kept from before. */
  encodedBytes: Record<Encoding, number>;
  /** Copies made now (the others were up to date). */
  written: number;
}

function compressor(encoding: Encoding, size: number) {
  if (encoding === 'gzip') return createGzip({ level: PRECOMPRESSED_GZIP_LEVEL });
  return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: PRECOMPRESSED_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

async function modifiedAt(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** One copy to make: a file in one coding. */
interface Copy {
  file: string;
  size: number;
  modifiedMs: number;
  encoding: Encoding;
  /** Where the copy goes. */
  path: string;
}

/** Writes `copy` unless a copy newer than its file is there; says whether it wrote. */
async function writeCopy(copy: Copy): Promise<boolean> {
  const copiedAt = await modifiedAt(copy.path);
  if (copiedAt !== undefined && copiedAt >= copy.modifiedMs) return false;
  await mkdir(dirname(copy.path), { recursive: true });
  const temporary = `${copy.path}.${process.pid}.tmp`;
  try {
    await pipeline(createReadStream(copy.file), compressor(copy.encoding, copy.size), createWriteStream(temporary));
    await rename(temporary, copy.path);
  } finally {
    await rm(temporary, { force: true });
  }
  return true;
}

/**
 * Writes, for every file under `sourceDir` of a compressible type (by the file name, as
 * @fastify/static will serve it) and at least `MIN_COMPRESSED_BYTES`, its brotli and gzip copies at
 * the best level under `outDir` (the same folder for copies beside the files): `x.js.br` and
 * `x.js.gz`, as @fastify/static's `preCompressed` looks for them. A copy newer than its file is
 * kept, so that a second build does nothing. Each copy is written to a temporary name and renamed,
 * so a build that stops half-way never leaves a cut-off copy to serve. `parallel` copies are made at
 * once (zlib compresses on libuv's thread pool), one per core by default: brotli at its best level is
 * most of a fresh build's time.
 */
export async function precompressTree(sourceDir: string, outDir: string, parallel = availableParallelism()): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, encodedBytes: { br: 0, gzip: 0 }, written: 0 };
  const copies: Copy[] = [];
  for await (const file of filesUnder(sourceDir)) {
    if (ENCODINGS.some((e) => file.endsWith(ENCODING_SUFFIX[e]))) continue;
    const type = send.mime.getType(file);
    const source = await stat(file);
    if (!type || !isCompressibleType(type) || source.size < MIN_COMPRESSED_BYTES) continue;
    report.files += 1;
    report.bytes += source.size;
    for (const encoding of ENCODINGS) {
      copies.push({ file, size: source.size, modifiedMs: source.mtimeMs, encoding, path: join(outDir, relative(sourceDir, file)) + ENCODING_SUFFIX[encoding] });
    }
  }
  const next = copies.values();
  const worker = async () => {
    for (const copy of next) {
      if (await writeCopy(copy)) report.written += 1;
      // Read the size first: `x += await y` reads x before it waits, and the copies run at once.
      const size = (await stat(copy.path)).size;
      report.encodedBytes[copy.encoding] += size;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return report;
}
