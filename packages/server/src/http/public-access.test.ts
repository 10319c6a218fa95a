import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_BACKEND } from '../test/harness.js';

describe('public API access (docs/contract.md §2 Access)', () => {
  let h: Harness;
  let openKey: string;
  let secretKey: string;

  beforeAll(async () => {
    h = await startHarness();
    await h.project('open');
    await h.seed('open', [true, false]);
    await h.project('secret', 'private');
    await h.seed('secret', [true, true, false]);
    await h.project('empty');
    await h.project('drafts');
    await h.seed('drafts', [false, false]);
    openKey = (await (await h.admin('POST', '/api/projects/open/keys', { name: 'app' })).json()).key;
    secretKey = (await (await h.admin('POST', '/api/projects/secret/keys', { name: 'app' })).json()).key;
  });
  afterAll(() => h.close());

  const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('needs no key for a public project', async () => {
    const res = await h.get('/api/p/open/assets.json');
    expect(res.status).toBe(200);
    expect((await res.json()).totalCount).toBe(1);
  });

  it('accepts a live key of the project, on a public project too', async () => {
    expect((await h.get('/api/p/open/assets.json', bearer(openKey))).status).toBe(200);
    expect((await h.get('/api/p/open/assets.json', { authorization: `bearer   ${openKey}` })).status).toBe(200);
  });

  it('refuses a key that is not a live key of this project with 401 invalid_api_key', async () => {
    for (const headers of [
      bearer('secret_' + 'x'.repeat(48)),
      bearer(secretKey),
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      { authorization: openKey },
    ]) {
      const res = await h.get('/api/p/open/assets.json', headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await code(res)).toBe('invalid_api_key');
    }
  });

  it('needs a key for a private project: 401 api_key_required, then 200 with its key', async () => {
    const none = await h.get('/api/p/secret/assets.json');
    expect(none.status).toBe(401);
    expect(await code(none)).toBe('api_key_required');
    const wrong = await h.get('/api/p/secret/assets.json', bearer(openKey));
    expect(wrong.status).toBe(401);
    expect(await code(wrong)).toBe('invalid_api_key');
    const ok = await h.get('/api/p/secret/assets.json?limit=10', bearer(secretKey));
    expect(ok.status).toBe(200);
    expect((await ok.json()).totalCount).toBe(2);
  });

  it('applies the same rules to the single-asset and file routes', async () => {
    const asset = (await (await h.get('/api/p/secret/assets.json', bearer(secretKey))).json()).results[0];
    expect((await h.get(`/api/p/secret/assets/${asset.id}`)).status).toBe(401);
    expect((await h.get(`/api/p/secret/assets/${asset.id}`, bearer(secretKey))).status).toBe(200);
    const path = new URL(asset.url).pathname;
    expect(await code(await h.get(path))).toBe('api_key_required');
    expect(await code(await h.get(path, bearer(openKey)))).toBe('invalid_api_key');
    expect((await h.get(path, bearer(secretKey))).status).toBe(200);
  });

  it('answers 404 not_found for an unknown project', async () => {
    const res = await h.get('/api/p/nowhere/assets.json');
    expect(res.status).toBe(404);
    expect(await code(res)).toBe('not_found');
  });

  it('answers 404 no_assets for a project with no public asset, in every mode', async () => {
    for (const path of ['/api/p/empty/assets.json', '/api/p/drafts/assets.json', '/api/p/drafts/assets.json?page=1', '/api/p/drafts/assets?limit=5']) {
      const res = await h.get(path);
      expect(res.status, path).toBe(404);
      expect(await code(res)).toBe('no_assets');
    }
  });

  it('stops a revoked key at once', async () => {
    const created = await (await h.admin('POST', '/api/projects/secret/keys', { name: 'temp' })).json();
    expect((await h.get('/api/p/secret/assets.json', bearer(created.key))).status).toBe(200);
    expect((await h.admin('DELETE', `/api/projects/secret/keys/${created.id}`)).status).toBe(204);
    const res = await h.get('/api/p/secret/assets.json', bearer(created.key));
    expect(res.status).toBe(401);
    expect(await code(res)).toBe('invalid_api_key');
  });

  it('stores keys only as hashes', async () => {
    const { readFileSync, existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    let stored: Buffer;
    if (TEST_BACKEND === 'sqlite-local') {
      const files = ['orbis.db', 'orbis.db-wal'].map((f) => join(h.dataDir, f)).filter((f) => existsSync(f));
      stored = Buffer.concat(files.map((f) => readFileSync(f)));
    } else {
      // What the store hands back is every column of the key rows.
      const rows = await h.server.ctx.store.listApiKeys((await h.server.ctx.store.getProjectByAlias('open'))!.id);
      stored = Buffer.from(JSON.stringify(rows));
    }
    expect(stored.length).toBeGreaterThan(0);
    for (const key of [openKey, secretKey]) {
      expect(stored.includes(Buffer.from(key))).toBe(false);
      expect(stored.includes(Buffer.from(key.slice(7)))).toBe(false);
    }
  });

  it('never shows a private asset, with or without a key', async () => {
    const all = await (await h.admin('GET', '/api/projects/secret/assets')).json();
    const privateIds = all.results.filter((a: { public: boolean }) => !a.public).map((a: { id: string }) => a.id);
    expect(privateIds).toHaveLength(1);
    const listed = await (await h.get('/api/p/secret/assets.json', bearer(secretKey))).json();
    expect(listed.results.map((a: { id: string }) => a.id)).not.toContain(privateIds[0]);
    expect((await h.get(`/api/p/secret/assets/${privateIds[0]}`, bearer(secretKey))).status).toBe(404);
  });

  it('lets browsers on other origins call the public routes (CORS)', async () => {
    const res = await h.get('/api/p/open/assets.json?limit=1', { origin: 'https://elsewhere.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Link');
    const preflight = await fetch(`${h.url}/api/p/secret/assets.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const mgmt = await h.get('/api/projects', { origin: 'https://elsewhere.example' });
    expect(mgmt.headers.get('access-control-allow-origin')).toBeNull();
  });
});
