import { IDBFactory, IDBKeyRange as FakeKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_QUOTA_BYTES, ClientStorage, MemoryBackend, type StorageBackend } from './client-storage.js';
import { IndexedDbBackend } from './indexeddb-backend.js';

const MiB = 1024 * 1024;
const big = (mib: number) => 'x'.repeat(mib * MiB);

/**
 * The quota across tabs: two pages (two ClientStorage objects, each with its own backend
 * connection) write 3 MiB each to one extension at once; one write is stored, the other rejects
 * and stores nothing. Run on the in-memory backend and on IndexedDB (fake-indexeddb, which
 * schedules transactions as the IndexedDB specification says; the real browser's IndexedDB is
 * exercised by e2e/plugin-frames.test.ts).
 */
function quotaAcrossTabs(name: string, backends: () => [StorageBackend, StorageBackend]) {
  describe(`clientStorage on ${name}`, () => {
    it('counts the quota at the write, so two tabs writing at once cannot both pass it', async () => {
      const [one, two] = backends();
      const tabA = new ClientStorage(one, 'demo');
      const tabB = new ClientStorage(two, 'demo');
      // Each tab has read the (empty) storage first, as a running plugin would have.
      expect(await tabA.keys('p/main')).toEqual([]);
      expect(await tabB.keys('p/main')).toEqual([]);
      const results = await Promise.allSettled([tabA.set('p/main', 'a', big(3)), tabB.set('p/main', 'b', big(3))]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(/past its 5242880 \(5 MiB\); nothing was stored/);
      expect((await tabA.keys('p/main')).length).toBe(1);
      expect(await tabB.keys('p/main')).toEqual(await tabA.keys('p/main'));
    });

    it('sees what another tab wrote, replaces a value in place, and keeps extensions apart', async () => {
      const [one, two] = backends();
      const tabA = new ClientStorage(one, 'demo');
      const tabB = new ClientStorage(two, 'demo');
      await tabA.set('p/main', 'k', { n: 1 });
      expect(await tabB.get('p/main', 'k')).toEqual({ n: 1 });
      // Replacing a key counts its new size only: 4 MiB over a 4 MiB value fits.
      await tabA.set('p/main', 'k', big(4));
      await tabB.set('p/main', 'k', big(4));
      await expect(tabB.set('p/main', 'other', big(2))).rejects.toThrow(/nothing was stored/);
      await tabB.set('q/main', 'other', big(2));
      expect(await tabA.keys('p/main')).toEqual(['k']);
      await tabA.drop('p/main');
      expect(await tabB.keys('p/main')).toEqual([]);
      expect(await tabB.get('q/main', 'other')).toHaveLength(2 * MiB);
      expect(CLIENT_STORAGE_QUOTA_BYTES).toBe(5 * MiB);
    });
  });
}

quotaAcrossTabs('the in-memory backend', () => {
  const shared = new MemoryBackend();
  return [shared, shared];
});

describe('on IndexedDB', () => {
  const globals = globalThis as { indexedDB?: unknown; IDBKeyRange?: unknown };
  beforeEach(() => {
    // A fresh database per test; the backend reads the page's globals.
    globals.indexedDB = new IDBFactory();
    globals.IDBKeyRange = FakeKeyRange;
  });
  afterEach(() => {
    delete globals.indexedDB;
    delete globals.IDBKeyRange;
  });
  quotaAcrossTabs('IndexedDB, one connection per tab', () => [new IndexedDbBackend(), new IndexedDbBackend()]);
});
