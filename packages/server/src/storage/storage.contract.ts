import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import { MissingKeyError, type Storage } from './storage.js';

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of storage.list()) keys.push(k.key);
  return keys.sort();
}

/** The one suite every Storage implementation passes unchanged; `open` gives an empty storage. */
export function storageContract(name: string, open: () => Promise<Storage>): void {
  describe(`Storage contract: ${name}`, () => {
    let storage: Storage;
    beforeEach(async () => {
      storage = await open();
    });

    it('writes, reads whole and by range, and reports size and first bytes', async () => {
      const stored = await storage.put('p/a/original', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(stored.size).toBe(11);
      expect(stored.head.toString()).toBe('hello world');
      expect(await text(await storage.read('p/a/original'))).toBe('hello world');
      expect(await text(await storage.read('p/a/original', { start: 6, end: 10 }))).toBe('world');
      expect(await text(await storage.read('p/a/original', { start: 0, end: 0 }))).toBe('h');
    });

    it('rejects a read of a key where nothing is stored with MissingKeyError', async () => {
      await expect(storage.read('p/none/original')).rejects.toBeInstanceOf(MissingKeyError);
      await storage.put('p/a/original', Readable.from([Buffer.from('1')]));
      await expect(storage.read('p/a/other')).rejects.toBeInstanceOf(MissingKeyError);
    });

    it('stores an empty file', async () => {
      const stored = await storage.put('p/e/original', Readable.from([]));
      expect(stored.size).toBe(0);
      expect(await text(await storage.read('p/e/original'))).toBe('');
    });

    it('stores a file of several upload parts byte for byte', async () => {
      const big = Buffer.alloc(11 * 1024 * 1024 + 17);
      for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
      const chunks = [];
      for (let i = 0; i < big.length; i += 1024 * 1024) chunks.push(big.subarray(i, i + 1024 * 1024));
      const stored = await storage.put('p/big/original', Readable.from(chunks));
      expect(stored.size).toBe(big.length);
      const back = Buffer.concat(await (await storage.read('p/big/original')).toArray());
      expect(back.equals(big)).toBe(true);
      const tail = Buffer.concat(await (await storage.read('p/big/original', { start: big.length - 5000, end: big.length - 1 })).toArray());
      expect(tail.equals(big.subarray(big.length - 5000))).toBe(true);
    });

    it('lists keys and deletes a prefix with everything under it, and only that', async () => {
      await storage.put('p/a/original', Readable.from([Buffer.from('1')]));
      await storage.put('p/a/files/tileset.json', Readable.from([Buffer.from('2')]));
      await storage.put('p/ab/original', Readable.from([Buffer.from('3')]));
      await storage.put('q/c/original', Readable.from([Buffer.from('4')]));
      expect(await keysOf(storage)).toEqual(['p/a/files/tileset.json', 'p/a/original', 'p/ab/original', 'q/c/original']);
      for await (const k of storage.list()) {
        expect(k.modifiedAt).toBeInstanceOf(Date);
        expect(k.size, k.key).toBe(1);
      }
      await storage.deletePrefix('p/a');
      expect(await keysOf(storage)).toEqual(['p/ab/original', 'q/c/original']);
      await storage.deletePrefix('p');
      await storage.deletePrefix('nothing/here');
      expect(await keysOf(storage)).toEqual(['q/c/original']);
    });

    it('leaves nothing when the source fails midway, even past the first part', async () => {
      async function* broken() {
        for (let i = 0; i < 12; i++) yield Buffer.alloc(1024 * 1024, 1);
        throw new Error('connection reset');
      }
      await expect(storage.put('p/b/original', Readable.from(broken()))).rejects.toThrow('connection reset');
      expect(await keysOf(storage)).toEqual([]);
      await expect(storage.read('p/b/original')).rejects.toThrow();
    });

    it('answers a check when it can be used, before and after a first write', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
      await storage.put('p/a/original', Readable.from([Buffer.from('1')]));
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('refuses keys that could leave the storage', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', 'a/b/']) {
        await expect(storage.read(key), key).rejects.toThrow(/storage key/);
        await expect(storage.put(key, Readable.from([])), key).rejects.toThrow(/storage key/);
      }
    });
  });
}
