import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DERIVED_GEOJSON_PATH, derivedTablePath, type FileLayerType } from '@orbis/scene';
import { archiveEntryKey } from '../assets/archive.js';
import type { Storage } from '../storage/storage.js';
import type { ArchiveEntry } from '../store/store.js';
import { featureCollectionText, type VectorFeatures } from './vector-features.js';
import { readVectorFile } from './vector-file.js';

function* utf8(texts: Iterable<string>): Generator<Buffer> {
  for (const text of texts) yield Buffer.from(text);
}

/**
 * Reads the GIS file stored at `sourceKey` and writes its WGS84 GeoJSON beside it, once, as more
 * of the asset's files (from index `firstIndex` on): `orbis-wgs84.geojson`, and for a GeoPackage
 * one per feature table too (SPEC §13 `data.table`). Being under the asset's prefix, they are served under its
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
  const read = await readVectorFile(type, name, bytes);
  const outputs: [string, VectorFeatures][] = [[DERIVED_GEOJSON_PATH, read.features]];
  if (read.tables) for (const [table, features] of read.tables) outputs.push([derivedTablePath(table), features]);
  const entries: ArchiveEntry[] = [];
  for (const [path, features] of outputs) {
    const stored = await storage.put(archiveEntryKey(assetPrefix, firstIndex + entries.length), Readable.from(utf8(featureCollectionText(features))));
    entries.push({ path, size: stored.size, contentType: 'application/geo+json' });
  }
  return entries;
}
