import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { TILES_TEMPLATE } from '@orbis/scene';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uploadForm, ADMIN_TOKEN } from '../../test/harness.js';
import { hotAnswers } from '../../test/hot-answers.js';
import { liveClient } from '../../test/live-client.js';
import { tileAround } from '../../test/vector-tile-decoding.js';

const METRICS_TOKEN = 'metrics-token-0123456789-0123456789-01';

/** The samples of a family whose labels include `labels`. */
function samples(families: PrometheusFamily[], name: string, labels: Record<string, string>) {
  const family = families.find((f) => f.name === name);
  expect(family, name).toBeDefined();
  return family!.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

describe('GET /metrics (docs/operations.md)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ORBIS_METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(() => h.close());

  const scrape = async () => {
    const res = await h.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parsePrometheusTextFormat(await res.text());
  };

  it('asks for its own token: none or another is a 401 in the error envelope (the admin token too)', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${ADMIN_TOKEN}` }] as Record<string, string>[]) {
      const res = await h.get('/metrics', headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
  });

  it("counts requests by route pattern and status, the hot path's too, and times the store and the storage", async () => {
    await h.project('watched');
    const upload = await fetch(`${h.url}/api/projects/watched/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name: 'a.geojson', content: '{"type":"FeatureCollection","features":[]}' }], { public: 'true' }),
    });
    expect(upload.status).toBe(201);
    const first = await h.get('/api/p/watched/assets.json?limit=10');
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const hot = hotAnswers(h.server.app);
    expect((await h.get('/api/p/watched/assets.json?limit=10', { 'if-none-match': first.headers.get('etag')! })).status).toBe(304);
    expect(hotAnswers(h.server.app)).toBe(hot + 1);
    expect((await h.get('/no/such/page')).status).toBe(404);

    const families = await scrape();
    const requests = 'orbis_http_requests_total';
    expect(samples(families, requests, { method: 'POST', route: '/api/projects', status: '201' })[0]?.value).toBe('1');
    expect(samples(families, requests, { method: 'GET', route: '/api/p/:project/assets.json', status: '200' })[0]?.value).toBe('1');
    expect(samples(families, requests, { method: 'GET', route: '/api/p/:project/assets.json', status: '304' })[0]?.value).toBe('1');
    expect(samples(families, requests, { route: 'unmatched', status: '404' })[0]?.value).toBe('1');
    expect(samples(families, 'orbis_store_calls_total', { operation: 'createProject', outcome: 'ok' })[0]?.value).toBe('1');
    expect(samples(families, 'orbis_store_calls_total', { operation: 'insertAssets', outcome: 'ok' })[0]?.value).toBe('1');
    expect(samples(families, 'orbis_storage_calls_total', { operation: 'put', outcome: 'ok' })[0]?.value).toBe('1');
    // Their durations (the parser reads a histogram's buckets, not its labels).
    for (const name of ['orbis_http_request_duration_seconds', 'orbis_store_call_duration_seconds', 'orbis_storage_call_duration_seconds']) {
      expect(families.find((f) => f.name === name)?.type, name).toBe('HISTOGRAM');
    }
    // The process's own figures.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(
        families.some((f) => f.name === name),
        name,
      ).toBe(true);
    }
  });

  it('shows what the server holds at each scrape: live documents and sockets, tiles by how they were found, file reads', async () => {
    await h.project('held');
    const points = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [139.75, 35.7] } }] };
    const upload = await fetch(`${h.url}/api/projects/held/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: uploadForm([{ name: 'p.geojson', content: JSON.stringify(points) }], { public: 'true' }),
    });
    const path = new URL(((await upload.json()) as { url: string }).url).pathname;
    const tile = (z: number, x: number, y: number) =>
      h.get(`${path.slice(0, path.lastIndexOf('/') + 1)}${TILES_TEMPLATE.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))}`);
    const [x, y] = tileAround(12, 139.75, 35.7);
    expect((await tile(12, x, y)).status).toBe(200);
    expect((await tile(12, x, y)).status).toBe(200);
    expect((await tile(12, x + 5, y)).status).toBe(204);
    expect((await tile(12, x + 5, y)).status).toBe(204);
    const editor = liveClient(h.url, 'held', { token: ADMIN_TOKEN });
    try {
      await editor.synced;
      const families = await scrape();
      const value = (name: string, labels: Record<string, string> = {}) => Number(samples(families, name, labels)[0]?.value);
      expect(value('orbis_live_documents')).toBe(1);
      expect(value('orbis_live_connections')).toBe(1);
      expect(value('orbis_tiles_total', { found: 'cut' })).toBe(2);
      expect(value('orbis_tiles_total', { found: 'stored' })).toBe(1);
      expect(value('orbis_tiles_total', { found: 'empty' })).toBe(1);
      expect(value('orbis_tile_indexes')).toBe(1);
      expect(value('orbis_tiles_cutting')).toBe(0);
      expect(value('orbis_file_reads_running')).toBe(0);
      expect(value('orbis_file_reads_waiting')).toBe(0);
    } finally {
      editor.close();
    }
    await expect.poll(async () => Number(samples(await scrape(), 'orbis_live_connections', {})[0]?.value)).toBe(0);
  });
});

describe('GET /metrics without ORBIS_METRICS_TOKEN', () => {
  it('is a 404, as if there were no such route', async () => {
    const h = await startHarness();
    try {
      const res = await h.get('/metrics', { authorization: 'Bearer anything' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    } finally {
      await h.close();
    }
  });
});
