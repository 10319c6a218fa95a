import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../store/store.js';
import { type Harness, startHarness } from '../../test/harness.js';

describe('GET {base_url}/assets.json', () => {
  let h: Harness;
  let publicIds: string[];
  let all: Asset[];

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    // 130 assets, every fourth private (i % 4 === 1): 97 public.
    all = await h.seed(
      'city',
      Array.from({ length: 130 }, (_, i) => i % 4 !== 1),
    );
    publicIds = all.filter((a) => a.public).map((a) => a.id);
  });
  afterAll(() => h.close());

  const list = async (query: string) => {
    const res = await h.get(`/api/p/city/assets.json${query}`);
    return { res, body: (await res.json()) as Record<string, any> };
  };
  const ids = (body: Record<string, any>) => (body.results as { id: string }[]).map((r) => r.id);

  it('returns every public asset, oldest first, without pagination parameters', async () => {
    const { res, body } = await list('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body)).toEqual(['results', 'totalCount']);
    expect(ids(body)).toEqual(publicIds);
    expect(body.totalCount).toBe(97);
  });

  it('answers the same at /assets', async () => {
    const res = await h.get('/api/p/city/assets?limit=3');
    expect(ids(await res.json())).toEqual(publicIds.slice(0, 3));
  });

  it('gives asset records their fields in a fixed order', async () => {
    const { body } = await list('?limit=1');
    const record = body.results[0];
    expect(Object.keys(record)).toEqual(['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt']);
    expect(record).toMatchObject({ type: 'asset', name: 'asset-0.geojson', contentType: 'application/geo+json' });
    expect(record.url).toBe(`${h.url}/files/city/${record.id}/asset-0.geojson`);
    expect(record.size).toBeGreaterThan(0);
  });

  it('makes a page from any pagination parameter, with the envelope in a fixed order', async () => {
    const { body } = await list('?page=2&limit=10');
    expect(Object.keys(body)).toEqual(['results', 'totalCount', 'hasMore', 'limit', 'nextCursor', 'page', 'offset']);
    expect(body).toMatchObject({ totalCount: 97, hasMore: true, limit: 10, page: 2, offset: 10 });
    expect(ids(body)).toEqual(publicIds.slice(10, 20));
    const sizeOnly = await list('?pageSize=5');
    expect(ids(sizeOnly.body)).toEqual(publicIds.slice(0, 5));
    expect(sizeOnly.body).toMatchObject({ page: 1, offset: 0, limit: 5 });
  });

  it('uses a default page size of 50, clamps above 100, falls back to 50 at 0 or less', async () => {
    expect((await list('?page=1')).body.limit).toBe(50);
    expect(ids((await list('?page=1')).body)).toEqual(publicIds.slice(0, 50));
    const big = await list('?limit=1000');
    expect(big.body.limit).toBe(100);
    expect(ids(big.body)).toEqual(publicIds);
    expect((await list('?limit=0')).body.limit).toBe(50);
    expect((await list('?limit=-7')).body.limit).toBe(50);
  });

  it('checks the page-size names in order limit, perPage, per_page, page_size, pageSize', async () => {
    expect((await list('?pageSize=5&page_size=4&per_page=3&perPage=2&limit=1')).body.limit).toBe(1);
    expect((await list('?pageSize=5&page_size=4&per_page=3&perPage=2')).body.limit).toBe(2);
    expect((await list('?pageSize=5&page_size=4&per_page=3')).body.limit).toBe(3);
    expect((await list('?pageSize=5&page_size=4')).body.limit).toBe(4);
  });

  it('gives start_cursor precedence over offset, and offset over page', async () => {
    const first = await list('?limit=5');
    const cursor = first.body.nextCursor as string;
    const byCursor = await list(`?start_cursor=${encodeURIComponent(cursor)}&offset=50&page=9&limit=5`);
    expect(ids(byCursor.body)).toEqual(publicIds.slice(5, 10));
    expect(Object.keys(byCursor.body)).toEqual(['results', 'totalCount', 'hasMore', 'limit', 'nextCursor']);
    const byOffset = await list('?offset=7&page=9&limit=5');
    expect(ids(byOffset.body)).toEqual(publicIds.slice(7, 12));
    expect(byOffset.body).toMatchObject({ offset: 7, page: 2 });
  });

  it('treats page 0 or less as 1 and a negative offset as 0', async () => {
    expect(ids((await list('?page=0&limit=3')).body)).toEqual(publicIds.slice(0, 3));
    expect(ids((await list('?page=-2&limit=3')).body)).toEqual(publicIds.slice(0, 3));
    const neg = await list('?offset=-5&limit=3');
    expect(ids(neg.body)).toEqual(publicIds.slice(0, 3));
    expect(neg.body).toMatchObject({ offset: 0, page: 1 });
  });

  it('answers a page past the end with 200 and no results', async () => {
    const { res, body } = await list('?page=99&limit=10');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ results: [], totalCount: 97, hasMore: false, nextCursor: null });
    expect(res.headers.get('link')).toBeNull();
  });

  it('walks every public asset exactly once by cursor, with Link headers', async () => {
    const seen: string[] = [];
    let query = '?limit=30';
    let pages = 0;
    for (;;) {
      const { res, body } = await list(query);
      seen.push(...ids(body));
      pages += 1;
      if (!body.hasMore) {
        expect(body.nextCursor).toBeNull();
        expect(res.headers.get('link')).toBeNull();
        break;
      }
      const link = res.headers.get('link')!;
      expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/p\/city\/assets\.json\?.*>; rel="next"$/);
      query = `?start_cursor=${encodeURIComponent(body.nextCursor)}&limit=30`;
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(publicIds);
  });

  it('follows the Link header to the next page in the same mode', async () => {
    for (const start of ['?page=1&limit=40', '?offset=0&limit=40', '?limit=40']) {
      const seen: string[] = [];
      let next: string | null = `${h.url}/api/p/city/assets.json${start}`;
      while (next) {
        const res: Response = await fetch(next);
        seen.push(...ids(await res.json()));
        next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(seen, start).toEqual(publicIds);
    }
  });

  it('keeps cursors valid when assets are added or deleted', async () => {
    await h.project('moving');
    const assets = await h.seed('moving', Array(10).fill(true));
    const { body } = await h.get('/api/p/moving/assets.json?limit=4').then(async (r) => ({ body: await r.json() }));
    const cursor = body.nextCursor as string;
    // Delete the asset the cursor points at and the next one; add new ones.
    await h.admin('DELETE', `/api/projects/moving/assets/${assets[3]!.id}`);
    await h.admin('DELETE', `/api/projects/moving/assets/${assets[4]!.id}`);
    const added = await h.seed('moving', [true, true]);
    const res = await h.get(`/api/p/moving/assets.json?limit=100&start_cursor=${encodeURIComponent(cursor)}`);
    const after = ids(await res.json());
    expect(after).toEqual([...assets.slice(5).map((a) => a.id), ...added.map((a) => a.id)]);
  });

  it('counts empty values as absent and the first of repeated values', async () => {
    const { body } = await list('?page=&limit=&offset=&start_cursor=');
    expect(Object.keys(body)).toEqual(['results', 'totalCount']);
    expect(ids((await list('?limit=2&limit=9')).body)).toEqual(publicIds.slice(0, 2));
    expect((await list('?limit=&perPage=4')).body.limit).toBe(4);
  });

  it('answers 400 invalid_parameter naming a non-integer parameter', async () => {
    for (const [query, name] of [
      ['?page=abc', 'page'],
      ['?limit=1.5', 'limit'],
      ['?offset=1e3', 'offset'],
      ['?perPage=ten', 'perPage'],
      ['?per_page=%201', 'per_page'],
      ['?page_size=0x1', 'page_size'],
      ['?pageSize=NaN', 'pageSize'],
    ]) {
      const { res, body } = await list(query!);
      expect(res.status, query).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toContain(name);
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error)).toEqual(['code', 'message']);
    }
  });

  it('answers 400 invalid_cursor for made-up, altered and foreign cursors', async () => {
    const { body } = await list('?limit=2');
    const good = body.nextCursor as string;
    const altered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    await h.project('other');
    await h.seed('other', [true, true, true]);
    const foreign = (await (await h.get('/api/p/other/assets.json?limit=1')).json()).nextCursor as string;
    for (const cursor of ['abc', altered, foreign, Buffer.from(`1|x|${publicIds[0]}`).toString('base64url')]) {
      const res = await h.get(`/api/p/city/assets.json?start_cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_cursor');
    }
  });

  it('clamps huge integers instead of failing', async () => {
    const huge = '9'.repeat(500);
    for (const query of [`?page=${huge}`, `?offset=${huge}`, `?limit=${huge}`, `?page=-${huge}`, `?offset=-${huge}&limit=2`]) {
      const { res, body } = await list(query);
      expect(res.status, query).toBe(200);
      expect(body.totalCount).toBe(97);
    }
    expect((await list(`?offset=${huge}`)).body.results).toEqual([]);
    expect((await list(`?page=-${huge}&limit=2`)).body.page).toBe(1);
  });

  it('never lists a private asset', async () => {
    const privateIds = new Set(all.filter((a) => !a.public).map((a) => a.id));
    const { body } = await list('');
    expect(ids(body).some((id) => privateIds.has(id))).toBe(false);
  });

  it('serves one public asset by id, and 404 for a private or unknown one', async () => {
    const pub = all.find((a) => a.public)!;
    const priv = all.find((a) => !a.public)!;
    const ok = await h.get(`/api/p/city/assets/${pub.id}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(pub.id);
    for (const id of [priv.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'nope']) {
      const res = await h.get(`/api/p/city/assets/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });
});
