import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../store/store.js';
import { type Harness, startHarness } from '../../test/harness.js';

/** A query parameter value: numbers of every sign and size, junk, empties, or a cursor placeholder. */
const value = fc.oneof(
  fc.integer({ min: -130, max: 130 }).map(String),
  fc.constantFrom('', '0', '-0', '+3', '1.5', '1e3', 'abc', ' 7', '0x10', '9'.repeat(30), '-' + '9'.repeat(30), '%', '1%200'),
  fc.nat({ max: 80 }).map((k) => `@cursor${k}`),
);
const name = fc.constantFrom('page', 'offset', 'limit', 'perPage', 'per_page', 'page_size', 'pageSize', 'start_cursor', 'other');
const query = fc.array(fc.tuple(name, value), { maxLength: 5 });

const SIZE_NAMES = ['limit', 'perPage', 'per_page', 'page_size', 'pageSize'];
const INT_NAMES = ['page', 'offset', ...SIZE_NAMES];

/** The rules of docs/contract.md §2, restated independently: the expected ids, or the expected error code. */
function model(pairs: [string, string][], publicIds: string[], cursorAfter: (k: number) => string | undefined) {
  const first = new Map<string, string>();
  for (const [k, v] of pairs) {
    const decoded = new URLSearchParams(`x=${v}`).get('x')!;
    // An empty value is as if it were not there: the first non-empty one counts.
    if (decoded !== '' && !first.has(k)) first.set(k, decoded);
  }
  for (const k of INT_NAMES) {
    const v = first.get(k);
    if (v !== undefined && !/^[+-]?\d+$/.test(v)) return { error: 'invalid_parameter' };
  }
  const num = (k: string) => {
    const n = Number(first.get(k));
    return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, n));
  };
  const cursor = first.get('start_cursor');
  if (![...INT_NAMES, 'start_cursor'].some((k) => first.has(k))) return { ids: publicIds, paged: false };
  const sizeName = SIZE_NAMES.find((k) => first.has(k));
  let limit = sizeName ? num(sizeName) : 50;
  if (limit > 100) limit = 100;
  if (limit <= 0) limit = 50;
  let start: number;
  if (cursor !== undefined) {
    const match = /^@cursor(\d+)$/.exec(cursor);
    const after = match ? cursorAfter(Number(match[1])) : undefined;
    if (after === undefined) return { error: 'invalid_cursor' };
    start = publicIds.filter((id) => id <= after).length;
  } else if (first.has('offset')) {
    start = Math.max(0, num('offset'));
  } else {
    start = (Math.max(1, first.has('page') ? num('page') : 1) - 1) * limit;
  }
  return { ids: publicIds.slice(start, start + limit), paged: true, hasMore: start + limit < publicIds.length };
}

describe('listing, property-based', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('every page is the right slice of the public list, never private, never 5xx', async () => {
    let run = 0;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 70 }), fc.array(query, { minLength: 1, maxLength: 6 }), async (flags, queries) => {
        const alias = `prop-${run++}`;
        await h.project(alias);
        const assets: Asset[] = await h.seed(alias, flags);
        const project = (await h.server.ctx.store.getProjectByAlias(alias))!;
        const publicIds = assets.filter((a) => a.public).map((a) => a.id);
        const privateIds = new Set(assets.filter((a) => !a.public).map((a) => a.id));
        // Cursors may point at any asset, public or private: a position, not an item.
        const cursorAfter = (k: number) => assets[k]?.id;
        for (const pairs of queries) {
          cases += 1;
          const qs = pairs
            .map(([k, v]) => {
              const m = /^@cursor(\d+)$/.exec(v);
              const asset = m ? assets[Number(m[1])] : undefined;
              const real = m ? (asset ? h.server.ctx.cursors.encode({ scope: project.id, afterId: asset.id }) : 'bogus') : v;
              return `${k}=${m ? encodeURIComponent(real) : v}`;
            })
            .join('&');
          const res = await h.server.app.inject({ method: 'GET', url: `/api/p/${alias}/assets.json?${qs}` });
          expect(res.statusCode, qs).toBeLessThan(500);
          if (publicIds.length === 0 && res.statusCode === 404) {
            expect(res.json().error.code).toBe('no_assets');
            continue;
          }
          const expected = model(
            pairs.map(([k, v]) => [k, /^@cursor(\d+)$/.test(v) && !assets[Number(v.slice(7))] ? 'bogus' : v]),
            publicIds,
            cursorAfter,
          );
          const body = res.json();
          if ('error' in expected) {
            expect(res.statusCode, qs).toBe(400);
            expect(body.error.code, qs).toBe(expected.error);
            continue;
          }
          expect(res.statusCode, qs).toBe(200);
          const ids = (body.results as { id: string }[]).map((r) => r.id);
          expect(
            ids.some((id) => privateIds.has(id)),
            qs,
          ).toBe(false);
          expect(ids, qs).toEqual(expected.ids);
          expect(body.totalCount).toBe(publicIds.length);
          if (expected.paged) expect(body.hasMore, qs).toBe(expected.hasMore);
        }
      }),
      { numRuns: 60 },
    );
    expect(cases).toBeGreaterThan(60);
  });
});
