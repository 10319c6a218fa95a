import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage/local-storage.js';
import { buildZip, type ZipEntrySpec } from '../test/zip-builder.js';
import { ArchiveError, archiveEntryKey, checkEntryPath, extractArchive } from './archive.js';

async function extract(entries: ZipEntrySpec[], limits = { maxEntries: 100, maxTotalBytes: 10_000_000 }) {
  const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-zip-')));
  const zip = buildZip(entries);
  await storage.put('p/a/original', Readable.from([zip]));
  const keys = async () => {
    const out: string[] = [];
    for await (const k of storage.list()) out.push(k.key);
    return out.sort();
  };
  try {
    return { files: await extractArchive(storage, 'p/a/original', zip.length, 'p/a', limits), storage, keys };
  } catch (err) {
    return { error: err as Error, storage, keys };
  }
}

describe('extractArchive', () => {
  it('extracts every file with its path, size and content type, stored by index', async () => {
    const tileset = '{"asset":{"version":"1.1"},"geometricError":70,"root":{"content":{"uri":"tiles/0.b3dm"}}}';
    const { files, storage } = await extract([
      { name: 'city/' },
      { name: 'city/tileset.json', data: tileset, deflate: true },
      { name: 'city/tiles/0.b3dm', data: Buffer.alloc(3000, 1), deflate: true },
      { name: 'city/東京.geojson', data: '{"type":"FeatureCollection","features":[]}' },
    ]);
    expect(files).toEqual([
      { path: 'city/tileset.json', size: tileset.length, contentType: 'application/json' },
      { path: 'city/tiles/0.b3dm', size: 3000, contentType: 'application/octet-stream' },
      { path: 'city/東京.geojson', size: 42, contentType: 'application/geo+json' },
    ]);
    expect(await text(await storage.read(archiveEntryKey('p/a', 0)))).toBe(tileset);
  });

  it.each([
    ['../evil.txt', 'escapes'],
    ['a/../../evil.txt', 'escapes'],
    ['/etc/passwd', 'absolute'],
    ['C:/windows/x', 'absolute'],
    ['a//b', 'empty segment'],
  ])('refuses the entry path %s (%s) and writes nothing', async (name) => {
    const { error, keys } = await extract([
      { name: 'ok.txt', data: 'fine' },
      { name, data: 'bad' },
    ]);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).kind).toBe('invalid');
    expect(await keys()).toEqual(['p/a/original']);
  });

  it('refuses symbolic links and duplicate paths', async () => {
    const link = await extract([{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]);
    expect(link.error?.message).toMatch(/symbolic link/);
    const twice = await extract([
      { name: 'a.txt', data: '1' },
      { name: 'a.txt', data: '2' },
    ]);
    expect(twice.error?.message).toMatch(/twice/);
  });

  it('refuses too many entries and too many bytes before writing anything', async () => {
    const many = await extract(
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })),
      { maxEntries: 5, maxTotalBytes: 1e6 },
    );
    expect(many.error).toMatchObject({ kind: 'too_large' });
    expect(await many.keys()).toEqual(['p/a/original']);
    const big = await extract(
      [
        { name: 'a.bin', data: Buffer.alloc(600), deflate: true },
        { name: 'b.bin', data: Buffer.alloc(600), deflate: true },
      ],
      { maxEntries: 5, maxTotalBytes: 1000 },
    );
    expect(big.error).toMatchObject({ kind: 'too_large' });
    expect(await big.keys()).toEqual(['p/a/original']);
  });

  it('stops a zip bomb that inflates past its declared size', async () => {
    const bomb = await extract([{ name: 'zeros.bin', data: Buffer.alloc(5_000_000), deflate: true, declaredSize: 100 }]);
    expect(bomb.error).toBeInstanceOf(ArchiveError);
    expect(bomb.error?.message).toMatch(/zeros\.bin/);
  });

  it('refuses what is not a zip', async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-zip-')));
    await storage.put('p/a/original', Readable.from([Buffer.from('PK\u0003\u0004 but not really a zip')]));
    await expect(extractArchive(storage, 'p/a/original', 30, 'p/a')).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('checks paths', () => {
    for (const ok of ['a', 'a/b.json', 'tiles/0/1.b3dm', '東京/x']) expect(() => checkEntryPath(ok)).not.toThrow();
    for (const bad of ['', '.', 'a/./b', 'a\\b', 'a\u0000b', '/a']) expect(() => checkEntryPath(bad), bad).toThrow(ArchiveError);
  });
});
