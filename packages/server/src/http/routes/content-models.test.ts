import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { type Harness, startHarness } from '../../test/harness.js';

const fields = [
  { key: 'name', type: 'text', required: true },
  { key: 'capacity', type: 'integer' },
  { key: 'kind', type: 'select', options: ['school', 'park'] },
  { key: 'photo', type: 'asset' },
  { key: 'loc', type: 'geometry' },
];

describe('content models (docs/contract.md §10)', () => {
  let h: Harness;
  let photo: { id: string };
  let hidden: { id: string };
  const items: { id: string }[] = [];

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
  const create = (model: string, body: unknown) => h.admin('POST', `/api/projects/city/models/${model}/items`, body).then(json);

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    const seeded = await h.seed('city', [true, false]);
    photo = seeded[0]!;
    hidden = seeded[1]!;
    expect((await json(await h.admin('POST', '/api/projects/city/models', { key: 'shelters', name: 'Shelters', public: true, fields }))).status).toBe(201);
    for (let i = 0; i < 12; i++) {
      const r = await create('shelters', {
        public: i !== 3,
        fields: {
          name: i === 0 ? '=SUM(A1), "quoted"\nline' : `Hall ${i}`,
          capacity: i * 10,
          kind: i % 2 ? 'park' : 'school',
          photo: i === 1 ? photo.id : i === 2 ? hidden.id : undefined,
          loc: i < 6 ? { type: 'Point', coordinates: [139 + i / 10, 35.5] } : null,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      items.push(r.body);
    }
  });
  afterAll(() => h.close());

  describe('management', () => {
    it.each([
      [{ key: 'Bad', fields: [] }, 'key'],
      [{ key: 'assets', fields: [] }, 'key'],
      [{ key: 'x', fields: [{ key: 'id', type: 'text' }] }, 'fields[0].key'],
      [{ key: 'x', fields: [{ key: 'a', type: 'colour' }] }, 'fields[0].type'],
      [{ key: 'x', fields: [{ key: 'a', type: 'select' }] }, 'fields[0].options'],
      [
        {
          key: 'x',
          fields: [
            { key: 'a', type: 'text' },
            { key: 'a', type: 'text' },
          ],
        },
        'fields[1].key',
      ],
      [{ key: 'x', fields: Array.from({ length: 101 }, (_, i) => ({ key: `f${i}`, type: 'text' })) }, 'at most 100 fields'],
      [{ key: 'x', fields: [], extra: 1 }, 'extra'],
    ])('refuses a bad model (%#) naming %s, and creates nothing', async (body, field) => {
      const r = await json(await h.admin('POST', '/api/projects/city/models', body));
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid_body');
      expect(r.body.error.message).toContain(field.replace(/\[.*$/, ''));
      expect((await json(await h.admin('GET', '/api/projects/city/models'))).body.map((m: any) => m.key)).toEqual(['shelters']);
    });

    it('creates a model with 100 fields, lists, reads, renames and deletes it; a taken key is 409', async () => {
      const many = Array.from({ length: 100 }, (_, i) => ({ key: `f${i}`, type: 'number' }));
      const made = await json(await h.admin('POST', '/api/projects/city/models', { key: 'wide', name: 'Wide', fields: many }));
      expect(made.status).toBe(201);
      expect(Object.keys(made.body)).toEqual(['id', 'key', 'name', 'public', 'review', 'fields', 'itemCount', 'publicItemCount', 'createdAt', 'updatedAt']);
      expect((await h.admin('POST', '/api/projects/city/models', { key: 'wide', fields: [] })).status).toBe(409);
      expect((await json(await h.admin('PATCH', '/api/projects/city/models/wide', { name: 'Wider' }))).body.name).toBe('Wider');
      expect((await h.admin('DELETE', '/api/projects/city/models/wide')).status).toBe(204);
      expect((await h.admin('GET', '/api/projects/city/models/wide')).status).toBe(404);
    });

    it('refuses an item that does not fit, naming the field, and stores nothing', async () => {
      const before = (await json(await h.admin('GET', '/api/projects/city/models/shelters'))).body.itemCount;
      for (const [value, field] of [
        [{ capacity: 1 }, 'name'],
        [{ name: 'a', capacity: 'many' }, 'capacity'],
        [{ name: 'a', kind: 'zoo' }, 'kind'],
        [{ name: 'a', loc: { type: 'Point', coordinates: [0, 95] } }, 'loc'],
        [{ name: 'a', photo: '01JDA8ZZZZZZZZZZZZZZZZZZZZ' }, 'photo'],
        [{ name: 'a', nope: 1 }, 'nope'],
      ] as const) {
        const r = await create('shelters', { fields: value });
        expect(r.status, JSON.stringify(value)).toBe(400);
        expect(r.body.error).toMatchObject({ code: 'invalid_body' });
        expect(r.body.error.message).toContain(`"${field}"`);
      }
      expect((await json(await h.admin('GET', '/api/projects/city/models/shelters'))).body.itemCount).toBe(before);
    });

    it('merges a PATCH of fields, clears a field with null, and lists every item with its flag', async () => {
      const made = await create('shelters', { public: false, fields: { name: 'temp', capacity: 5 } });
      const patched = await json(
        await h.admin('PATCH', `/api/projects/city/models/shelters/items/${made.body.id}`, { fields: { capacity: null, kind: 'park' } }),
      );
      expect(patched.body).toMatchObject({ name: 'temp', capacity: null, kind: 'park', public: false });
      const page = await json(await h.admin('GET', '/api/projects/city/models/shelters/items?limit=100'));
      expect(page.body.results.at(-1)).toMatchObject({ id: made.body.id, public: false });
      expect(page.body.results[2].photo).toBe(hidden.id);
      expect((await h.admin('DELETE', `/api/projects/city/models/shelters/items/${made.body.id}`)).status).toBe(204);
      expect((await h.admin('GET', `/api/projects/city/models/shelters/items/${made.body.id}`)).status).toBe(404);
    });

    it('makes an item without "public" as public as its model, on creation and import (docs/content-api.md)', async () => {
      expect((await h.admin('POST', '/api/projects/city/models', { key: 'drafts', name: 'Drafts', fields: [{ key: 'name', type: 'text' }] })).status).toBe(201);
      const open = await create('shelters', { fields: { name: 'open' } });
      const closed = await create('drafts', { fields: { name: 'closed' } });
      expect([open.body.public, closed.body.public]).toEqual([true, false]);
      const imported = await h.admin('POST', '/api/projects/city/models/shelters/import', [{ name: 'imported' }]);
      expect(imported.status).toBe(201);
      const listed = (await json(await h.get('/api/p/city/shelters.json?limit=100'))).body.results.map((r: any) => r.name);
      expect(listed).toEqual(expect.arrayContaining(['open', 'imported']));
      for (const name of ['open', 'imported']) {
        const page = await json(await h.admin('GET', '/api/projects/city/models/shelters/items?limit=100'));
        const item = page.body.results.find((r: any) => r.name === name);
        expect((await h.admin('DELETE', `/api/projects/city/models/shelters/items/${item.id}`)).status).toBe(204);
      }
      expect((await h.admin('DELETE', '/api/projects/city/models/drafts')).status).toBe(204);
    });

    it('keeps the values of remaining fields when a model changes, and refuses a change an item cannot survive', async () => {
      await h.admin('POST', '/api/projects/city/models', {
        key: 'notes',
        public: true,
        fields: [
          { key: 'a', type: 'text' },
          { key: 'b', type: 'integer' },
        ],
      });
      const item = (await create('notes', { public: true, fields: { a: 'x', b: 2 } })).body;
      const refused = await json(await h.admin('PATCH', '/api/projects/city/models/notes', { fields: [{ key: 'a', type: 'integer' }] }));
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain(item.id);
      const changed = await json(
        await h.admin('PATCH', '/api/projects/city/models/notes', {
          fields: [
            { key: 'b', type: 'integer' },
            { key: 'c', type: 'bool' },
          ],
        }),
      );
      expect(changed.status).toBe(200);
      const read = await json(await h.get(`/api/p/city/notes/${item.id}`));
      expect(Object.keys(read.body)).toEqual(['id', 'b', 'c', 'createdAt', 'updatedAt']);
      expect(read.body).toMatchObject({ b: 2, c: null });
    });
  });

  describe('public API', () => {
    const publicItems = () => items.filter((_, i) => i !== 3).map((x) => x.id);

    it('lists public items unpaginated, in the model order of keys, with asset records or null', async () => {
      const r = await json(await h.get('/api/p/city/shelters.json'));
      expect(Object.keys(r.body)).toEqual(['results', 'totalCount']);
      expect(r.body.results.map((x: any) => x.id)).toEqual(publicItems());
      expect(Object.keys(r.body.results[0])).toEqual(['id', 'name', 'capacity', 'kind', 'photo', 'loc', 'createdAt', 'updatedAt']);
      expect(r.body.results[1].photo).toMatchObject({ type: 'asset', id: photo.id, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/city\//) });
      expect(r.body.results[2].photo).toBeNull();
      expect(r.body.results[6].loc).toBeNull();
      expect((await json(await h.get('/api/p/city/shelters'))).body).toEqual(r.body);
    });

    it('pages by page, offset and cursor with the envelope, Link and kept totalCount', async () => {
      const ids = publicItems();
      const p2 = await h.get('/api/p/city/shelters.json?page=2&per_page=4');
      const body = (await p2.json()) as any;
      expect(Object.keys(body)).toEqual(['results', 'totalCount', 'hasMore', 'limit', 'nextCursor', 'page', 'offset']);
      expect(body).toMatchObject({ totalCount: 11, hasMore: true, limit: 4, page: 2, offset: 4 });
      expect(body.results.map((x: any) => x.id)).toEqual(ids.slice(4, 8));
      expect(p2.headers.get('link')).toBe(`<${h.url}/api/p/city/shelters.json?page=3&limit=4>; rel="next"`);
      const off = (await json(await h.get('/api/p/city/shelters.json?offset=9&limit=500'))).body;
      expect(off).toMatchObject({ limit: 100, hasMore: false, nextCursor: null, page: 1, offset: 9 });
      const first = (await json(await h.get('/api/p/city/shelters.json?limit=5'))).body;
      const second = (await json(await h.get(`/api/p/city/shelters.json?start_cursor=${encodeURIComponent(first.nextCursor)}&limit=5`))).body;
      expect(Object.keys(second)).toEqual(['results', 'totalCount', 'hasMore', 'limit', 'nextCursor']);
      expect(second.results.map((x: any) => x.id)).toEqual(ids.slice(5, 10));
      expect((await json(await h.get('/api/p/city/shelters.json?page=99'))).body.results).toEqual([]);
      expect((await json(await h.get('/api/p/city/shelters.json?limit=1.5'))).body.error.code).toBe('invalid_parameter');
    });

    it('refuses a cursor of another model, of the assets listing, and the other way round', async () => {
      await h.admin('POST', '/api/projects/city/models', { key: 'other', public: true, fields: [{ key: 'n', type: 'integer' }] });
      for (let i = 0; i < 3; i++) await create('other', { public: true, fields: { n: i } });
      await h.seed('city', [true, true]);
      const modelCursor = (await json(await h.get('/api/p/city/shelters.json?limit=1'))).body.nextCursor;
      const otherCursor = (await json(await h.get('/api/p/city/other.json?limit=1'))).body.nextCursor;
      const assetCursor = (await json(await h.get('/api/p/city/assets.json?limit=1'))).body.nextCursor;
      for (const [path, cursor] of [
        ['shelters.json', otherCursor],
        ['shelters.json', assetCursor],
        ['assets.json', modelCursor],
        ['other.json', modelCursor],
      ]) {
        const r = await json(await h.get(`/api/p/city/${path}?start_cursor=${encodeURIComponent(cursor)}`));
        expect(r.status, path).toBe(400);
        expect(r.body.error.code).toBe('invalid_cursor');
      }
    });

    it('answers one public item, 404 for a private or unknown one, 404 for a private model', async () => {
      const one = await json(await h.get(`/api/p/city/shelters/${items[1]!.id}`));
      expect(one.body).toMatchObject({ id: items[1]!.id, name: 'Hall 1', photo: { id: photo.id } });
      expect((await h.get(`/api/p/city/shelters/${items[3]!.id}`)).status).toBe(404);
      expect((await h.get('/api/p/city/shelters/nope')).status).toBe(404);
      await h.admin('POST', '/api/projects/city/models', { key: 'secret', fields: [] });
      for (const path of ['secret.json', 'secret.csv', 'nothing.json', 'shelters.xml']) {
        const r = await json(await h.get(`/api/p/city/${path}`));
        expect(r.status, path).toBe(404);
        expect(r.body.error.code).toBe('not_found');
      }
    });

    it('exports a FeatureCollection of items with a geometry, whole or by page; 404 without a geometry field', async () => {
      const all = await h.get('/api/p/city/shelters.geojson');
      expect(all.headers.get('content-type')).toMatch(/^application\/geo\+json/);
      const fc = (await all.json()) as any;
      expect(fc.type).toBe('FeatureCollection');
      expect(fc.features.map((f: any) => f.id)).toEqual(publicItems().slice(0, 5));
      expect(fc.features[0]).toMatchObject({ type: 'Feature', geometry: { type: 'Point' }, properties: { name: '=SUM(A1), "quoted"\nline', capacity: 0 } });
      expect(fc.features[0].properties.loc).toBeUndefined();
      const page = (await json(await h.get('/api/p/city/shelters.geojson?limit=2&page=2'))).body;
      expect(page.features.map((f: any) => f.id)).toEqual(publicItems().slice(2, 4));
      expect(page).toMatchObject({ totalCount: 11, hasMore: true, limit: 2, page: 2 });
      expect((await h.get('/api/p/city/other.geojson')).status).toBe(404);
    });

    it('exports RFC 4180 CSV with neutralised formula cells and Point columns', async () => {
      const res = await h.get('/api/p/city/shelters.csv');
      expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      const text = await res.text();
      expect(text.split('\r\n')[0]).toBe('id,name,capacity,kind,photo,loc_lng,loc_lat,loc,createdAt,updatedAt');
      const rows = parse(text, { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => r.id)).toEqual(publicItems());
      expect(rows[0]!.name).toBe('\'=SUM(A1), "quoted"\nline');
      expect(text).toContain('"\'=SUM(A1), ""quoted""\nline"');
      expect(rows[1]).toMatchObject({ loc_lng: '139.1', loc_lat: '35.5', loc: '', capacity: '10' });
      expect(rows[1]!.photo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/city\//);
    });

    it('describes an item with a JSON Schema 2020-12 that every listed item satisfies', async () => {
      const schema = (await json(await h.get('/api/p/city/shelters.schema.json'))).body;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const ajv = new Ajv2020({ strict: false });
      addFormats.default(ajv);
      const validate = ajv.compile(schema);
      for (const item of (await json(await h.get('/api/p/city/shelters.json'))).body.results)
        expect(validate(item), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ id: 'x' })).toBe(false);
    });
  });

  describe('ETag', () => {
    it('answers 304 to If-None-Match on every public listing mode and item, and changes with a write', async () => {
      const paths = [
        '/api/p/city/assets.json',
        '/api/p/city/assets?limit=2',
        '/api/p/city/assets.json?offset=1',
        '/api/p/city/shelters.json',
        '/api/p/city/shelters.json?page=2&limit=3',
        '/api/p/city/shelters.geojson',
        '/api/p/city/shelters.csv',
        `/api/p/city/shelters/${items[0]!.id}`,
        `/api/p/city/assets/${photo.id}`,
      ];
      const tags = new Map<string, string>();
      for (const path of paths) {
        const first = await h.get(path);
        const etag = first.headers.get('etag');
        expect(etag, path).toMatch(/^".+"$/);
        tags.set(path, etag!);
        const again = await h.get(path, { 'if-none-match': etag! });
        expect(again.status, path).toBe(304);
        expect(await again.text()).toBe('');
        expect((await h.get(path, { 'if-none-match': '"other"' })).status, path).toBe(200);
      }
      expect(tags.get('/api/p/city/shelters.json')).not.toBe(tags.get('/api/p/city/shelters.json?page=2&limit=3'));
      await h.admin('PATCH', `/api/projects/city/models/shelters/items/${items[0]!.id}`, { fields: { capacity: 1 } });
      await h.seed('city', [true]);
      for (const path of paths) {
        const res = await h.get(path, { 'if-none-match': tags.get(path)! });
        if (path.includes('/assets/')) continue;
        expect(res.status, path).toBe(200);
      }
    });
  });

  describe("the editor's preview of a model layer", () => {
    it("answers a private project's public items as GeoJSON and CSV behind the admin token, not through the public API without a key", async () => {
      await h.project('vault', 'private');
      const model = {
        key: 'sites',
        name: 'Sites',
        public: true,
        fields: [
          { key: 'name', type: 'text' },
          { key: 'at', type: 'geometry' },
        ],
      };
      expect((await h.admin('POST', '/api/projects/vault/models', model)).status).toBe(201);
      const shown = (
        await json(
          await h.admin('POST', '/api/projects/vault/models/sites/items', {
            public: true,
            fields: { name: 'Gate', at: { type: 'Point', coordinates: [139.7, 35.6] } },
          }),
        )
      ).body;
      await h.admin('POST', '/api/projects/vault/models/sites/items', {
        public: false,
        fields: { name: 'Vault', at: { type: 'Point', coordinates: [139.8, 35.7] } },
      });
      // What the editor read before: the public API refuses a private project without an API key.
      expect((await json(await h.get('/api/p/vault/sites.geojson'))).body.error.code).toBe('api_key_required');
      const geojson = await h.admin('GET', '/api/projects/vault/models/sites/items.geojson');
      expect(geojson.status).toBe(200);
      expect(geojson.headers.get('content-type')).toMatch(/^application\/geo\+json/);
      expect(geojson.headers.get('cache-control')).toMatch(/^private/);
      const fc = (await geojson.json()) as any;
      expect(fc.features.map((f: any) => [f.id, f.properties.name])).toEqual([[shown.id, 'Gate']]);
      const csv = parse(await (await h.admin('GET', '/api/projects/vault/models/sites/items.csv')).text(), { columns: true }) as Record<string, string>[];
      expect(csv.map((r) => [r.id, r.name, r.at_lng])).toEqual([[shown.id, 'Gate', '139.7']]);
      // Only with the admin token; a model that is not public shows nothing, as on the published page.
      expect((await json(await h.get('/api/projects/vault/models/sites/items.geojson'))).body.error.code).toBe('unauthorized');
      await h.admin('PATCH', '/api/projects/vault/models/sites', { public: false });
      expect((await json(await h.admin('GET', '/api/projects/vault/models/sites/items.geojson'))).body.error.code).toBe('not_found');
    });
  });
});
