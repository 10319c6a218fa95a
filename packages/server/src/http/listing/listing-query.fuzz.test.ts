import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseCounter, encodeAll, expectSane, fuzzRuns, wireValue } from '../../test/fuzz.js';
import { type Harness, startHarness } from '../../test/harness.js';

const PARAMS = ['page', 'offset', 'start_cursor', 'limit', 'perPage', 'per_page', 'page_size', 'pageSize'];

/** A query key on the wire: a real parameter (maybe encoded, maybe with brackets or a case change) or junk. */
const wireKey = fc.oneof(
  fc.constantFrom(...PARAMS),
  fc.constantFrom(...PARAMS).map(encodeAll),
  fc.constantFrom(...PARAMS).map((k) => `${k}[]`),
  fc.constantFrom(...PARAMS).map((k) => k.toUpperCase()),
  fc.constantFrom('', '%', '__proto__', 'constructor', 'toString', 'a[b]', '%00', 'x'.repeat(300)),
);

/** How pairs are joined: `&`, `;`, doubled or trailing separators, keys with no `=`. */
const separator = fc.constantFrom('&', '&', '&', ';', '&&', '&=&');
const pair = fc.oneof(
  fc.tuple(wireKey, wireValue).map(([k, v]) => `${k}=${v}`),
  wireKey,
  fc.tuple(wireKey, wireValue).map(([k, v]) => `${k}==${v}`),
);
const queryString = fc
  .tuple(fc.array(pair, { maxLength: 8 }), separator, fc.boolean())
  .map(([pairs, sep, trailing]) => pairs.join(sep) + (trailing ? sep : ''));

describe('listing query strings, fuzzed', () => {
  let h: Harness;
  let key: string;
  let otherKey: string;
  const counter = new CaseCounter();
  const publicIds = new Map<string, string[]>();
  const privateIds = new Set<string>();
  beforeAll(async () => {
    h = await startHarness();
    for (const [alias, visibility] of [
      ['pub', 'public'],
      ['priv', 'private'],
      ['empty', 'public'],
      ['other', 'private'],
    ] as const) {
      await h.project(alias, visibility);
      const flags = alias === 'empty' ? [false, false] : Array.from({ length: 40 }, (_, i) => i % 3 !== 1);
      const assets = await h.seed(alias, flags);
      publicIds.set(
        alias,
        assets.filter((a) => a.public).map((a) => a.id),
      );
      for (const a of assets) if (!a.public) privateIds.add(a.id);
    }
    key = (await (await h.admin('POST', '/api/projects/priv/keys', { name: 'fuzz' })).json()).key;
    otherKey = (await (await h.admin('POST', '/api/projects/other/keys', { name: 'fuzz' })).json()).key;
  });
  afterAll(async () => {
    counter.report();
    await h.close();
  });

  it('never answers 5xx, never lists a private asset, and keeps the envelope', async () => {
    const project = fc.constantFrom('pub', 'priv', 'empty', 'nope', 'other');
    const auth = fc.constantFrom('none', 'key', 'other-key', 'junk');
    const path = fc.constantFrom('assets.json', 'assets');
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(project, auth, path, queryString, async (alias, who, route, qs) => {
        counter.add('listing query');
        const authorization = { none: undefined, key: `Bearer ${key}`, 'other-key': `Bearer ${otherKey}`, junk: 'Bearer secret_x' }[who];
        const res = await h.server.app.inject({ method: 'GET', url: `/api/p/${alias}/${route}?${qs}`, headers: authorization ? { authorization } : {} });
        const what = `${alias} ${who} ?${qs} → ${res.statusCode}`;
        statuses.add(res.statusCode);
        const body = expectSane({ status: res.statusCode, body: res.body }, what) as { results?: { id: string }[]; totalCount?: number };
        if (res.statusCode !== 200) return;
        const allowed = publicIds.get(alias)!;
        const ids = body.results!.map((r) => r.id);
        expect(
          ids.some((id) => privateIds.has(id)),
          what,
        ).toBe(false);
        expect(
          ids.every((id) => allowed.includes(id)),
          what,
        ).toBe(true);
        expect([...ids].sort(), what).toEqual(ids);
        expect(body.totalCount, what).toBe(allowed.length);
        expect(ids.length, what).toBeLessThanOrEqual(100);
      }),
      { numRuns: fuzzRuns(3000) },
    );
    // The generator reaches pages, bad parameters, missing and wrong keys, and unknown projects.
    expect([...statuses].sort()).toEqual([200, 400, 401, 404]);
  });

  it('answers any cursor text with a page or invalid_cursor, never a private asset', async () => {
    const pub = (await h.server.ctx.store.getProjectByAlias('pub'))!;
    const other = (await h.server.ctx.store.getProjectByAlias('other'))!;
    const real = (n: number) => h.server.ctx.cursors.encode({ scope: pub.id, afterId: publicIds.get('pub')![n % 20]! });
    const cursor = fc.oneof(
      // Signed by this server but naming odd positions, or another project's.
      fc.string({ maxLength: 60 }).map((afterId) => h.server.ctx.cursors.encode({ scope: pub.id, afterId })),
      fc.nat().map((n) => h.server.ctx.cursors.encode({ scope: other.id, afterId: publicIds.get('other')![n % 20]! })),
      fc.string({ maxLength: 200 }),
      fc.base64String({ maxLength: 120 }),
      fc.nat().map(real),
      // A real cursor with one character changed, cut short, or extended.
      fc.tuple(fc.nat(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([n, at, c]) => {
        const text = real(n);
        const i = at % text.length;
        return text.slice(0, i) + c + text.slice(i + 1);
      }),
      fc.tuple(fc.nat(), fc.nat()).map(([n, cut]) => real(n).slice(0, cut % 40)),
      fc.nat().map((n) => real(n) + 'A'),
    );
    await fc.assert(
      fc.asyncProperty(cursor, async (text) => {
        counter.add('cursor text');
        const res = await h.server.app.inject({ method: 'GET', url: `/api/p/pub/assets.json?start_cursor=${encodeURIComponent(text)}&limit=5` });
        const body = expectSane({ status: res.statusCode, body: res.body }, text) as { results?: { id: string }[] };
        if (res.statusCode === 200)
          expect(
            body.results!.every((r) => !privateIds.has(r.id)),
            text,
          ).toBe(true);
        else expect(res.statusCode === 400 || text === '', text).toBe(true);
      }),
      { numRuns: fuzzRuns(600) },
    );
  });
});
