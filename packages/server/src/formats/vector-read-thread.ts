import { Worker } from 'node:worker_threads';
import { InputError } from '../input-error.js';
import type { GeojsonTexts, ReadJob, ReadReply } from './read-protocol.js';
import type { VectorFeatures } from './vector-features.js';

/** What one read in the worker may take (docs/gis-files.md "Limits"). */
export interface ReadLimits {
  /** The worker's JavaScript heap (V8's old generation), in MB: past it the read is stopped. */
  heapMb: number;
  /** How long a read may take, in milliseconds, before its worker is stopped. */
  deadlineMs: number;
  /** The most bytes of WGS84 GeoJSON a read may give. */
  maxGeojsonBytes: number;
}

/**
 * Room for docs/contract.md §13's layers of a million points, and no more: the heap is V8's for the features
 * as objects; the GeoJSON's bytes, outside it, are bounded on their own.
 */
export const READ_LIMITS: ReadLimits = { heapMb: 1536, deadlineMs: 120_000, maxGeojsonBytes: 1024 * 1024 * 1024 };

/** Reads at once, in workers: more wait their turn, so that uploads cannot start a worker each. */
const MAX_READING = 2;

/** The worker's file: its TypeScript source when this module runs from source (tests), else the built `.js`. */
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './vector-read-worker.ts' : './vector-read-worker.js', import.meta.url);

let reading = 0;
const waiting: (() => void)[] = [];

/** The GIS file reads running in workers now, and those waiting for a turn (`GET /metrics`). */
export function readThreads(): { running: number; waiting: number } {
  return { running: reading, waiting: waiting.length };
}

async function turn(): Promise<() => void> {
  if (reading >= MAX_READING) await new Promise<void>((resolve) => waiting.push(resolve));
  else reading += 1;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  };
}

function inWorker(job: ReadJob, limits: ReadLimits): Promise<ReadReply> {
  return new Promise((resolve, reject) => {
    // The worker gets a copy of the bytes: the caller's may be a view of a pooled or shared buffer.
    const worker = new Worker(WORKER_URL, {
      workerData: { job, maxGeojsonBytes: limits.maxGeojsonBytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      action();
      void worker.terminate();
    };
    const deadline = setTimeout(
      () =>
        settle(() =>
          reject(
            new InputError(
              'file',
              `${job.name}: reading it took longer than ${Math.round(limits.deadlineMs / 1000)} s: too large or too complex a file to read`,
            ),
          ),
        ),
      limits.deadlineMs,
    );
    worker.once('message', (reply: ReadReply) => settle(() => resolve(reply)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new InputError('file', `${job.name}: reading it needs more than ${limits.heapMb} MB of memory: too large or too complex a file to read`)
            : err,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the GIS file reader stopped (exit code ${code}) before it answered`))));
  });
}

/**
 * Reads a GIS file (or a CSV of WKT) in a worker thread with a bounded heap and a deadline
 * (docs/gis-files.md "Limits"), at most two at once: the server's event loop goes on answering
 * while a file is read, and a file that needs more memory or time than `limits` is a 400
 * `invalid_body` naming it and the limit, not a stalled or killed server. The reader's own
 * refusals come back as the same `InputError`s as when it runs in the caller's thread.
 */
export async function readOffThread(job: ReadJob & { output: 'geojson' }, limits?: ReadLimits): Promise<GeojsonTexts>;
export async function readOffThread(job: ReadJob & { output: 'features' }, limits?: ReadLimits): Promise<VectorFeatures>;
export async function readOffThread(job: ReadJob, limits: ReadLimits = READ_LIMITS): Promise<GeojsonTexts | VectorFeatures> {
  const done = await turn();
  let reply: ReadReply;
  try {
    reply = await inWorker(job, limits);
  } finally {
    done();
  }
  switch (reply.type) {
    case 'geojson':
      return reply.texts;
    case 'features':
      return reply.features;
    case 'refused':
      throw new InputError(reply.field, reply.message);
    case 'failed':
      throw new Error(`the GIS file reader failed on ${job.name}: ${reply.message}`);
  }
}
