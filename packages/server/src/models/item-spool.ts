import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { isRunning } from '../assets/process-identity.js';
import type { NewItem } from '../store/store.js';

const READ_BYTES = 64 * 1024;
/** A spool's folder in the temporary dir: `orbis-import-<pid>-<random>`. */
const SPOOL_PREFIX = 'orbis-import-';

/**
 * Removes the spools of import processes that are gone (a `kill -9` during an import leaves its
 * spool behind); run at start. A spool of a live process, another server's, is left alone.
 */
export function sweepStraySpools(dir = tmpdir()): string[] {
  const swept: string[] = [];
  for (const name of readdirSync(dir)) {
    const pid = new RegExp(`^${SPOOL_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}

/**
 * Checked import rows kept on disk, one JSON line each, until the whole import has been read and
 * checked: memory stays flat however large the import, and nothing is recorded before the last
 * row passed. `items()` reads them back synchronously, as a store's transaction needs.
 */
export class ItemSpool {
  private readonly dir = mkdtempSync(join(tmpdir(), `${SPOOL_PREFIX}${process.pid}-`));
  private readonly path = join(this.dir, 'items.ndjson');
  private file: Awaited<ReturnType<typeof open>> | undefined;
  private pending = '';
  count = 0;

  async add(item: NewItem): Promise<void> {
    this.file ??= await open(this.path, 'w');
    this.pending += `${JSON.stringify([item.public, item.fields])}\n`;
    this.count += 1;
    if (this.pending.length >= READ_BYTES) await this.flush();
  }

  /** Writes what is buffered; call before `items()`. */
  async flush(): Promise<void> {
    this.file ??= await open(this.path, 'w');
    if (this.pending !== '') await this.file.write(this.pending);
    this.pending = '';
  }

  /** The spooled items in order, read back a chunk at a time. */
  *items(): Iterable<NewItem> {
    const fd = openSync(this.path, 'r');
    try {
      const buffer = Buffer.alloc(READ_BYTES);
      // A character may straddle two reads: the decoder holds its first bytes back.
      const decoder = new StringDecoder('utf8');
      let rest = '';
      for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) {
        const lines = (rest + decoder.write(buffer.subarray(0, n))).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          const [isPublic, fields] = JSON.parse(line) as [boolean, Record<string, unknown>];
          yield { public: isPublic, fields };
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  async dispose(): Promise<void> {
    await this.file?.close().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
