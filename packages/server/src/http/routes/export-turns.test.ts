import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../records/ids.js';
import { STREAM_JOINED } from '../../store/store.js';
import { type Harness, startHarness } from '../../test/harness.js';

/**
 * Batches of the large model's stream. Between two, the store gives the event loop a turn (the Store contract's
 * "streams a large model" test shows it without a socket); here the whole route is seen doing it, socket included.
 */
const BATCHES = 80;

describe('a streamed export lets other requests in while it runs (issue 30)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('exports');
    const { store } = h.server.ctx;
    const project = (await store.getProjectByAlias('exports'))!;
    const now = new Date().toISOString();
    const big = await store.createModel({
      id: newId(),
      projectId: project.id,
      key: 'big',
      name: 'Big',
      public: true,
      fields: [
        { key: 'n', type: 'integer' },
        { key: 'at', type: 'geometry' },
      ],
      createdAt: now,
    });
    const items = Array.from({ length: BATCHES * STREAM_JOINED }, (_, n) => ({
      public: true,
      fields: { n, at: { type: 'Point', coordinates: [139 + n / 1e5, 35] } },
    }));
    expect(await store.importItems(big.id, items, now, { type: 'admin' })).toBe(items.length);
    expect(
      (await h.admin('POST', '/api/projects/exports/models', { key: 'small', name: 'Small', public: true, fields: [{ key: 'n', type: 'integer' }] })).status,
    ).toBe(201);
  });
  afterAll(() => h.close());

  it.each(['big.json', 'big.geojson', 'big.csv'])('answers a small request while %s is being streamed', async (path) => {
    const done: string[] = [];
    const response = await h.get(`/api/p/exports/${path}`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    // The export has begun: its first bytes are here, and it goes on while the client reads.
    expect((await reader.read()).done).toBe(false);
    let bytes = 0;
    const exported = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
      done.push('export');
    })();
    const other = h.get('/api/p/exports/small.json').then(async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ totalCount: 0 });
      done.push('other');
    });
    await Promise.all([exported, other]);
    expect(done).toEqual(['other', 'export']);
    // The whole model was exported: at least 10 bytes an item after the first chunk.
    expect(bytes).toBeGreaterThan(BATCHES * STREAM_JOINED * 10);
  });
});
