import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Feature } from 'geojson';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../storage/local-storage.js';
import { MissingKeyError } from '../storage/storage.js';
import { decodedTile, tileAround } from '../test/vector-tile-decoding.js';
import { TileMaker, tiledFeature } from './tile-maker.js';
import { TileSource } from './tile-source.js';
import { TILE_LIMITS, type TileLimits, VectorTiles } from './vector-tiles.js';

const file = { key: 'p/a/original', etag: 'a-1', prefix: 'p/a' };
const stations = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', id: 'tokyo', properties: { name: 'Tokyo' }, geometry: { type: 'Point', coordinates: [139.7671, 35.6812] } },
    { type: 'Feature', properties: { name: 'Shinagawa' }, geometry: { type: 'Point', coordinates: [139.7387, 35.6285] } },
    { type: 'Feature', properties: { name: 'no geometry' }, geometry: null },
  ],
};

describe('VectorTiles: tiles cut by a worker thread, kept in storage', () => {
  const opened: VectorTiles[] = [];
  const open = (storage: LocalStorage, limits?: TileLimits) => {
    const tiles = new VectorTiles(storage, limits);
    opened.push(tiles);
    return tiles;
  };
  afterEach(async () => {
    for (const tiles of opened.splice(0)) await tiles.close();
  });

  it('cuts a tile from a GeoJSON file streamed to the worker, keeps it, and another process reads it from storage', async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    // Sent in small pieces: the worker parses as the bytes arrive.
    const text = JSON.stringify(stations);
    await storage.put(file.key, Readable.from(text.match(/[\s\S]{1,7}/g)!.map((s) => Buffer.from(s))));
    const [x, y] = tileAround(10, 139.75, 35.65);
    const bytes = await open(storage).tile(file, 10, x, y);
    const features = decodedTile(bytes, 10, x, y);
    expect(features.map((f: Feature) => [f.id, f.properties])).toEqual([
      [undefined, { name: 'Tokyo', '@id': 'tokyo' }],
      [2, { name: 'Shinagawa' }],
    ]);
    expect((await buffer(await storage.read(VectorTiles.keyOf(file, 10, x, y)))).equals(bytes)).toBe(true);
    // An empty tile is answered, not stored: anyone may ask for any of them.
    expect((await open(storage).tile(file, 3, 0, 0)).length).toBe(0);
    await expect(storage.read(VectorTiles.keyOf(file, 3, 0, 0))).rejects.toThrow(MissingKeyError);
    // A second process finds the kept tile, whatever the file holds now.
    await storage.put(file.key, Readable.from([Buffer.from('not json')]));
    expect((await open(storage).tile(file, 10, x, y)).equals(bytes)).toBe(true);
  });

  it("bounds what anonymous asks can make it store: no empty tile, at most storedTilesPerFile of a file's", async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    await storage.put(file.key, Readable.from([Buffer.from(JSON.stringify(stations))]));
    const tiles = open(storage, { ...TILE_LIMITS, storedTilesPerFile: 1 });
    for (let x = 0; x < 20; x++) expect((await tiles.tile(file, 5, x, 0)).length).toBe(0);
    const [x10, y10] = tileAround(10, 139.75, 35.65);
    const [x11, y11] = tileAround(11, 139.75, 35.65);
    expect((await tiles.tile(file, 10, x10, y10)).length).toBeGreaterThan(0);
    expect((await tiles.tile(file, 11, x11, y11)).length).toBeGreaterThan(0);
    const kept: string[] = [];
    for await (const { key } of storage.list()) if (key !== file.key) kept.push(key);
    expect(kept).toEqual([VectorTiles.keyOf(file, 10, x10, y10)]);
  });

  it('keeps indexes by the memory they take, not by count: three files asked in turn are read once each within the budget', async () => {
    let reads = 0;
    class CountingStorage extends LocalStorage {
      override async read(key: string, range?: Parameters<LocalStorage['read']>[1]) {
        if (key.endsWith('/original')) reads += 1;
        return super.read(key, range);
      }
    }
    const storage = new CountingStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    const files = ['a', 'b', 'c'].map((n) => ({ key: `p/${n}/original`, etag: `${n}-1`, prefix: `p/${n}` }));
    for (const f of files) await storage.put(f.key, Readable.from([Buffer.from(JSON.stringify(stations))]));
    const [x, y] = tileAround(10, 139.75, 35.65);
    const roomy = open(storage, { ...TILE_LIMITS, storedTilesPerFile: 0 });
    for (const round of [1, 2]) for (const f of files) expect((await roomy.tile(f, 10, x, y)).length, `round ${round}`).toBeGreaterThan(0);
    expect(reads).toBe(3);
    // A budget smaller than one index keeps only the latest: files asked in turn are read again each time.
    const tight = open(storage, { ...TILE_LIMITS, storedTilesPerFile: 0, keptIndexBytes: 1 });
    for (const round of [1, 2]) for (const f of files.slice(0, 2)) expect((await tight.tile(f, 10, x, y)).length, `round ${round}`).toBeGreaterThan(0);
    expect(reads).toBe(7);
  });

  it('counts an index by its heap after a collection and its typed arrays, and lets it go by that size past the budget', async () => {
    // Points with long properties: their index keeps about 20 MB in typed arrays, outside the heap.
    const points = {
      type: 'FeatureCollection',
      features: Array.from({ length: 20_000 }, (_, i) => ({
        type: 'Feature',
        properties: { note: `${i} ${'x'.repeat(1_000)}` },
        geometry: { type: 'Point', coordinates: [139 + i / 20_000, 35 + (i % 100) / 100] },
      })),
    };
    const text = JSON.stringify(points);
    const outside = new TileMaker(points.features.map((f, i) => tiledFeature(f as Feature, i))).byteLength;
    expect(outside).toBeGreaterThan(20_000 * 1_000);
    const source = new TileSource(Readable.from([Buffer.from(text)]));
    await source.ready;
    // The typed arrays counted, and the parse's garbage (the file's 20 MB of text, its objects) not.
    expect(source.memoryBytes).toBeGreaterThan(outside);
    expect(source.memoryBytes).toBeLessThan(outside + 24 * 1024 * 1024);
    await source.close();

    let reads = 0;
    class CountingStorage extends LocalStorage {
      override async read(key: string, range?: Parameters<LocalStorage['read']>[1]) {
        if (key === 'p/big/original') reads += 1;
        return super.read(key, range);
      }
    }
    const storage = new CountingStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    const big = { key: 'p/big/original', etag: 'big-1', prefix: 'p/big' };
    await storage.put(big.key, Readable.from([Buffer.from(text)]));
    await storage.put(file.key, Readable.from([Buffer.from(JSON.stringify(stations))]));
    // Both indexes' heaps fit in the budget; with the big one's typed arrays they do not, and it goes.
    for (const [budget, expected] of [
      [outside, 2],
      [4 * outside, 1],
    ] as const) {
      reads = 0;
      const tiles = open(storage, { ...TILE_LIMITS, storedTilesPerFile: 0, keptIndexBytes: budget });
      for (const f of [big, file, big]) await tiles.tile(f, 0, 0, 0);
      expect(reads, `budget ${budget}`).toBe(expected);
    }
  });

  it('says a tile is pending while the index is built, and goes on building it for the next ask', async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    await storage.put(file.key, Readable.from([Buffer.from(JSON.stringify(stations))]));
    const tiles = open(storage);
    const [x, y] = tileAround(10, 139.75, 35.65);
    // No worker starts and parses a file in no time.
    expect(await tiles.tileWithin(file, 10, x, y, 0)).toBe('pending');
    // The first ask's cut goes on: the tile is kept in storage without another ask.
    await expect
      .poll(() =>
        storage.read(VectorTiles.keyOf(file, 10, x, y)).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    const bytes = await tiles.tileWithin(file, 10, x, y, 10_000);
    expect(decodedTile(bytes as Buffer, 10, x, y)).toHaveLength(2);
  });

  it('rejects with the reason when the file is not JSON, and tries again on the next request', async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    await storage.put(file.key, Readable.from([Buffer.from('{"type":"FeatureCollection","features":[{"type":')]));
    const tiles = open(storage);
    await expect(tiles.tile(file, 0, 0, 0)).rejects.toThrow();
    await storage.put(file.key, Readable.from([Buffer.from(JSON.stringify(stations))]));
    expect(decodedTile(await tiles.tile(file, 0, 0, 0), 0, 0, 0)).toHaveLength(2);
  });

  it('rejects when the file is missing', async () => {
    const storage = new LocalStorage(mkdtempSync(join(tmpdir(), 'orbis-tiles-')));
    await expect(open(storage).tile(file, 0, 0, 0)).rejects.toThrow(/nothing is stored/);
  });
});

describe('TileSource', () => {
  it('reads a file larger than its whole-parse size as a stream, to the same tiles, after a byte order mark or not', async () => {
    const text = JSON.stringify(stations);
    const pieces = () => Readable.from(text.match(/[\s\S]{1,5}/g)!.map((s) => Buffer.from(s)));
    const whole = new TileSource(pieces());
    const streamed = new TileSource(pieces(), { wholeParseBytes: 16 });
    try {
      expect(await whole.ready).toBe(2);
      expect(await streamed.ready).toBe(2);
      expect(Buffer.from((await streamed.tile(0, 0, 0))!).equals(Buffer.from((await whole.tile(0, 0, 0))!))).toBe(true);
      // A byte order mark before the document, read whole or as a stream.
      const marked = () => Readable.from([Buffer.from(`\uFEFF${text}`)]);
      for (const source of [new TileSource(marked()), new TileSource(marked(), { wholeParseBytes: 16 })]) {
        try {
          expect(await source.ready).toBe(2);
          expect(Buffer.from((await source.tile(0, 0, 0))!).equals(Buffer.from((await whole.tile(0, 0, 0))!))).toBe(true);
        } finally {
          await source.close();
        }
      }
      const broken = new TileSource(Readable.from([Buffer.from('{"features":[{"type":')]), { wholeParseBytes: 4 });
      await expect(broken.ready).rejects.toThrow();
      await broken.close();
    } finally {
      await whole.close();
      await streamed.close();
    }
  });

  it('refuses a document without a features array, whether it is read whole or as a stream', async () => {
    for (const text of ['{"type":"FeatureCollection"}', '[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[0,0]}}]']) {
      for (const wholeParseBytes of [undefined, 4]) {
        const source = new TileSource(Readable.from([Buffer.from(text)]), wholeParseBytes === undefined ? {} : { wholeParseBytes });
        try {
          await expect(source.ready, `${text}, ${wholeParseBytes ?? 'whole'}`).rejects.toThrow('the document has no "features" array');
        } finally {
          await source.close();
        }
      }
    }
  });

  it('refuses a streamed feature past its most bytes as its bytes arrive, and reads one within them', async () => {
    const feature = (bytes: number) => ({ type: 'Feature', properties: { s: 'x'.repeat(bytes) }, geometry: { type: 'Point', coordinates: [0, 0] } });
    const text = JSON.stringify({ type: 'FeatureCollection', features: [feature(10), feature(2_000)] });
    const within = new TileSource(Readable.from([Buffer.from(text)]), { wholeParseBytes: 16, maxFeatureBytes: 2_200 });
    const past = new TileSource(Readable.from([Buffer.from(text)]), { wholeParseBytes: 16, maxFeatureBytes: 1_000 });
    try {
      expect(await within.ready).toBe(2);
      await expect(past.ready).rejects.toThrow('feature 2 of the file spans more than 1000 bytes');
    } finally {
      await within.close();
      await past.close();
    }
    // A feature that never ends (a missing quote or bracket): refused once it passes 4 MB, not carried to the file's end.
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let read = 0;
    async function* unended() {
      yield Buffer.from('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"s":"');
      for (; read < 200; read++) yield chunk;
    }
    const source = new TileSource(Readable.from(unended()), { wholeParseBytes: 16, maxFeatureBytes: 4 * 1024 * 1024 });
    await expect(source.ready).rejects.toThrow('feature 1 of the file spans more than 4194304 bytes');
    expect(read).toBeLessThan(20);
    await source.close();
  });

  it('reads a file no faster than the worker parses it, and closes it once the worker cannot go on', async () => {
    const chunk = Buffer.alloc(1024 * 1024, ' ');
    let read = 0;
    let closed = false;
    // 200 MB: bad JSON at the start, then spaces the parser would take if it were still reading.
    async function* file() {
      try {
        yield Buffer.from('{"features":[nope');
        for (; read < 200; read++) yield chunk;
      } finally {
        closed = true;
      }
    }
    const source = new TileSource(Readable.from(file()), { wholeParseBytes: 16 });
    await expect(source.ready).rejects.toThrow(/Unexpected token 'o'/);
    await expect.poll(() => closed).toBe(true);
    // The worker stopped taking bytes at its first error: what was read is what was in flight then.
    expect(read).toBeLessThan(20);
    await source.close();
  });
});
