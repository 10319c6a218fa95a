import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { storageContract } from './storage.contract.js';

storageContract('local', async () => new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-storage-'))));

function fresh() {
  const root = mkdtempSync(join(tmpdir(), 'orbis-storage-'));
  return { root, storage: new LocalStorage(root) };
}

describe('LocalStorage', () => {
  it('fails its check when a file stands where its folder should be', async () => {
    const { root } = fresh();
    const file = join(root, 'files');
    writeFileSync(file, 'not a folder');
    await expect(new LocalStorage(file).check()).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it('writes, reads whole and by range, lists and deletes', async () => {
    const { storage } = fresh();
    const stored = await storage.put('p/a/original', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(stored.size).toBe(11);
    expect(stored.head.toString()).toBe('hello world');
    expect(await text(await storage.read('p/a/original'))).toBe('hello world');
    expect(await text(await storage.read('p/a/original', { start: 6, end: 10 }))).toBe('world');
    const keys = [];
    for await (const k of storage.list()) keys.push(k.key);
    expect(keys).toEqual(['p/a/original']);
    await storage.deletePrefix('p/a');
    await expect(storage.read('p/a/original')).rejects.toThrow();
  });

  it('leaves no file and no temporary when the source fails midway', async () => {
    const { root, storage } = fresh();
    async function* broken() {
      yield Buffer.from('partial');
      throw new Error('connection reset');
    }
    await expect(storage.put('p/b/original', Readable.from(broken()))).rejects.toThrow('connection reset');
    expect(existsSync(join(root, 'p/b/original'))).toBe(false);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    const { storage } = fresh();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', 'a/b/']) {
      await expect(storage.read(key), key).rejects.toThrow(/storage key/);
    }
  });

  it('deletes the temporaries still being written into a deleted folder, and only those', async () => {
    const { root, storage } = fresh();
    await storage.put('p/a/original', Readable.from([Buffer.from('x')]));
    const { writeFileSync } = await import('node:fs');
    for (const name of ['p~a~1', 'p~ab~2', 'q~a~3', 'p~b~4']) writeFileSync(join(root, '.tmp', name), 'x');
    await storage.deletePrefix('p/a');
    expect(readdirSync(join(root, '.tmp')).sort()).toEqual(['p~ab~2', 'p~b~4', 'q~a~3']);
    await storage.deletePrefix('p');
    expect(readdirSync(join(root, '.tmp'))).toEqual(['q~a~3']);
  });

  it('removes only old temporaries', async () => {
    const { root, storage } = fresh();
    await storage.put('p/c/original', Readable.from([Buffer.from('x')]));
    const { writeFileSync, utimesSync } = await import('node:fs');
    writeFileSync(join(root, '.tmp', 'old'), 'x');
    utimesSync(join(root, '.tmp', 'old'), new Date(0), new Date(0));
    writeFileSync(join(root, '.tmp', 'new'), 'x');
    expect(await storage.cleanTemporaries(60_000)).toBe(1);
    expect(readdirSync(join(root, '.tmp'))).toEqual(['new']);
  });
});
