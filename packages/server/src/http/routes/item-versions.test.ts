import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

describe('item versions (docs/content-workflow.md)', () => {
  let h: Harness;
  let writer: TestUser;
  let reader: TestUser;
  const base = '/api/projects/city/models/shelters/items';
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any, link: res.headers.get('link') });

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    const fields = [
      { key: 'name', type: 'text', required: true },
      { key: 'capacity', type: 'integer' },
    ];
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'shelters', name: 'Shelters', public: true, fields })).status).toBe(201);
    writer = await signedInUser(h, 'wanda@example.org');
    reader = await signedInUser(h, 'rui@example.org');
    await addMember(h, 'city', writer.email, 'writer');
    await addMember(h, 'city', reader.email, 'reader');
  });
  afterAll(() => h.close());

  it('keeps a version per write with who wrote it, lists them newest first in pages, and restores one as a new version', async () => {
    const item = (await json(await writer.call('POST', base, { fields: { name: 'Hall', capacity: 10 }, public: false }))).body;
    expect((await h.admin('PATCH', `${base}/${item.id}`, { fields: { capacity: 20 } })).status).toBe(200);
    expect((await writer.call('PATCH', `${base}/${item.id}`, { fields: { name: 'Gym' }, public: true })).status).toBe(200);

    const all = await json(await reader.call('GET', `${base}/${item.id}/versions`));
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.results.map((v: any) => [v.version, v.actor.type, v.public, v.fields])).toEqual([
      [3, 'user', true, { name: 'Gym', capacity: 20 }],
      [2, 'admin', false, { name: 'Hall', capacity: 20 }],
      [1, 'user', false, { name: 'Hall', capacity: 10 }],
    ]);
    expect(Object.keys(all.body.results[0])).toEqual(['version', 'at', 'actor', 'public', 'fields']);
    expect(all.body.results[0].actor).toEqual({ type: 'user', id: writer.id, email: writer.email });

    const first = await json(await reader.call('GET', `${base}/${item.id}/versions?limit=2`));
    expect(first.body.results.map((v: any) => v.version)).toEqual([3, 2]);
    expect(first.body).toMatchObject({ hasMore: true, limit: 2, page: 1, offset: 0 });
    expect(first.link).toContain('rel="next"');
    const second = await json(await reader.call('GET', `${base}/${item.id}/versions?limit=2&start_cursor=${encodeURIComponent(first.body.nextCursor)}`));
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.body.results.map((v: any) => v.version)).toEqual([1]);
    // A cursor of this listing is good for no other item's.
    const other = (await json(await h.admin('POST', base, { fields: { name: 'Other' } }))).body;
    expect((await json(await h.admin('GET', `${base}/${other.id}/versions?start_cursor=${encodeURIComponent(first.body.nextCursor)}`))).body.error.code).toBe(
      'invalid_cursor',
    );

    expect((await json(await reader.call('GET', `${base}/${item.id}/versions/1`))).body).toEqual(all.body.results[2]);
    expect((await reader.call('POST', `${base}/${item.id}/versions/1/restore`)).status).toBe(403);
    // A restore is a write of the item: If-Match with an older ETag changes nothing.
    const stale = await writer.call('POST', `${base}/${item.id}/versions/1/restore`, undefined, { 'if-match': '"older"' });
    expect([stale.status, ((await stale.json()) as any).error.code]).toEqual([412, 'precondition_failed']);
    expect((await json(await reader.call('GET', `${base}/${item.id}/versions`))).body.totalCount).toBe(3);
    const restored = await json(await writer.call('POST', `${base}/${item.id}/versions/1/restore`));
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: item.id, name: 'Hall', capacity: 10, public: true });
    const latest = (await json(await h.admin('GET', `${base}/${item.id}/versions/4`))).body;
    expect(latest).toMatchObject({ version: 4, actor: { type: 'user', id: writer.id }, fields: { name: 'Hall', capacity: 10 } });
    const audit = (await json(await h.admin('GET', '/api/projects/city/audit?limit=1'))).body;
    expect(audit.results[0]).toMatchObject({ action: 'item.restore', target: `${base}/${item.id}/versions/1/restore` });
  });

  it('keeps the history of a deleted item readable but not restorable; names a bad version; 404 for none', async () => {
    const item = (await json(await h.admin('POST', base, { fields: { name: 'Tent' } }))).body;
    expect((await h.admin('DELETE', `${base}/${item.id}`)).status).toBe(204);
    expect((await json(await h.admin('GET', `${base}/${item.id}/versions`))).body.results.map((v: any) => v.fields.name)).toEqual(['Tent']);
    const refused = await json(await h.admin('POST', `${base}/${item.id}/versions/1/restore`));
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
    const bad = await json(await h.admin('GET', `${base}/${item.id}/versions/1.5`));
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_parameter']);
    expect(bad.body.error.message).toContain('version');
    expect((await h.admin('GET', `${base}/${item.id}/versions/2`)).status).toBe(404);
    expect((await h.admin('GET', `${base}/01JDA8ZZZZZZZZZZZZZZZZZZZZ/versions`)).status).toBe(404);
  });

  it('restores only the fields the model still has, and refuses a version that no longer fits, naming the field', async () => {
    const m = '/api/projects/city/models/barns';
    const name = { key: 'name', type: 'text' };
    const kind = { key: 'kind', type: 'text' };
    expect(
      (await h.admin('POST', '/api/projects/city/models', { key: 'barns', name: 'Barns', fields: [name, kind, { key: 'old', type: 'text' }] })).status,
    ).toBe(201);
    const item = (await json(await h.admin('POST', `${m}/items`, { fields: { name: 'Barn', old: 'y' } }))).body;
    expect((await h.admin('PATCH', `${m}/items/${item.id}`, { fields: { kind: 'x' } })).status).toBe(200);
    expect((await h.admin('PATCH', m, { fields: [name, { ...kind, required: true }] })).status).toBe(200);
    const refused = await json(await h.admin('POST', `${m}/items/${item.id}/versions/1/restore`));
    expect([refused.status, refused.body.error.code]).toEqual([400, 'invalid_body']);
    expect(refused.body.error.message).toContain('kind');
    expect((await h.admin('PATCH', m, { fields: [name, kind] })).status).toBe(200);
    const restored = await json(await h.admin('POST', `${m}/items/${item.id}/versions/1/restore`));
    expect(restored.body).toMatchObject({ id: item.id, name: 'Barn', kind: null });
    expect(restored.body).not.toHaveProperty('old');
  });
});
