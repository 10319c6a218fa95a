import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type tar from 'tar-stream';

/**
 * Adds one entry of `size` bytes to a tar being packed, from `source`, and resolves to their
 * SHA-256 (hex) once the entry is complete. Backpressure holds: a chunk waits for the pack to drain.
 */
export async function addEntry(pack: tar.Pack, name: string, size: number, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  let entry!: ReturnType<tar.Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
  });
  for await (const chunk of source) {
    hash.update(chunk);
    if (!entry.write(chunk)) await once(entry, 'drain');
  }
  entry.end(Buffer.alloc(0));
  await done;
  return hash.digest('hex');
}

/** Adds a small JSON document as an entry. */
export async function addJson(pack: tar.Pack, name: string, value: unknown): Promise<void> {
  const bytes = Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
  await addEntry(pack, name, bytes.length, [bytes]);
}
