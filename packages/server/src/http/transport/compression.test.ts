import { get as httpGet, type IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFragment } from '../../records/record-fragment.js';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { getBytes, type WireAnswer } from '../../test/http-bytes.js';
import { hotAnswers } from '../../test/hot-answers.js';

const decoded = (a: WireAnswer): Buffer => {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(a.body);
  if (coding === 'gzip') return gunzipSync(a.body);
  expect(coding).toBeUndefined();
  return a.body;
};
const varies = (a: WireAnswer) =>
  String(a.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: Array.from({ length: 40 }, (_, i) => ({
    type: 'Feature',
    properties: { name: `point ${i}` },
    geometry: { type: 'Point', coordinates: [139.7 + i / 100, 35.6] },
  })),
});
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 'a')]);
const GLB = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(4000, 'a')]);

describe('compression (docs/contract.md §13)', () => {
  let h: Harness;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    await h.project('zip');
    await h.seed(
      'zip',
      Array.from({ length: 20 }, () => true),
    );
    const form = uploadForm(
      [
        { name: 'points.geojson', content: GEOJSON },
        { name: 'tile.png', content: PNG },
        { name: 'model.glb', content: GLB },
      ],
      { public: 'true' },
    );
    const res = await fetch(`${h.url}/api/projects/zip/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    for (const asset of (await res.json()) as { name: string; url: string }[]) files[asset.name] = new URL(asset.url).pathname;
  });
  afterAll(() => h.close());

  // The whole list streams; a page is read, then taken from the page cache (and its hot path).
  for (const path of ['/api/p/zip/assets.json', '/api/p/zip/assets.json?limit=30']) {
    describe(path, () => {
      it('sends brotli or gzip as Accept-Encoding asks, identity otherwise, always with Vary', async () => {
        const identity = await getBytes(h.url + path);
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(varies(identity)).toBe(true);
        expect(identity.body.length).toBeGreaterThan(1024);
        for (const [accept, coding] of [
          ['br', 'br'],
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
          ['identity', undefined],
        ] as const) {
          // Twice: the second answer of a page comes from the page cache.
          for (let i = 0; i < 2; i++) {
            const a = await getBytes(h.url + path, { 'accept-encoding': accept });
            expect(a.headers['content-encoding'], accept).toBe(coding);
            expect(varies(a)).toBe(true);
            if (coding) expect(a.body.length).toBeLessThan(identity.body.length / 2);
            expect(decoded(a).equals(identity.body)).toBe(true);
          }
        }
      });

      it('tags each coding with its own ETag, and answers 304 to each', async () => {
        const tags = new Map<string, string>();
        for (const accept of ['br', 'gzip', 'identity']) tags.set(accept, String((await getBytes(h.url + path, { 'accept-encoding': accept })).headers.etag));
        expect(new Set(tags.values()).size).toBe(3);
        expect(tags.get('br')).toBe(tags.get('identity')!.replace(/"$/, '-br"'));
        for (const [accept, etag] of tags) {
          const again = await getBytes(h.url + path, { 'accept-encoding': accept, 'if-none-match': etag });
          expect(again.status, accept).toBe(304);
          expect(again.headers.etag).toBe(etag);
          expect(varies(again)).toBe(true);
        }
      });
    });
  }

  it("keeps a page's compressed copy in the page cache: the hot path sends the same bytes again", async () => {
    const path = `${h.url}/api/p/zip/assets.json?limit=25`;
    for (const coding of ['br', 'gzip']) {
      const first = await getBytes(path, { 'accept-encoding': coding });
      const before = hotAnswers(h.server.app);
      const second = await getBytes(path, { 'accept-encoding': coding });
      expect(hotAnswers(h.server.app), coding).toBe(before + 1);
      expect(second.headers['content-encoding']).toBe(coding);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers.vary).toBe(first.headers.vary);
      expect(second.body.equals(first.body)).toBe(true);
    }
  });

  for (const [coding, decoder] of [
    ['br', createBrotliDecompress],
    ['gzip', createGunzip],
  ] as const) {
    it(`streams the whole list in ${coding}: the first bytes arrive before the list is read to its end`, async () => {
      const store = h.server.ctx.store;
      const original = store.streamJoined;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const batch = (from: number) => {
        const records = Array.from({ length: 200 }, (_, k) =>
          recordFragment({
            id: String(from + k).padStart(26, '0'),
            name: `a${from + k}.json`,
            contentType: 'application/json',
            size: k,
            files: null,
            createdAt: '',
            updatedAt: '',
          }),
        );
        return { json: records.join(','), count: records.length };
      };
      // About 4 MB of records (brotli's first block of output comes after about twice its 1 MiB
      // window), then nothing more until the client has had compressed bytes: a compressor that
      // held the whole answer would never send them.
      store.streamJoined = async function* () {
        for (let i = 0; i < 120; i++) yield batch(i * 200);
        await gate;
        for (let i = 120; i < 130; i++) yield batch(i * 200);
      };
      try {
        const firstBytes = new Promise<{ res: IncomingMessage; first: Buffer }>((resolve, reject) =>
          httpGet(`${h.url}/api/p/zip/assets.json`, { headers: { 'accept-encoding': coding } }, (res) =>
            res.once('data', (first: Buffer) => {
              res.pause();
              resolve({ res, first });
            }),
          ).on('error', reject),
        );
        const { res, first } = await Promise.race([
          firstBytes,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no compressed bytes before the end of the list')), 10_000)),
        ]);
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers['content-length']).toBeUndefined();
        open();
        const decoding = decoder();
        decoding.write(first);
        const text = buffer(res.pipe(decoding));
        const body = JSON.parse((await text).toString());
        expect(body.totalCount).toBe(26_000);
        expect(body.results).toHaveLength(26_000);
      } finally {
        open();
        store.streamJoined = original;
      }
    });
  }

  it('sends small answers as they are', async () => {
    const [first] = JSON.parse((await getBytes(`${h.url}/api/p/zip/assets.json?limit=1`)).body.toString()).results as { id: string }[];
    const one = await getBytes(`${h.url}/api/p/zip/assets/${first!.id}`, { 'accept-encoding': 'br' });
    expect(one.status).toBe(200);
    expect(one.body.length).toBeLessThan(1024);
    expect(one.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the management API', async () => {
    const a = await getBytes(`${h.url}/api/projects/zip/assets`, { authorization: `Bearer ${ADMIN_TOKEN}`, 'accept-encoding': 'gzip' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(a).toString()).totalCount).toBe(23);
  });

  describe('asset files', () => {
    it('compresses a GeoJSON file, with an ETag per coding and a 304 for each', async () => {
      const identity = await getBytes(h.url + files['points.geojson']!);
      expect(identity.body.toString()).toBe(GEOJSON);
      for (const coding of ['br', 'gzip']) {
        const a = await getBytes(h.url + files['points.geojson']!, { 'accept-encoding': coding });
        expect(a.headers['content-encoding']).toBe(coding);
        expect(varies(a)).toBe(true);
        expect(decoded(a).toString()).toBe(GEOJSON);
        expect(a.headers.etag).toBe(String(identity.headers.etag).replace(/"$/, `-${coding}"`));
        const again = await getBytes(h.url + files['points.geojson']!, { 'accept-encoding': coding, 'if-none-match': String(a.headers.etag) });
        expect(again.status).toBe(304);
      }
    });

    it('answers a Range request from the identity bytes', async () => {
      const a = await getBytes(h.url + files['points.geojson']!, { 'accept-encoding': 'br, gzip', range: 'bytes=10-29' });
      expect(a.status).toBe(206);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.headers['content-range']).toBe(`bytes 10-29/${GEOJSON.length}`);
      expect(a.body.toString()).toBe(GEOJSON.slice(10, 30));
    });

    it('never compresses images or glb', async () => {
      for (const [name, bytes] of [
        ['tile.png', PNG],
        ['model.glb', GLB],
      ] as const) {
        const a = await getBytes(h.url + files[name]!, { 'accept-encoding': 'br, gzip' });
        expect(a.status).toBe(200);
        expect(a.headers['content-encoding'], name).toBeUndefined();
        expect(a.body.equals(bytes)).toBe(true);
      }
    });
  });
});
