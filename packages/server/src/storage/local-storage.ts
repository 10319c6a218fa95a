import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage, StoredKey, StoredObject } from './storage.js';
import { headCapture } from './head-capture.js';
import { assertStorageKey, MissingKeyError } from './storage.js';

const TEMP_DIR = '.tmp';

/**
 * A temporary is named after the asset folder (the key's first two segments) it will land in,
 * `{a}~{b}~{random}`: `~` is never in a key, so deleting that folder or its parent finds it.
 */
function tempPrefix(key: string): string {
  return `${key.split('/').slice(0, 2).join('~')}~`;
}

/**
 * Asset bytes in a folder: written to a temporary file, flushed, then renamed into place. Deleting
 * a prefix also removes temporaries still being written into it, so that what a killed process
 * was writing goes with the folder it was meant for.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new TypeError(`storage key "${key}" leaves the storage root`);
    return path;
  }

  async put(key: string, source: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const temp = join(tempDir, `${tempPrefix(key)}${randomBytes(8).toString('hex')}`);
    const capture = headCapture();
    try {
      await pipeline(source, capture, createWriteStream(temp, { flags: 'wx' }));
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size: capture.size, head: capture.head() };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new MissingKeyError(key) : err;
    });
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
    // Temporaries are named by asset folder only: a deeper prefix cannot tell its own apart.
    if (prefix.split('/').length > 2) return;
    const tempDir = join(this.root, TEMP_DIR);
    const names = await readdir(tempDir).catch(() => [] as string[]);
    const start = tempPrefix(prefix);
    for (const name of names) if (name.startsWith(start)) await rm(join(tempDir, name), { force: true });
  }

  async *list(): AsyncIterable<StoredKey> {
    yield* this.walk(this.root);
  }

  private async *walk(dir: string): AsyncIterable<StoredKey> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (dir === this.root && entry.name === TEMP_DIR) continue;
      if (entry.isDirectory()) yield* this.walk(path);
      else if (entry.isFile()) {
        const key = relative(this.root, path).split(sep).join('/');
        const info = await stat(path);
        yield { key, modifiedAt: info.mtime, size: info.size };
      }
    }
  }

  async check(): Promise<void> {
    // The folder a first upload would make: missing is fine, a file in its place or a read-only
    // disk is not.
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK | constants.X_OK);
  }

  async cleanTemporaries(olderThanMs: number): Promise<number> {
    const tempDir = join(this.root, TEMP_DIR);
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(tempDir);
    } catch {
      return 0;
    }
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
      const path = join(tempDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtimeMs <= cutoff) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
