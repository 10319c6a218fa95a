import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../storage/storage.js';
import type { Progress } from './copy-rows.js';

export interface FilesResult {
  /** Files in the source storage. */
  files: number;
  bytes: number;
  /** Files written by this run. */
  copied: number;
  copiedBytes: number;
  /** Files missing, extra or with other bytes (SHA-256) on the target. */
  differences: number;
  firstDifference?: string;
}

async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every stored file the target lacks (a key with the same size counts as there: `put`
 * makes a key appear only once whole, so an interrupted run leaves none half written), then reads
 * every file back on both sides and compares SHA-256s. Holds the target's key list (a key and a
 * size per file) and one file's stream at a time.
 */
export async function copyFiles(source: Storage, target: Storage, progress: Progress): Promise<FilesResult> {
  const there = new Map<string, number>();
  for await (const { key, size } of target.list()) there.set(key, size);
  const result: FilesResult = { files: 0, bytes: 0, copied: 0, copiedBytes: 0, differences: 0 };
  const sourceHashes = new Map<string, string>();
  let said = 0;
  for await (const { key, size } of source.list()) {
    result.files += 1;
    result.bytes += size;
    if (there.get(key) !== size) {
      const hash = createHash('sha256');
      const through = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const read = pipeline(await source.read(key), through);
      await Promise.all([target.put(key, through), read]);
      sourceHashes.set(key, hash.digest('hex'));
      result.copied += 1;
      result.copiedBytes += size;
    }
    if (Date.now() - said >= 1000) {
      progress(`files: ${result.files} listed, ${result.copied} copied (${(result.copiedBytes / 1e6).toFixed(1)} MB)`);
      said = Date.now();
    }
  }
  progress(`files: ${result.files} (${(result.bytes / 1e6).toFixed(1)} MB), ${result.copied} copied; checking`);
  const seen = new Set<string>();
  for await (const { key } of source.list()) {
    seen.add(key);
    const want = sourceHashes.get(key) ?? (await sha256Of(source, key));
    const got = there.has(key) || sourceHashes.has(key) ? await sha256Of(target, key).catch(() => undefined) : undefined;
    if (want !== got) {
      result.differences += 1;
      result.firstDifference ??= key;
    }
  }
  for await (const { key } of target.list()) {
    if (seen.has(key)) continue;
    result.differences += 1;
    result.firstDifference ??= key;
  }
  return result;
}
