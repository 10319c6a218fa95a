import { REQUEST_ITEMS_MAX } from '@orbis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

describe('review before publishing (docs/contract.md §16; docs/content-workflow.md, "Review")', () => {
  let h: Harness;
  let writer: TestUser;
  let reader: TestUser;
  let maintainer: TestUser;
  const base = '/api/projects/city/models/shelters/items';
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
  const publicItems = async () => (await json(await h.get('/api/p/city/shelters.json'))).body.results.map((r: any) => r.name);

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    const fields = [{ key: 'name', type: 'text', required: true }];
    const made = await json(await h.admin('POST', '/api/projects/city/models', { key: 'shelters', name: 'Shelters', public: true, review: true, fields }));
    expect(made.body.review).toBe(true);
    writer = await signedInUser(h, 'wanda@example.org');
    reader = await signedInUser(h, 'rui@example.org');
    maintainer = await signedInUser(h, 'mia@example.org');
    await addMember(h, 'city', writer.email, 'writer');
    await addMember(h, 'city', reader.email, 'reader');
    await addMember(h, 'city', maintainer.email, 'maintainer');
  });
  afterAll(() => h.close());

  it('keeps changes as drafts until a maintainer approves a request; the public API serves the last published version', async () => {
    const item = await json(await writer.call('POST', base, { fields: { name: 'Hall' } }));
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ name: 'Hall', public: true, status: 'draft' });
    expect(await publicItems()).toEqual([]);
    expect((await h.get(`/api/p/city/shelters/${item.body.id}`)).status).toBe(404);
    const id = item.body.id;
    expect((await json(await writer.call('PATCH', `${base}/${id}`, { fields: { name: 'Hall A' } }))).body).toMatchObject({ name: 'Hall A', status: 'draft' });
    // A writer sees the draft; a reader what is published (nothing yet: the item as first written, hidden).
    expect((await json(await writer.call('GET', `${base}/${id}`))).body).toMatchObject({ name: 'Hall A', status: 'draft' });
    expect((await json(await reader.call('GET', `${base}/${id}`))).body).toMatchObject({ name: 'Hall', public: false, status: 'draft' });

    const opened = await json(
      await writer.call('POST', '/api/projects/city/requests', { title: 'New shelter', items: [{ model: 'shelters', id }], reviewers: [maintainer.id] }),
    );
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      title: 'New shelter',
      state: 'open',
      items: [{ model: 'shelters', id }],
      reviewers: [maintainer.id],
      createdBy: { type: 'user', id: writer.id },
    });
    expect((await json(await writer.call('GET', `${base}/${id}`))).body.status).toBe('review');
    expect((await writer.call('POST', `/api/projects/city/requests/${opened.body.id}/approve`, {})).status).toBe(403);
    const approved = await json(await maintainer.call('POST', `/api/projects/city/requests/${opened.body.id}/approve`, { comment: 'Checked on site' }));
    expect(approved.body).toMatchObject({ state: 'approved', comment: 'Checked on site', closedBy: { type: 'user', id: maintainer.id } });
    expect(await publicItems()).toEqual(['Hall A']);
    expect((await json(await reader.call('GET', `${base}/${id}`))).body).toMatchObject({ name: 'Hall A', public: true, status: 'published' });
    expect((await maintainer.call('POST', `/api/projects/city/requests/${opened.body.id}/decline`, {})).status).toBe(409);

    // A change to a published item is a draft again ("changed"): the public API keeps the published one.
    expect((await json(await writer.call('PATCH', `${base}/${id}`, { fields: { name: 'Hall B' } }))).body.status).toBe('changed');
    expect(await publicItems()).toEqual(['Hall A']);
    const second = (
      await json(await writer.call('POST', '/api/projects/city/requests', { title: 'Rename', items: [{ model: 'shelters', id }], reviewers: [maintainer.id] }))
    ).body;
    expect(
      (await writer.call('POST', '/api/projects/city/requests', { title: 'Again', items: [{ model: 'shelters', id }], reviewers: [maintainer.id] })).status,
    ).toBe(409);
    expect((await json(await h.admin('POST', `/api/projects/city/requests/${second.id}/decline`, { comment: 'Keep the old name' }))).body).toMatchObject({
      state: 'declined',
      comment: 'Keep the old name',
    });
    expect((await json(await writer.call('GET', `${base}/${id}`))).body).toMatchObject({ name: 'Hall B', status: 'changed' });
    expect(await publicItems()).toEqual(['Hall A']);
    // The management listing shows what is published, with each item's status; paged or whole.
    expect((await json(await writer.call('GET', `${base}?limit=5`))).body).toMatchObject({
      totalCount: 1,
      hasMore: false,
      results: [{ id, name: 'Hall A', public: true, status: 'changed' }],
    });
    expect((await json(await reader.call('GET', base))).body).toEqual({ totalCount: 1, results: [expect.objectContaining({ id, status: 'changed' })] });

    const list = async (q: string) => (await json(await reader.call('GET', `/api/projects/city/requests${q}`))).body.map((r: any) => r.title);
    expect(await list('')).toEqual(['Rename', 'New shelter']);
    expect(await list('?state=declined')).toEqual(['Rename']);
    expect(await list('?state=open')).toEqual([]);
    expect((await reader.call('GET', '/api/projects/city/requests?state=closed')).status).toBe(400);
    expect((await json(await reader.call('GET', `/api/projects/city/requests/${second.id}`))).body.title).toBe('Rename');
  });

  it('names what is wrong with a request: no draft, a reviewer who may not approve, a model without review', async () => {
    const id = (await json(await writer.call('POST', base, { fields: { name: 'Tent' } }))).body.id;
    const opened = (
      await json(await writer.call('POST', '/api/projects/city/requests', { title: 'Tent', items: [{ model: 'shelters', id }], reviewers: [maintainer.id] }))
    ).body;
    await h.admin('POST', `/api/projects/city/requests/${opened.id}/approve`, {});
    const noDraft = await json(
      await writer.call('POST', '/api/projects/city/requests', { title: 'x', items: [{ model: 'shelters', id }], reviewers: [maintainer.id] }),
    );
    expect([noDraft.status, noDraft.body.error.code]).toEqual([409, 'conflict']);
    const notReviewer = await json(
      await writer.call('POST', '/api/projects/city/requests', { title: 'x', items: [{ model: 'shelters', id }], reviewers: [writer.id] }),
    );
    expect([notReviewer.status, notReviewer.body.error.message]).toEqual([400, expect.stringContaining('reviewers')]);
    await h.admin('POST', '/api/projects/city/models', { key: 'parks', fields: [{ key: 'name', type: 'text' }] });
    const park = (await json(await h.admin('POST', '/api/projects/city/models/parks/items', { fields: { name: 'P' } }))).body;
    expect(park).not.toHaveProperty('status');
    expect(
      (
        await json(
          await writer.call('POST', '/api/projects/city/requests', { title: 'x', items: [{ model: 'parks', id: park.id }], reviewers: [maintainer.id] }),
        )
      ).body.error.message,
    ).toContain('does not require review');
  });

  it('asks for every draft of a model at once, or for hundreds of items by id; approval publishes them all', async () => {
    await h.admin('POST', '/api/projects/city/models', { key: 'camps', public: true, review: true, fields: [{ key: 'name', type: 'text', required: true }] });
    const rows = Array.from({ length: 320 }, (_, i) => ({ name: `Camp ${i}` }));
    expect((await writer.call('POST', '/api/projects/city/models/camps/import?public=true', rows)).status).toBe(201);
    const ids: string[] = (await json(await writer.call('GET', '/api/projects/city/models/camps/items'))).body.results.map((r: any) => r.id);
    const ask = (items: unknown) => writer.call('POST', '/api/projects/city/requests', { title: 'Camps', items, reviewers: [maintainer.id] });
    // More than 100 items by id (a duplicate collapses).
    const byId = await json(await ask([...ids.slice(0, 150), ...ids.slice(0, 1)].map((id) => ({ model: 'camps', id }))));
    expect([byId.status, byId.body.items.length]).toEqual([201, 150]);
    // "drafts":"all": the drafts in no open request, as the list of items the request answers with.
    const all = await json(await ask([{ model: 'camps', drafts: 'all' }]));
    expect(all.status).toBe(201);
    expect(all.body.items).toEqual(ids.slice(150).map((id) => ({ model: 'camps', id })));
    expect((await json(await reader.call('GET', `/api/projects/city/requests/${all.body.id}`))).body.items).toHaveLength(170);
    const none = await json(await ask([{ model: 'camps', drafts: 'all' }]));
    expect([none.status, none.body.error.code, none.body.error.message]).toEqual([
      400,
      'invalid_body',
      expect.stringContaining('"items": model "camps" has no draft'),
    ]);
    const taken = await json(await ask([{ model: 'camps', id: ids[200] }]));
    expect([taken.status, taken.body.error.message]).toEqual([409, `item ${ids[200]} is in request ${all.body.id}, still open`]);

    for (const request of [byId.body, all.body])
      expect((await json(await maintainer.call('POST', `/api/projects/city/requests/${request.id}/approve`, {}))).body.state).toBe('approved');
    const published = (await json(await h.get('/api/p/city/camps.json'))).body;
    expect(published.totalCount).toBe(320);
    expect(published.results.map((r: any) => r.name)).toEqual(rows.map((r) => r.name));
  });

  it('refuses a request of more items than the cap, or a bad entry, naming items', async () => {
    const message = async (items: unknown) =>
      (await json(await writer.call('POST', '/api/projects/city/requests', { title: 'x', items, reviewers: [maintainer.id] }))).body.error;
    const over = Array.from({ length: REQUEST_ITEMS_MAX + 1 }, () => ({ model: 'shelters', id: '01KAAAAAAAAAAAAAAAAAAAAAAA' }));
    expect(await message(over)).toEqual({ code: 'invalid_body', message: expect.stringContaining('"items"') });
    expect(await message([{ model: 'shelters', drafts: 'some' }])).toEqual({
      code: 'invalid_body',
      message: '"items.0.drafts" must be equal to one of the allowed values',
    });
    expect(await message([{ model: 'shelters', id: '01KAAAAAAAAAAAAAAAAAAAAAAA', drafts: 'all' }])).toEqual({
      code: 'invalid_body',
      message: '"items.0" must match exactly one schema in oneOf',
    });
    expect(await message([{ model: 'shelters' }])).toEqual({ code: 'invalid_body', message: '"items.0.id" is required' });
    expect((await message([{ model: 'nowhere', drafts: 'all' }])).message).toBe('"items": model "nowhere" does not exist');
    expect((await message([{ model: 'shelters', id: '01KAAAAAAAAAAAAAAAAAAAAAAA' }])).message).toBe(
      '"items": item "01KAAAAAAAAAAAAAAAAAAAAAAA" of model "shelters" does not exist',
    );
    // More drafts than a request may name: "drafts":"all" is refused, not cut short.
    await h.admin('POST', '/api/projects/city/models', { key: 'tents', review: true, fields: [{ key: 'name', type: 'text' }] });
    const rows = Array.from({ length: REQUEST_ITEMS_MAX + 1 }, (_, i) => ({ name: `Tent ${i}` }));
    expect((await writer.call('POST', '/api/projects/city/models/tents/import', rows)).status).toBe(201);
    expect(await message([{ model: 'tents', drafts: 'all' }])).toEqual({
      code: 'invalid_body',
      message: `"items": more than ${REQUEST_ITEMS_MAX} items in all (with model "tents"); ask for the rest in another request`,
    });
    expect((await json(await reader.call('GET', '/api/projects/city/requests?state=open'))).body.filter((r: any) => r.title === 'x')).toEqual([]);
    // /openapi.json declares both forms of an entry and the cap.
    const doc = (await json(await h.get('/openapi.json'))).body;
    const items = doc.paths['/api/projects/{project}/requests'].post.requestBody.content['application/json'].schema.properties.items;
    expect(items.maxItems).toBe(REQUEST_ITEMS_MAX);
    expect(items.items.properties.drafts.enum).toEqual(['all']);
    expect(items.items.oneOf).toEqual([{ required: ['id'] }, { required: ['drafts'] }]);
  });

  it.each([
    ['a few rows', 3],
    // Past 2,000 rows SQLite records an import through its worker thread.
    ['many rows', 2_100],
  ])('imports %s into a model that requires review as drafts: hidden from the public until a request is approved', async (_what, n) => {
    await h.admin('POST', '/api/projects/city/models', {
      key: `halls${n}`,
      public: true,
      review: true,
      fields: [{ key: 'name', type: 'text', required: true }],
    });
    const rows = Array.from({ length: n }, (_, i) => ({ name: `Hall ${i}` }));
    const imported = await json(await writer.call('POST', `/api/projects/city/models/halls${n}/import?public=true`, rows));
    expect([imported.status, imported.body]).toEqual([201, { created: n }]);
    expect((await json(await h.get(`/api/p/city/halls${n}.json`))).body.totalCount).toBe(0);
    const listed = (await json(await writer.call('GET', `/api/projects/city/models/halls${n}/items?limit=2`))).body;
    expect(listed).toMatchObject({
      totalCount: n,
      results: [
        { name: 'Hall 0', public: false, status: 'draft' },
        { name: 'Hall 1', public: false, status: 'draft' },
      ],
    });
    const first = listed.results[0].id;
    // The draft keeps the wanted flag: approval publishes the item.
    expect((await json(await writer.call('GET', `/api/projects/city/models/halls${n}/items/${first}`))).body).toMatchObject({ public: true, status: 'draft' });
    const request = (
      await json(
        await writer.call('POST', '/api/projects/city/requests', { title: 'Import', items: [{ model: `halls${n}`, id: first }], reviewers: [maintainer.id] }),
      )
    ).body;
    expect((await json(await maintainer.call('POST', `/api/projects/city/requests/${request.id}/approve`, {}))).body.state).toBe('approved');
    expect((await json(await h.get(`/api/p/city/halls${n}.json`))).body.results.map((r: any) => r.name)).toEqual(['Hall 0']);
    expect((await json(await writer.call('GET', `/api/projects/city/models/halls${n}/items/${first}/versions`))).body.totalCount).toBe(2);
  });
});
