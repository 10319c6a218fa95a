import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';

type Item = Record<string, any> & { id: string };

const fields = [
  { key: 'name', type: 'text' },
  { key: 'capacity', type: 'integer' },
  { key: 'score', type: 'number' },
  { key: 'open', type: 'bool' },
  { key: 'kind', type: 'select', options: ['school', 'park', 'hall'] },
  { key: 'tags', type: 'text', multiple: true },
  { key: 'loc', type: 'geometry' },
];
const NAMES = ['Hall A', 'hall b', 'Park', 'School 東', 'gym', 'Hallway'];
const KINDS = ['school', 'park', 'hall'];

/** A model's items, made from a seed: some values missing, Points and a few Polygons. */
function itemsOf(n: number): Record<string, unknown>[] {
  let x = 7;
  const next = (m: number) => ((x = (x * 48271) % 2147483647), Math.floor((x / 2147483647) * m));
  return Array.from({ length: n }, () => {
    const v: Record<string, unknown> = {};
    if (next(5) > 0) v.name = NAMES[next(NAMES.length)];
    if (next(4) > 0) v.capacity = next(8) * 10;
    if (next(3) > 0) v.score = next(9) / 2;
    if (next(3) > 0) v.open = next(2) === 0;
    if (next(4) > 0) v.kind = KINDS[next(3)];
    if (next(3) === 0) v.tags = ['a'];
    const lng = 139 + next(10) / 10;
    const lat = 35 + next(10) / 10;
    if (next(4) > 0)
      v.loc =
        next(5) === 0
          ? {
              type: 'Polygon',
              coordinates: [
                [
                  [lng, lat],
                  [lng + 0.25, lat],
                  [lng + 0.25, lat + 0.25],
                  [lng, lat],
                ],
              ],
            }
          : { type: 'Point', coordinates: [lng, lat] };
    return v;
  });
}

type Cond = { field: string; op: string; value: string };
type Query = { and: Cond[]; or: Cond[][]; sort: { field: string; desc: boolean }[]; q?: string; bbox?: number[] };

/** The reference: what the query asks, applied to the full listing in memory (docs/content-workflow.md, "Queries"). */
function holds(item: Item, c: Cond): boolean {
  const v = item[c.field];
  const typed = (raw: string) => (c.field === 'capacity' || c.field === 'score' ? Number(raw) : c.field === 'open' ? raw === 'true' : raw);
  if (c.op === 'exists') return (v !== null) === (c.value === 'true');
  if (c.op === 'ne') return v === null || v !== typed(c.value);
  if (v === null) return false;
  if (c.op === 'in') return c.value.split(',').map(typed).includes(v);
  if (c.op === 'contains') return (v as string).includes(c.value);
  const w = typed(c.value);
  return c.op === 'eq' ? v === w : c.op === 'lt' ? v < w : c.op === 'lte' ? v <= w : c.op === 'gt' ? v > w : v >= w;
}

function positions(g: any): number[][] {
  return g.type === 'Point' ? [g.coordinates] : g.coordinates.flat(1);
}

function matches(item: Item, q: Query): boolean {
  if (!q.and.every((c) => holds(item, c))) return false;
  if (q.or.length > 0 && !q.or.some((g) => g.every((c) => holds(item, c)))) return false;
  const lower = (s: string) => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
  for (const word of (q.q ?? '').split(/\s+/).filter(Boolean))
    if (!['name', 'kind'].some((k) => item[k] !== null && lower(item[k]).includes(lower(word)))) return false;
  if (q.bbox) {
    if (item.loc === null) return false;
    const p = positions(item.loc);
    const [w, s, e, n] = q.bbox as [number, number, number, number];
    if (
      Math.min(...p.map((x) => x[0]!)) > e ||
      Math.max(...p.map((x) => x[0]!)) < w ||
      Math.min(...p.map((x) => x[1]!)) > n ||
      Math.max(...p.map((x) => x[1]!)) < s
    )
      return false;
  }
  return true;
}

function ordered(items: Item[], q: Query): Item[] {
  return [...items].sort((a, b) => {
    for (const { field, desc } of q.sort) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return a.id < b.id ? -1 : 1;
  });
}

function search(q: Query): URLSearchParams {
  const s = new URLSearchParams();
  for (const c of q.and) s.append(`filter[${c.field}][${c.op}]`, c.value);
  q.or.forEach((g, i) => g.forEach((c) => s.append(`or[${i}][${c.field}][${c.op}]`, c.value)));
  if (q.sort.length > 0) s.set('sort', q.sort.map((x) => (x.desc ? '-' : '') + x.field).join(','));
  if (q.q) s.set('q', q.q);
  if (q.bbox) s.set('bbox', q.bbox.join(','));
  return s;
}

const cond: fc.Arbitrary<Cond> = fc.oneof(
  fc.record({
    field: fc.constantFrom('capacity'),
    op: fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte'),
    value: fc.integer({ min: 0, max: 7 }).map((n) => String(n * 10)),
  }),
  fc.record({
    field: fc.constant('capacity'),
    op: fc.constant('in'),
    value: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }).map((a) => a.map((n) => n * 10).join(',')),
  }),
  fc.record({ field: fc.constant('score'), op: fc.constantFrom('lt', 'gte', 'eq'), value: fc.integer({ min: 0, max: 8 }).map((n) => String(n / 2)) }),
  fc.record({ field: fc.constant('open'), op: fc.constantFrom('eq', 'ne'), value: fc.constantFrom('true', 'false') }),
  fc.record({
    field: fc.constantFrom('name', 'kind'),
    op: fc.constantFrom('eq', 'ne', 'lt', 'gte', 'contains'),
    value: fc.constantFrom(...NAMES, ...KINDS, 'all', 'Hall', '東'),
  }),
  fc.record({ field: fc.constant('kind'), op: fc.constant('in'), value: fc.constantFrom('school,park', 'hall') }),
  fc.record({ field: fc.constantFrom('name', 'capacity', 'tags', 'loc'), op: fc.constant('exists'), value: fc.constantFrom('true', 'false') }),
);
const query: fc.Arbitrary<Query> = fc.record({
  // One condition per parameter name: a parameter given twice counts once (its first value).
  and: fc.uniqueArray(cond, { maxLength: 2, selector: (c) => `${c.field}/${c.op}` }),
  or: fc.array(fc.uniqueArray(cond, { minLength: 1, maxLength: 2, selector: (c) => `${c.field}/${c.op}` }), { maxLength: 2 }),
  sort: fc.uniqueArray(fc.record({ field: fc.constantFrom('capacity', 'score', 'name', 'open'), desc: fc.boolean() }), {
    maxLength: 2,
    selector: (s) => s.field,
  }),
  q: fc.option(fc.constantFrom('hall', 'HALL a', 'park', '東', 'zzz'), { nil: undefined }),
  bbox: fc.option(fc.constantFrom([139, 35, 139.45, 35.45], [139.5, 35.5, 140, 36], [139.95, 35.95, 141, 37]), { nil: undefined }),
});

describe('item queries (docs/content-workflow.md)', () => {
  let h: Harness;
  let all: Item[];
  const base = '/api/projects/city/models/shelters/items';
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any, link: res.headers.get('link') });

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'shelters', name: 'Shelters', public: true, fields })).status).toBe(201);
    const items = itemsOf(90);
    for (const [flag, part] of [
      ['true', items.slice(0, 60)],
      ['false', items.slice(60)],
    ] as const) {
      const r = await fetch(`${h.url}/api/projects/city/models/shelters/import?public=${flag}`, {
        method: 'POST',
        headers: { authorization: `Bearer test-admin-token-0123456789-0123456789`, 'content-type': 'application/json' },
        body: JSON.stringify(part),
      });
      expect(r.status, await r.text()).toBe(201);
    }
    all = (await json(await h.admin('GET', base))).body.results;
    expect(all).toHaveLength(90);
  });
  afterAll(() => h.close());

  it('answers a filtered listing equal to filtering the full listing in memory, whole and page by page', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const expected = ordered(
          all.filter((item) => matches(item, q)),
          q,
        ).map((i) => i.id);
        const whole = await json(await h.admin('GET', `${base}?${search(q)}`));
        expect(whole.status, JSON.stringify(whole.body)).toBe(200);
        expect(whole.body.results.map((i: Item) => i.id)).toEqual(expected);
        expect(whole.body.totalCount).toBe(expected.length);
        // Walked by cursors, 12 at a time: the same items in the same order.
        const walked: string[] = [];
        let next = `${base}?${search(q)}&limit=12`;
        for (;;) {
          const page = await json(await h.admin('GET', next));
          expect(page.body.totalCount).toBe(expected.length);
          walked.push(...page.body.results.map((i: Item) => i.id));
          if (!page.body.hasMore) break;
          next = page.link!.slice(page.link!.indexOf('/api/'), page.link!.indexOf('>'));
        }
        expect(walked).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('serves the public .json, .geojson and .csv of the public matches only, with cursors of that query alone', async () => {
    const q = 'filter[capacity][gte]=30&sort=-capacity';
    const expected = ordered(
      all.filter((i) => i.public && i.capacity !== null && i.capacity >= 30),
      { and: [], or: [], sort: [{ field: 'capacity', desc: true }] },
    );
    const listed = await json(await h.get(`/api/p/city/shelters.json?${q}`));
    expect(expected.length).toBeGreaterThan(2);
    expect(listed.body.results.map((i: Item) => i.id)).toEqual(expected.map((i) => i.id));
    expect(listed.body.results[0]).not.toHaveProperty('public');
    const page = await json(await h.get(`/api/p/city/shelters.json?${q}&limit=2`));
    expect(page.link).toContain('filter%5Bcapacity%5D%5Bgte%5D=30');
    const otherQuery = await json(await h.get(`/api/p/city/shelters.json?filter[capacity][gte]=40&start_cursor=${encodeURIComponent(page.body.nextCursor)}`));
    expect([otherQuery.status, otherQuery.body.error.code]).toEqual([400, 'invalid_cursor']);
    const plain = await json(await h.get(`/api/p/city/shelters.json?start_cursor=${encodeURIComponent(page.body.nextCursor)}`));
    expect(plain.body.error.code).toBe('invalid_cursor');
    const geo = await json(await h.get(`/api/p/city/shelters.geojson?${q}`));
    expect(geo.body.features.map((f: any) => f.id)).toEqual(expected.filter((i) => i.loc !== null).map((i) => i.id));
    const csv = await (await h.get(`/api/p/city/shelters.csv?${q}`)).text();
    expect(csv.trim().split('\r\n')).toHaveLength(expected.length + 1);
    // The ETag differs by query, so a cached unfiltered answer is never taken for a filtered one.
    const tags = await Promise.all(
      [`/api/p/city/shelters.json?limit=5`, `/api/p/city/shelters.json?limit=5&${q}`].map(async (u) => (await h.get(u)).headers.get('etag')),
    );
    expect(tags[0]).not.toBe(tags[1]);
  });

  it("keeps a sorted query's cursor where it was when items are added before it", async () => {
    const q = `${base}?filter[capacity][exists]=true&sort=-capacity,name&limit=5`;
    const first = await json(await h.admin('GET', q));
    const second = await json(await h.admin('GET', `${q}&start_cursor=${encodeURIComponent(first.body.nextCursor)}`));
    const added = await json(await h.admin('POST', base, { fields: { name: 'Biggest', capacity: 1000 } }));
    const again = await json(await h.admin('GET', `${q}&start_cursor=${encodeURIComponent(first.body.nextCursor)}`));
    expect(again.body.results.map((i: Item) => i.id)).toEqual(second.body.results.map((i: Item) => i.id));
    // The count kept for the query's pages is the count of the model as it is now.
    expect(again.body.totalCount).toBe(first.body.totalCount + 1);
    expect((await h.admin('DELETE', `${base}/${added.body.id}`)).status).toBe(204);
  });

  it.each([
    ['filter[nope][eq]=1', 'filter[nope][eq]'],
    ['filter[capacity][near]=1', 'filter[capacity][near]'],
    ['filter[capacity][gte]=ten', 'filter[capacity][gte]'],
    ['filter[capacity][contains]=1', 'filter[capacity][contains]'],
    ['filter[tags][eq]=a', 'filter[tags][eq]'],
    ['or[0][nope][eq]=1', 'or[0][nope][eq]'],
    ['sort=nope', 'sort'],
    ['sort=loc', 'sort'],
    ['bbox=1,2,3', 'bbox'],
    ['filter[open][exists]=maybe', 'filter[open][exists]'],
  ])('refuses %s with a 400 invalid_parameter naming %s', async (q, named) => {
    for (const path of [`${base}?${q}`, `/api/p/city/shelters.json?${q}`]) {
      const r = await json(path.startsWith('/api/p/') ? await h.get(path) : await h.admin('GET', path));
      expect([r.status, r.body.error.code]).toEqual([400, 'invalid_parameter']);
      expect(r.body.error.message).toContain(named);
    }
  });
});
