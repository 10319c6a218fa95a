import { InputError } from '../input-error.js';
import { readOffThread } from './vector-read-thread.js';

/** The GeoJSON of the CSVs' WKT columns kept at once, by bytes: the latest asked are kept. */
const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * Conversions by file and column, latest asked last, each the promise of its GeoJSON text (or of
 * its refusal: the file's bytes never change under its ETag, so a bad row stays bad). Shared by
 * every request of the process, so that visitors of a public CSV layer, and several at once, cost
 * one read of it (docs/gis-files.md).
 */
const kept = new Map<string, { bytes: number; geojson: Promise<Buffer> }>();
let keptBytes = 0;

function keep(key: string, bytes: number): void {
  const entry = kept.get(key);
  if (!entry) return;
  keptBytes += bytes - entry.bytes;
  entry.bytes = bytes;
  for (const [oldest, { bytes: size }] of kept) {
    if (keptBytes <= KEPT_BYTES || oldest === key) break;
    kept.delete(oldest);
    keptBytes -= size;
  }
}

/**
 * The GeoJSON of the CSV `file`'s WKT `column` (its bytes given by `read`), read in a worker thread
 * (bounded memory and time) once per file and column while it is kept; a refusal is an InputError.
 */
export function wktCsvGeojson(file: { key: string; etag: string; name: string }, column: string, read: () => Promise<Buffer>): Promise<Buffer> {
  const key = JSON.stringify([file.key, file.etag, column]);
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found.geojson;
  }
  const geojson = (async () => {
    const bytes = await read();
    const texts = await readOffThread({ kind: 'wkt-csv', column, name: file.name, bytes, output: 'geojson' });
    return Buffer.from(texts.all.buffer, texts.all.byteOffset, texts.all.byteLength);
  })();
  kept.set(key, { bytes: 0, geojson });
  geojson.then(
    (text) => keep(key, text.length),
    (err: unknown) => (err instanceof InputError ? keep(key, err.message.length) : kept.get(key)?.geojson === geojson && kept.delete(key)),
  );
  return geojson;
}
