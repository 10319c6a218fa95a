import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../context.js';
import type { Store } from '../../store/store.js';
import { type Harness, postgresS3Env, startHarness, TEST_BACKEND } from '../../test/harness.js';
import { hotAnswers } from '../../test/hot-answers.js';
import { PageCache } from './page-cache.js';

const page = (bytes: number, version = 'v1') => ({ scopeKey: 'p', version, body: Buffer.alloc(bytes), link: undefined, etag: undefined });

describe('PageCache', () => {
  it('answers a page only for the scope and version it was read at, and drops an older one', () => {
    const cache = new PageCache(1 << 20);
    cache.set('k', page(100));
    expect(cache.get('k', 'p', 'v1')?.body.length).toBe(100);
    expect(cache.get('k', 'other', 'v1')).toBeUndefined();
    expect(cache.has('k')).toBe(false);
    cache.set('k', page(100));
    expect(cache.get('k', 'p', 'v2')).toBeUndefined();
    expect(cache.count).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('stays within its bytes, evicting the least recently used first', () => {
    const cache = new PageCache(10_000);
    for (const k of ['a', 'b', 'c']) cache.set(k, page(2_000));
    cache.get('a', 'p', 'v1');
    cache.set('d', page(2_000));
    cache.set('e', page(2_000));
    expect(cache.size).toBeLessThanOrEqual(10_000);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('e')).toBe(true);
  });

  it('keeps nothing when its size is 0, and no page larger than a quarter of it', () => {
    const off = new PageCache(0);
    expect(off.enabled).toBe(false);
    off.set('k', page(1));
    expect(off.count).toBe(0);
    const small = new PageCache(4_000);
    small.set('k', page(1_500));
    expect(small.count).toBe(0);
    expect(() => new PageCache(-1)).toThrow(RangeError);
  });
});

/**
 * The cache is a speed-up only: every answer of every listing mode, before and after writes made
 * through the server and through another connection to the database (another process), is the
 * same byte for byte with the cache on (asked twice, so the second comes from it) and off.
 */
describe('listings with the page cache on and off', () => {
  let h: Harness;
  let other: Store;
  let key: string;
  const on = new PageCache(8 * 1024 * 1024);
  const off = new PageCache(0);

  beforeAll(async () => {
    const env = TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {};
    h = await startHarness(env);
    other = await openStore(env.ORBIS_DATABASE_URL, h.dataDir);
    await h.project('open');
    await h.project('closed', 'private');
    await h.seed(
      'open',
      Array.from({ length: 23 }, (_, i) => i % 3 !== 1),
    );
    await h.seed('closed', [true, true, false, true]);
    key = (await (await h.admin('POST', '/api/projects/closed/keys', { name: 'k' })).json()).key;
    await h.admin('POST', '/api/projects/open/models', {
      key: 'sites',
      public: true,
      fields: [
        { key: 'name', type: 'text' },
        { key: 'file', type: 'asset' },
      ],
    });
    const assets = await (await h.admin('GET', '/api/projects/open/assets?limit=3')).json();
    for (let i = 0; i < 7; i++)
      await h.admin('POST', '/api/projects/open/models/sites/items', { fields: { name: `site ${i}`, file: assets.results[i % 3].id }, public: i !== 2 });
  });
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  /** An item query (docs/content-workflow.md, "Queries"): its pages take the hot path as plain pages do. */
  const QUERY = 'filter[name][gte]=site%202&or[0][file][exists]=true';

  /** The paths asked at each step: every mode, the first page and later ones, public and management listings. */
  async function paths(): Promise<string[]> {
    const first = await (await h.get('/api/p/open/assets.json?limit=4')).json();
    const items = await (await h.get('/api/p/open/sites.json?limit=2')).json();
    const queried = await (await h.get(`/api/p/open/sites.json?${QUERY}&limit=2`)).json();
    const cursor = (c: string | null) => (c === null ? 'start_cursor=' : `start_cursor=${encodeURIComponent(c)}`);
    return [
      '/api/p/open/assets.json?limit=4',
      '/api/p/open/assets?page=2&limit=4',
      '/api/p/open/assets.json?offset=9&limit=5',
      '/api/p/open/assets.json?offset=100&limit=5',
      `/api/p/open/assets.json?${cursor(first.nextCursor)}&limit=4`,
      '/api/p/open/assets.json?perPage=500',
      '/api/p/open/sites.json?limit=2',
      `/api/p/open/sites.json?${cursor(items.nextCursor)}&limit=2`,
      '/api/p/open/sites?page=3&limit=2',
      `/api/p/open/sites.json?${QUERY}&limit=2`,
      `/api/p/open/sites.json?${QUERY}&${cursor(queried.nextCursor)}&limit=2`,
      '/api/p/open/sites.json?sort=-name&limit=3&offset=1',
      '/api/p/open/sites.json?filter[nope][eq]=1&limit=2',
      '/api/p/open/assets.json?filter[name][eq]=a&limit=2',
      '/api/p/closed/assets.json?limit=2',
      'admin:/api/projects/open/assets?page=2&limit=5',
      'admin:/api/projects/open/models/sites/items?limit=3',
    ];
  }

  /** An answer as text: status, every header but the date, in the order sent, and the body. */
  async function answer(what: string, res: Response): Promise<string> {
    const headers = [...res.headers].filter(([name]) => name !== 'date').map(([name, value]) => `${name}: ${value}`);
    return `${what} ${res.status}\n${headers.join('\n')}\n${await res.text()}`;
  }

  /** The answers of a run, and which of them the hot path (`hot-listing.ts`) gave. */
  async function answers(cache: PageCache, withKey: boolean): Promise<{ out: string[]; hot: string[] }> {
    h.server.ctx.pages = cache;
    const out: string[] = [];
    const hot: string[] = [];
    const ask = async (what: string, send: () => Promise<Response>) => {
      const before = hotAnswers(h.server.app);
      const res = await send();
      out.push(await answer(what, res));
      if (hotAnswers(h.server.app) > before) hot.push(what);
      return res;
    };
    for (const path of await paths()) {
      const auth: Record<string, string> = withKey ? { authorization: `Bearer ${key}` } : {};
      const res = await ask(path, () => (path.startsWith('admin:') ? h.admin('GET', path.slice(6)) : h.get(path, auth)));
      // The same again as a revalidation (304), and with an ETag that is not current (200).
      const etag = res.headers.get('etag');
      if (etag !== null) {
        await ask(`${path} (revalidated)`, () => h.get(path, { ...auth, 'if-none-match': etag }));
        await ask(`${path} (stale tag)`, () => h.get(path, { ...auth, 'if-none-match': '"a0-stale"' }));
      }
    }
    return { out, hot };
  }

  /**
   * What the hot path must answer once the pages are cached: the public pages of both listings and
   * their revalidations, of the public project without a key, of the private one with its key
   * while it is live (which the public project refuses: 401, as every error, from the app).
   */
  const answeredHot = (withKey: boolean, keyLive: boolean) =>
    withKey
      ? !keyLive
        ? []
        : ['/api/p/closed/assets.json?limit=2', '/api/p/closed/assets.json?limit=2 (revalidated)', '/api/p/closed/assets.json?limit=2 (stale tag)']
      : [
          '/api/p/open/assets.json?limit=4',
          '/api/p/open/assets?page=2&limit=4 (revalidated)',
          '/api/p/open/assets.json?offset=100&limit=5 (stale tag)',
          '/api/p/open/sites.json?limit=2',
          '/api/p/open/sites.json?limit=2 (revalidated)',
          '/api/p/open/sites.json?limit=2 (stale tag)',
          '/api/p/open/sites?page=3&limit=2',
          `/api/p/open/sites.json?${QUERY}&limit=2`,
          `/api/p/open/sites.json?${QUERY}&limit=2 (revalidated)`,
          `/api/p/open/sites.json?${QUERY}&limit=2 (stale tag)`,
          '/api/p/open/sites.json?sort=-name&limit=3&offset=1',
        ];

  async function expectSameOnAndOff(keyLive = true): Promise<void> {
    for (const withKey of [false, true]) {
      const without = await answers(off, withKey);
      expect(without.hot).toEqual([]);
      const first = await answers(on, withKey);
      expect(first.out).toEqual(without.out);
      const second = await answers(on, withKey);
      expect(second.out).toEqual(without.out);
      expect(second.hot).toEqual(expect.arrayContaining(answeredHot(withKey, keyLive)));
      // Errors (a bad query, an asset listing with a query's parameters) and the management listings never are.
      expect(second.hot.filter((what) => what.startsWith('admin:') || what.startsWith(withKey ? '/api/p/open/' : '/api/p/closed/'))).toEqual([]);
      expect(second.hot.filter((what) => what.includes('[nope]') || what.includes('assets.json?filter'))).toEqual([]);
    }
  }

  it('answers the same before any write', async () => {
    await expectSameOnAndOff();
    expect(on.count).toBeGreaterThan(5);
  });

  it('answers the same after writes through the server', async () => {
    const listed = await (await h.admin('GET', '/api/projects/open/assets?limit=100')).json();
    await h.admin('PATCH', `/api/projects/open/assets/${listed.results[0].id}`, { public: false });
    await h.admin('PATCH', `/api/projects/open/assets/${listed.results[1].id}`, { public: true });
    await h.admin('DELETE', `/api/projects/open/assets/${listed.results[4].id}`);
    await h.seed('open', [true, false]);
    const items = await (await h.admin('GET', '/api/projects/open/models/sites/items?limit=100')).json();
    await h.admin('PATCH', `/api/projects/open/models/sites/items/${items.results[0].id}`, { public: false });
    await expectSameOnAndOff();
  });

  it('answers the same after writes through another connection, which the server never hears of', async () => {
    const open = (await other.getProjectByAlias('open'))!;
    const closed = (await other.getProjectByAlias('closed'))!;
    const listed = await (await h.admin('GET', '/api/projects/open/assets?limit=100')).json();
    await other.updateAsset(open.id, listed.results[2].id, { public: false, updatedAt: new Date().toISOString() });
    await other.updateAsset(open.id, listed.results[3].id, { name: 'renamed.geojson', updatedAt: new Date().toISOString() });
    // A page of the private project is in the cache; its key is revoked elsewhere: 401 at once.
    h.server.ctx.pages = on;
    expect((await h.get('/api/p/closed/assets.json?limit=2', { authorization: `Bearer ${key}` })).status).toBe(200);
    const [row] = await other.listApiKeys(closed.id);
    await other.deleteApiKey(closed.id, row!.id);
    expect((await h.get('/api/p/closed/assets.json?limit=2', { authorization: `Bearer ${key}` })).status).toBe(401);
    await expectSameOnAndOff(false);
  });

  it("reads a cached query again against the model's new fields: a field gone is a 400, not the cached page", async () => {
    h.server.ctx.pages = on;
    const path = '/api/p/open/sites.json?filter[name][exists]=true&limit=2';
    for (let i = 0; i < 2; i++) expect((await h.get(path)).status).toBe(200);
    const before = hotAnswers(h.server.app);
    expect((await h.get(path)).status).toBe(200);
    expect(hotAnswers(h.server.app)).toBe(before + 1);
    const patched = await h.admin('PATCH', '/api/projects/open/models/sites', { fields: [{ key: 'file', type: 'asset' }] });
    expect(patched.status).toBe(200);
    const refused = await h.get(path);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/filter\[name\]/);
    expect(hotAnswers(h.server.app)).toBe(before + 1);
  });
});
