// The read worker (a worker thread): reads one GIS file from the bytes the main thread sends and
// answers its WGS84 GeoJSON or its features, so that a file that is slow or large to read costs
// this thread's time and bounded heap, never the server's event loop (docs/gis-files.md
// "Limits"). It imports its neighbours by their `.ts` names: Node runs it from source in tests,
// and tsc rewrites them to `.js` in dist.
import { parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../input-error.ts';
import type { GeojsonTexts, ReadJob, ReadReply } from './read-protocol.ts';
import { featureCollectionText, type VectorFeatures, vectorFileError } from './vector-features.ts';
import { readVectorFile } from './vector-file.ts';

const { job, maxGeojsonBytes } = workerData as { job: ReadJob; maxGeojsonBytes: number };

/** The features' FeatureCollection as UTF-8, refused once it passes `maxGeojsonBytes` (the bytes live outside the heap the worker's limit bounds). */
function geojsonBytes(features: VectorFeatures, written: { bytes: number }): Uint8Array {
  const parts: Buffer[] = [];
  for (const text of featureCollectionText(features)) {
    const part = Buffer.from(text);
    written.bytes += part.length;
    if (written.bytes > maxGeojsonBytes) throw vectorFileError(job.name, `its WGS84 GeoJSON passes ${maxGeojsonBytes} bytes: too large to derive`);
    parts.push(part);
  }
  // Its own ArrayBuffer (never Buffer's shared pool), to be transferred to the main thread.
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function read(): Promise<ReadReply> {
  let features: VectorFeatures;
  let tables: Map<string, VectorFeatures> | undefined;
  if (job.kind === 'wkt-csv') {
    const { readWktCsv } = await import('./wkt-csv.ts');
    features = readWktCsv(job.name, Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString('utf8'), job.column);
  } else {
    const file = await readVectorFile(job.type, job.name, Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
    tables = file.tables;
    features = file.features;
    if (job.table !== undefined) {
      const table = file.tables?.get(job.table);
      if (!table)
        throw new InputError(
          'table',
          `${job.name} has no feature table "${job.table.slice(0, 100)}"${file.tables ? ` (it has ${[...file.tables.keys()].join(', ')})` : ''}`,
        );
      features = table;
      tables = undefined;
    }
  }
  if (job.output === 'features') return { type: 'features', features };
  const written = { bytes: 0 };
  const texts: GeojsonTexts = { all: geojsonBytes(features, written) };
  if (tables) texts.tables = [...tables].map(([name, table]) => [name, geojsonBytes(table, written)]);
  return { type: 'geojson', texts };
}

const port = parentPort!;
read().then(
  (reply) => {
    const transfer = reply.type === 'geojson' ? [reply.texts.all, ...(reply.texts.tables ?? []).map(([, t]) => t)].map((t) => t.buffer as ArrayBuffer) : [];
    port.postMessage(reply, transfer);
  },
  (err: unknown) => {
    if (err instanceof InputError) port.postMessage({ type: 'refused', field: err.field, message: err.message } satisfies ReadReply);
    else port.postMessage({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies ReadReply);
  },
);
