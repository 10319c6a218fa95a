import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { createTestDatabase } from '../../test/postgres-database.js';
import { hotAnswers } from '../../test/hot-answers.js';

/**
 * What a hot answer costs on PostgreSQL: the statements the server sends (through its pool) while
 * answering a cached page or a revalidation. The project, the key and, for a model page, the
 * model are one read: one round trip per request, for an asset page and a model page alike.
 */
describe('the hot path on PostgreSQL: one round trip per request', () => {
  let h: Harness;
  let sent: string[] = [];

  beforeAll(async () => {
    // PostgreSQL whatever the test backend; files in the data dir.
    h = await startHarness({ ORBIS_DATABASE_URL: await createTestDatabase(inject('postgresUrl')) });
    await h.project('trips');
    await h.seed('trips', [true, true, true]);
    const model = await h.admin('POST', '/api/projects/trips/models', { key: 'halls', name: 'Halls', public: true, fields: [{ key: 'name', type: 'text' }] });
    expect(model.status).toBe(201);
    for (const name of ['a', 'b', 'c'])
      expect((await h.admin('POST', '/api/projects/trips/models/halls/items', { public: true, fields: { name } })).status).toBe(201);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The statements (their names, else their text) that the server's pool sends while `send` runs. */
  async function statementsOf(send: () => Promise<Response>): Promise<{ res: Response; sent: string[] }> {
    sent = [];
    const query = pg.Pool.prototype.query;
    vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
      const config = args[0] as string | { name?: string; text?: string };
      sent.push(typeof config === 'string' ? config : (config.name ?? config.text ?? '?'));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    const res = await send();
    await res.arrayBuffer();
    vi.restoreAllMocks();
    return { res, sent };
  }

  // A query's page too (docs/content-workflow.md, "Queries"): read against the model of that read.
  for (const path of ['/api/p/trips/halls.json?limit=2', '/api/p/trips/assets.json?limit=2', '/api/p/trips/halls.json?limit=2&filter[name][gte]=b']) {
    it(`answers ${path.split('?')[0]} from the page cache and as a 304 with one statement`, async () => {
      const first = await h.get(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      const before = hotAnswers(h.server.app);
      const cached = await statementsOf(() => h.get(path));
      expect(cached.res.status).toBe(200);
      expect(cached.sent).toEqual(['project-access']);
      const revalidated = await statementsOf(() => h.get(path, { 'if-none-match': etag }));
      expect(revalidated.res.status).toBe(304);
      expect(revalidated.sent).toEqual(['project-access']);
      expect(hotAnswers(h.server.app)).toBe(before + 2);
    });
  }

  it('reads a model page on the routed path with the model in the access read', async () => {
    const routed = await statementsOf(() => h.get('/api/p/trips/halls.json?limit=1&offset=1'));
    expect(routed.res.status).toBe(200);
    expect(routed.sent[0]).toBe('project-access');
    expect(routed.sent.filter((s) => /FROM models/i.test(s))).toEqual([]);
  });
});
