import { buffer } from 'node:stream/consumers';
import { existsSync, readdirSync } from 'node:fs';
import type { Storage } from '../storage/storage.js';
import { type PlannedFile, type PlannedUpload, sha256 } from './upload-batch.js';

/** Everything a run sent, by file name, with the upload each file came in. */
export type SentFiles = Map<string, { file: PlannedFile; upload: PlannedUpload }>;

interface ListedRecord {
  id: string;
  name: string;
  size: number;
}

/** Where a crash could leave bytes: the storage, and a local folder's half-written temporaries. */
export interface StorageView {
  storage: Storage;
  tempDir?: string;
}

/**
 * Checks a restarted server against what was sent: every asset answered 201 is listed with its
 * exact bytes; every listed asset is one sent file, complete, and its whole upload is there; the
 * storage holds exactly the listed assets' bytes and no temporary. Throws naming the first breach;
 * resolves with how many assets are listed.
 */
export async function checkAfterRestart(
  base: string,
  headers: Record<string, string>,
  sent: SentFiles,
  answered: Map<string, string>,
  view: StorageView,
): Promise<number> {
  const res = await fetch(`${base}/assets`, { headers });
  if (res.status !== 200) throw new Error(`listing answered ${res.status}: ${await res.text()}`);
  const listing = (await res.json()) as { results: ListedRecord[]; totalCount: number };
  if (listing.totalCount !== listing.results.length) {
    throw new Error(`listing says totalCount ${listing.totalCount} but holds ${listing.results.length} records`);
  }
  const listed = new Map(listing.results.map((r) => [r.id, r]));
  for (const [id, name] of answered) {
    if (listed.get(id)?.name !== name) throw new Error(`asset ${id} (${name}) was answered 201 but is not listed`);
  }
  const listedNames = new Set<string>();
  const expectedHashes: string[] = [];
  for (const record of listing.results) {
    const entry = sent.get(record.name);
    if (!entry) throw new Error(`listed asset ${record.id} "${record.name}" was never sent`);
    const bytes = Buffer.from(await (await fetch(`${base}/files/${record.id}/${record.name}`, { headers })).arrayBuffer());
    if (record.size !== entry.file.bytes.length || bytes.length !== entry.file.bytes.length || sha256(bytes) !== entry.file.sha256) {
      throw new Error(`asset "${record.name}" is not what was sent: listed ${record.size} B, served ${bytes.length} B, sent ${entry.file.bytes.length} B`);
    }
    listedNames.add(record.name);
    expectedHashes.push(entry.file.sha256);
  }
  for (const name of listedNames) {
    const missing = sent.get(name)!.upload.files.filter((f) => !listedNames.has(f.name));
    if (missing.length > 0) throw new Error(`"${name}" is listed without the rest of its upload: ${missing.map((f) => f.name).join(', ')}`);
  }
  const storedHashes: string[] = [];
  for await (const { key } of view.storage.list()) {
    if (!/^[^/]+\/[^/]+\/original$/.test(key)) throw new Error(`unexpected stored key "${key}"`);
    storedHashes.push(sha256(await buffer(await view.storage.read(key))));
  }
  if (storedHashes.sort().join() !== expectedHashes.sort().join()) {
    throw new Error(`storage holds ${storedHashes.length} file(s) for ${expectedHashes.length} listed asset(s), or other bytes`);
  }
  const temporaries = view.tempDir && existsSync(view.tempDir) ? readdirSync(view.tempDir, { recursive: true }) : [];
  if (temporaries.length > 0) throw new Error(`half-written temporaries left: ${temporaries.join(', ')}`);
  return listing.results.length;
}

/** How many keys and temporaries a storage holds, to count what a kill left before a restart. */
export async function countStored(view: StorageView): Promise<{ keys: number; temporaries: number }> {
  let keys = 0;
  for await (const _ of view.storage.list()) keys += 1;
  const temporaries = view.tempDir && existsSync(view.tempDir) ? readdirSync(view.tempDir).length : 0;
  return { keys, temporaries };
}
