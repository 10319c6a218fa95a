import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetPrefix } from '../../assets/asset-service.js';
import { type Harness, startHarness } from '../../test/harness.js';

describe('management API (docs/contract.md §3)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it('answers 401 unauthorized without the admin token, on every route', async () => {
    await h.project('guarded');
    for (const [method, path] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['GET', '/api/projects/guarded'],
      ['PATCH', '/api/projects/guarded'],
      ['DELETE', '/api/projects/guarded'],
      ['GET', '/api/projects/guarded/assets'],
      ['POST', '/api/projects/guarded/assets'],
      ['GET', '/api/projects/guarded/keys'],
      ['POST', '/api/projects/guarded/keys'],
    ] as const) {
      for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'test-admin-token-0123456789-0123456789' }] as Record<string, string>[]) {
        const res = await fetch(h.url + path, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await code(res)).toBe('unauthorized');
      }
    }
    expect((await h.admin('GET', '/api/projects/guarded')).status).toBe(200);
  });

  it('creates a project (201), refuses a taken alias (409) and a bad one (400)', async () => {
    const res = await h.admin('POST', '/api/projects', { alias: 'tokyo-2026', name: 'Tokyo', visibility: 'private' });
    expect(res.status).toBe(201);
    const project = await res.json();
    expect(Object.keys(project)).toEqual(['id', 'alias', 'name', 'visibility', 'description', 'assetCount', 'publicAssetCount', 'createdAt', 'updatedAt']);
    expect(project).toMatchObject({ alias: 'tokyo-2026', name: 'Tokyo', visibility: 'private', assetCount: 0 });
    const again = await h.admin('POST', '/api/projects', { alias: 'tokyo-2026' });
    expect(again.status).toBe(409);
    expect(await code(again)).toBe('conflict');
    for (const body of [
      { alias: 'Tokyo' },
      { alias: '-x' },
      { alias: 'a'.repeat(64) },
      { alias: 'a_b' },
      {},
      { alias: 'ok', visibility: 'secret' },
      { alias: 'ok', name: '' },
      { alias: 'ok', extra: 1 },
      [],
      'x',
    ]) {
      const bad = await h.admin('POST', '/api/projects', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await code(bad)).toBe('invalid_body');
    }
    expect((await h.admin('POST', '/api/projects', { alias: 'a'.repeat(63) })).status).toBe(201);
    expect((await h.admin('POST', '/api/projects', { alias: '0' })).status).toBe(201);
  });

  it('refuses a name or description holding NUL or another control character (400, on both stores), storing nothing', async () => {
    await h.project('named');
    await h.admin('POST', '/api/projects/named/models', { key: 'm', name: 'M', fields: [] });
    for (const [method, path, body] of [
      ['POST', '/api/projects', { alias: 'nul-name', name: 'a\u0000b' }],
      ['PATCH', '/api/projects/named', { name: 'a\u0000b' }],
      ['PATCH', '/api/projects/named', { description: 'bell\u0007' }],
      ['POST', '/api/projects/named/keys', { name: 'k\u0000' }],
      ['POST', '/api/projects/named/models', { key: 'n', name: '\u0000', fields: [] }],
      ['PATCH', '/api/projects/named/models/m', { name: 'x\u009b' }],
      ['PATCH', '/api/projects/named/models/m', { fields: [{ key: 'a', type: 'text', name: 'a\u0000' }] }],
    ] as const) {
      const res = await h.admin(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(await code(res)).toBe('invalid_body');
    }
    expect((await h.admin('GET', '/api/projects/nul-name')).status).toBe(404);
    expect(((await (await h.admin('GET', '/api/projects/named/keys')).json()) as unknown[]).length).toBe(0);
    expect(((await (await h.admin('GET', '/api/projects/named/models')).json()) as { key: string }[]).map((m) => m.key)).toEqual(['m']);
  });

  it('refuses a body that is not JSON with 400 invalid_body', async () => {
    const res = await fetch(`${h.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token-0123456789-0123456789', 'content-type': 'application/json' },
      body: '{"alias":',
    });
    expect(res.status).toBe(400);
    expect(await code(res)).toBe('invalid_body');
  });

  it('lists, reads, patches and deletes projects', async () => {
    await h.project('p-edit');
    const list = await (await h.admin('GET', '/api/projects')).json();
    expect(list.map((p: { alias: string }) => p.alias)).toContain('p-edit');
    const patched = await (await h.admin('PATCH', '/api/projects/p-edit', { name: 'Edited', visibility: 'private' })).json();
    expect(patched).toMatchObject({ name: 'Edited', visibility: 'private' });
    expect((await h.admin('PATCH', '/api/projects/p-edit', { alias: 'x' })).status).toBe(400);
    expect((await h.admin('PATCH', '/api/projects/p-edit', { visibility: 'hidden' })).status).toBe(400);
    expect((await h.admin('GET', '/api/projects/p-edit')).status).toBe(200);
    expect((await h.admin('DELETE', '/api/projects/p-edit')).status).toBe(204);
    const gone = await h.admin('GET', '/api/projects/p-edit');
    expect(gone.status).toBe(404);
    expect(await code(gone)).toBe('not_found');
    expect((await h.admin('DELETE', '/api/projects/p-edit')).status).toBe(404);
  });

  it('makes a public project private and back, which the public listing follows at once', async () => {
    await h.project('flip');
    await h.seed('flip', [true]);
    expect((await h.get('/api/p/flip/assets.json')).status).toBe(200);
    await h.admin('PATCH', '/api/projects/flip', { visibility: 'private' });
    expect(await code(await h.get('/api/p/flip/assets.json'))).toBe('api_key_required');
    await h.admin('PATCH', '/api/projects/flip', { visibility: 'public' });
    expect((await h.get('/api/p/flip/assets.json')).status).toBe(200);
  });

  it('lists every asset with its public flag, in the listing envelopes', async () => {
    await h.project('mixed');
    const seeded = await h.seed('mixed', [true, false, true, false, false]);
    const all = await (await h.admin('GET', '/api/projects/mixed/assets')).json();
    expect(Object.keys(all)).toEqual(['results', 'totalCount']);
    expect(all.totalCount).toBe(5);
    expect(all.results.map((a: { id: string }) => a.id)).toEqual(seeded.map((a) => a.id));
    expect(all.results.map((a: { public: boolean }) => a.public)).toEqual([true, false, true, false, false]);
    expect(Object.keys(all.results[0])).toEqual(['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt', 'public']);
    const page = await (await h.admin('GET', '/api/projects/mixed/assets?limit=2&page=2')).json();
    expect(page).toMatchObject({ totalCount: 5, hasMore: true, limit: 2, page: 2, offset: 2 });
    expect(page.results.map((a: { id: string }) => a.id)).toEqual(seeded.slice(2, 4).map((a) => a.id));
    const bad = await h.admin('GET', '/api/projects/mixed/assets?page=x');
    expect(bad.status).toBe(400);
    expect(await code(bad)).toBe('invalid_parameter');
    await h.project('nothing');
    const empty = await (await h.admin('GET', '/api/projects/nothing/assets')).json();
    expect(empty).toEqual({ results: [], totalCount: 0 });
  });

  it('publishes, renames and deletes an asset; its file goes with it', async () => {
    await h.project('edit-assets');
    const [asset] = await h.seed('edit-assets', [false]);
    expect(await code(await h.get('/api/p/edit-assets/assets.json'))).toBe('no_assets');
    const res = await h.admin('PATCH', `/api/projects/edit-assets/assets/${asset!.id}`, { public: true, name: 'renamed.geojson' });
    expect(res.status).toBe(200);
    const record = await res.json();
    expect(record).toMatchObject({ id: asset!.id, public: true, name: 'renamed.geojson' });
    expect(record.url).toMatch(/\/renamed\.geojson$/);
    const listed = await (await h.get('/api/p/edit-assets/assets.json')).json();
    expect(listed.results.map((a: { id: string }) => a.id)).toEqual([asset!.id]);
    expect((await h.get(new URL(record.url).pathname)).status).toBe(200);
    for (const body of [{ public: 'yes' }, { name: '' }, { name: '../' }, { size: 3 }]) {
      const bad = await h.admin('PATCH', `/api/projects/edit-assets/assets/${asset!.id}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await code(bad)).toBe('invalid_body');
    }
    expect((await h.admin('PATCH', '/api/projects/edit-assets/assets/01ARZ3NDEKTSV4RRFFQ69G5FAV', { public: true })).status).toBe(404);
    expect((await h.admin('DELETE', `/api/projects/edit-assets/assets/${asset!.id}`)).status).toBe(204);
    expect((await h.get(new URL(record.url).pathname)).status).toBe(404);
    expect(await h.server.ctx.store.isStorageKeyRecorded(asset!.storageKey)).toBe(false);
    expect((await h.storedKeys()).filter((k) => k.startsWith(assetPrefix(asset!)))).toEqual([]);
    expect((await h.admin('DELETE', `/api/projects/edit-assets/assets/${asset!.id}`)).status).toBe(404);
  });

  it('creates keys (shown once), lists them without secrets, revokes them', async () => {
    await h.project('keys');
    const res = await h.admin('POST', '/api/projects/keys/keys', { name: 'mobile app' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(Object.keys(created)).toEqual(['id', 'name', 'key', 'createdAt']);
    expect(created.key).toMatch(/^secret_[A-Za-z0-9]{40,}$/);
    const noBody = await h.admin('POST', '/api/projects/keys/keys');
    expect(noBody.status).toBe(201);
    const listed = await (await h.admin('GET', '/api/projects/keys/keys')).json();
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(Object.keys(listed[0])).toEqual(['id', 'name', 'createdAt']);
    expect((await h.admin('POST', '/api/projects/keys/keys', { name: 5 })).status).toBe(400);
    expect((await h.admin('DELETE', `/api/projects/keys/keys/${created.id}`)).status).toBe(204);
    expect((await h.admin('DELETE', `/api/projects/keys/keys/${created.id}`)).status).toBe(404);
    expect(await (await h.admin('GET', '/api/projects/keys/keys')).json()).toHaveLength(1);
  });

  it('deletes a project with its assets, files and keys', async () => {
    await h.project('doomed');
    const [asset] = await h.seed('doomed', [true]);
    await h.admin('POST', '/api/projects/doomed/keys', { name: 'k' });
    expect((await h.admin('DELETE', '/api/projects/doomed')).status).toBe(204);
    expect(await h.server.ctx.store.isStorageKeyRecorded(asset!.storageKey)).toBe(false);
    expect((await h.storedKeys()).filter((k) => k.startsWith(asset!.projectId))).toEqual([]);
    expect((await h.get('/api/p/doomed/assets.json')).status).toBe(404);
  });

  it('answers unknown routes with 404 not_found in the error shape', async () => {
    const res = await h.admin('GET', '/api/projects/x/scene-nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
