import { PassThrough, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';

/** The error Node gives when a write finds the disk full. */
const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('a storage fault during an upload (issue 30)', () => {
  let h: Harness;
  const log = new PassThrough();
  let logged = '';
  log.on('data', (c: Buffer) => (logged += c.toString()));
  beforeAll(async () => {
    h = await startHarness({ ORBIS_LOG_LEVEL: 'error' }, { logStream: log });
    await h.project('full');
  });
  afterAll(() => h.close());

  it("is a logged 500 internal, not the client's 400, and leaves nothing behind", async () => {
    const storage = h.server.ctx.storage;
    const put = storage.put.bind(storage);
    // The first file is stored; on the second the disk is full after its first bytes, and the
    // error reaches the upload's own stream too, as a pipeline's does.
    let calls = 0;
    storage.put = async (key: string, source: Readable) => {
      if (++calls === 1) return put(key, source);
      await new Promise((resolve) => source.once('readable', resolve));
      const error = diskFull();
      source.destroy(error);
      throw error;
    };
    const keysBefore = await h.storedKeys();
    try {
      const res = await fetch(`${h.url}/api/projects/full/assets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: uploadForm([
          { name: 'ok.txt', content: 'first' },
          { name: 'big.bin', content: new Uint8Array(200_000) },
        ]),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'internal', message: 'internal server error' } });
    } finally {
      storage.put = put;
    }
    expect(calls).toBe(2);
    expect(logged).toContain('ENOSPC');
    expect(await h.storedKeys()).toEqual(keysBefore);
    const listing = (await (await h.admin('GET', '/api/projects/full/assets')).json()) as { totalCount: number };
    expect(listing.totalCount).toBe(0);
  });
});
