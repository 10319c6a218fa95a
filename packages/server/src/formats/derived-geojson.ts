import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DERIVED_GEOJSON_PATH, derivedTablePath, type FileLayerType } from '@orbis/scene';
import { archiveEntryKey } from '../assets/archive.js';
import type { Storage } from '../storage/storage.js';
import type { ArchiveEntry } from '../store/store.js';
import { readOffThread } from './vector-read-thread.js';

/**
 * Reads the GIS file stored at `sourceKey` and writes its WGS84 GeoJSON beside it, once, as more
 * of the asset's files, read in a worker thread with bounded memory and time (vector-read-thread.ts) (from index `firstIndex` on): `orbis-wgs84.geojson`, and for a GeoPackage
 * one per feature table too (docs/contract.md §13 `data.table`). Being under the asset's prefix, they are served under its
 * access rules and go when it goes. A file that cannot be read throws the reader's `InputError`;
 * what was written is left for the caller to remove with the prefix.
 */
export async function deriveGeojson(
  storage: Storage,
  type: FileLayerType,
  name: string,
  sourceKey: string,
  assetPrefix: string,
  firstIndex: number,
): Promise<ArchiveEntry[]> {
  const bytes = await buffer(await storage.read(sourceKey));
  const texts = await readOffThread({ kind: 'vector', type, name, bytes, output: 'geojson' });
  const outputs: [string, Uint8Array][] = [[DERIVED_GEOJSON_PATH, texts.all]];
  for (const [table, text] of texts.tables ?? []) outputs.push([derivedTablePath(table), text]);
  const entries: ArchiveEntry[] = [];
  for (const [path, text] of outputs) {
    const stored = await storage.put(
      archiveEntryKey(assetPrefix, firstIndex + entries.length),
      Readable.from([Buffer.from(text.buffer, text.byteOffset, text.byteLength)]),
    );
    entries.push({ path, size: stored.size, contentType: 'application/geo+json' });
  }
  return entries;
}
