import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadForm } from './test/harness.js';
import { startServerProcess } from './test/server-process.js';

const ADMIN = 'disk-full-admin-token-0123456789';
const headers = { authorization: `Bearer ${ADMIN}` };

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

describe('the kernel refuses to write an upload (issue 30)', () => {
  it('answers 500 internal, logs the cause, leaves no file, and goes on serving', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-full-'));
    // No file of the process may grow past 2 MiB: the database stays far below, a 3 MiB upload does not.
    const server = await startServerProcess(
      dataDir,
      { ORBIS_ADMIN_TOKEN: ADMIN, ORBIS_CURSOR_SECRET: 'disk-full-cursor-secret-0123456789', ORBIS_LOG_LEVEL: 'error' },
      { maxFileBytes: 2 * 1024 * 1024 },
    );
    try {
      const created = await fetch(`${server.url}/api/projects`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ alias: 'full', name: 'full', visibility: 'public' }),
      });
      expect(created.status).toBe(201);
      const files = join(dataDir, 'files');
      const before = filesUnder(files);
      const res = await fetch(`${server.url}/api/projects/full/assets`, {
        method: 'POST',
        headers,
        body: uploadForm([
          { name: 'small.txt', content: 'fits' },
          { name: 'big.bin', content: new Uint8Array(3 * 1024 * 1024) },
        ]),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'internal', message: 'internal server error' } });
      // The log line reaches this process through a pipe, maybe after the answer.
      await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/EFBIG/);
      expect(filesUnder(files)).toEqual(before);
      const listing = await fetch(`${server.url}/api/projects/full/assets`, { headers });
      expect(((await listing.json()) as { totalCount: number }).totalCount).toBe(0);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the data dir of `orbis serve` (issue 30)', () => {
  it('is readable by its user only: folders 700, the database and stored files 600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'orbis-modes-'));
    const dataDir = join(parent, 'data');
    const server = await startServerProcess(dataDir, { ORBIS_ADMIN_TOKEN: ADMIN, ORBIS_CURSOR_SECRET: 'modes-cursor-secret-0123456789' });
    try {
      await fetch(`${server.url}/api/projects`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ alias: 'modes', name: 'modes', visibility: 'public' }),
      });
      expect(
        (await fetch(`${server.url}/api/projects/modes/assets`, { method: 'POST', headers, body: uploadForm([{ name: 'a.txt', content: 'private' }]) })).status,
      ).toBe(201);
      const modes = readdirSync(dataDir, { recursive: true, withFileTypes: true }).map(
        (e) => [join(e.parentPath, e.name).slice(dataDir.length), e.isDirectory(), statSync(join(e.parentPath, e.name)).mode & 0o777] as const,
      );
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(modes.some(([path]) => path.endsWith('orbis.db'))).toBe(true);
      for (const [path, isDir, mode] of modes) expect(mode.toString(8), path).toBe(isDir ? '700' : '600');
    } finally {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
