import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

describe('field types checkbox, tag, url, reference, richtext and group, and ?expand= (docs/contract.md §16)', () => {
  let h: Harness;
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
  let wards: { id: string }[];
  let hidden: { id: string };

  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'wards', public: true, fields: [{ key: 'name', type: 'text' }] })).status).toBe(201);
    wards = [];
    for (const name of ['Chuo', 'Minato']) wards.push((await json(await h.admin('POST', '/api/projects/city/models/wards/items', { fields: { name } }))).body);
    hidden = (await json(await h.admin('POST', '/api/projects/city/models/wards/items', { fields: { name: 'Hidden' }, public: false }))).body;
    const fields = [
      { key: 'name', type: 'text', required: true },
      { key: 'open', type: 'checkbox' },
      { key: 'kinds', type: 'tag', values: ['park', 'school', 'hall'], multiple: true },
      { key: 'site', type: 'url' },
      { key: 'ward', type: 'reference', model: 'wards' },
      { key: 'near', type: 'reference', model: 'wards', multiple: true },
    ];
    const made = await json(await h.admin('POST', '/api/projects/city/models', { key: 'shelters', public: true, fields }));
    expect(made.status).toBe(201);
    expect(made.body.fields[2]).toMatchObject({ key: 'kinds', type: 'tag', values: ['park', 'school', 'hall'], multiple: true });
    expect(made.body.fields[4]).toMatchObject({ key: 'ward', type: 'reference', model: 'wards' });
  });
  afterAll(() => h.close());

  it('checks each type: a tag from the list, a url, a reference to an item of its model; and a reference model that exists', async () => {
    const base = '/api/projects/city/models/shelters/items';
    const ok = await json(
      await h.admin('POST', base, {
        fields: { name: 'Hall', open: true, kinds: ['park', 'hall'], site: 'https://example.org/hall', ward: wards[0]!.id, near: [wards[1]!.id, hidden.id] },
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ open: true, kinds: ['park', 'hall'], ward: wards[0]!.id });
    const refused = async (fields: Record<string, unknown>) =>
      (await json(await h.admin('POST', base, { fields: { name: 'x', ...fields } }))).body.error.message as string;
    expect(await refused({ kinds: ['zoo'] })).toContain('kinds');
    expect(await refused({ kinds: ['park', 'park'] })).toContain('kinds');
    expect(await refused({ open: 'yes' })).toContain('open');
    expect(await refused({ site: 'ftp://example.org' })).toContain('site');
    expect(await refused({ ward: ok.body.id })).toBe(`field "ward": "${ok.body.id}" is not an item of the model "wards"`);
    const badModel = await json(await h.admin('POST', '/api/projects/city/models', { key: 'x', fields: [{ key: 'r', type: 'reference', model: 'nowhere' }] }));
    expect([badModel.status, badModel.body.error.message]).toEqual([400, 'fields[0].model: the project has no model "nowhere"']);
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'y', fields: [{ key: 't', type: 'tag' }] })).status).toBe(400);
    // A model may name itself.
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'tree', fields: [{ key: 'parent', type: 'reference', model: 'tree' }] })).status).toBe(
      201,
    );

    const schema = (await json(await h.get('/api/p/city/shelters.schema.json'))).body;
    expect(schema.properties.open.anyOf[0]).toEqual({ type: 'boolean' });
    expect(schema.properties.kinds.anyOf[0]).toMatchObject({ type: 'array', uniqueItems: true, items: { enum: ['park', 'school', 'hall'] } });
    expect(schema.properties.ward.anyOf[0]).toMatchObject({ type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' });

    // CSV: a list as JSON, a checkbox as true or false; an import reads them back so.
    const csv = await (await h.get('/api/p/city/shelters.csv')).text();
    expect(csv.split('\r\n')[0]).toContain('name,open,kinds,site,ward,near');
    expect(csv).toContain(`Hall,true,"[""park"",""hall""]",https://example.org/hall,${wards[0]!.id}`);
    const imported = await fetch(`${h.url}/api/projects/city/models/shelters/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
      body: `name,open,kinds,ward\nTent,false,"[""school""]",${wards[1]!.id}\n`,
    });
    expect(imported.status).toBe(201);
    const tent = (await json(await h.admin('GET', '/api/projects/city/models/shelters/items?filter[name][eq]=Tent'))).body.results[0];
    expect(tent).toMatchObject({ open: false, kinds: ['school'], ward: wards[1]!.id });
    expect((await h.admin('DELETE', `/api/projects/city/models/shelters/items/${tent.id}`)).status).toBe(204);
  });

  it('keeps richtext as Markdown text and a group as an object of its own typed fields (a list with multiple)', async () => {
    const fields = [
      { key: 'about', type: 'richtext' },
      {
        key: 'contact',
        type: 'group',
        fields: [
          { key: 'phone', type: 'text', required: true },
          { key: 'hours', type: 'integer' },
        ],
      },
      {
        key: 'rooms',
        type: 'group',
        multiple: true,
        fields: [
          { key: 'label', type: 'text' },
          { key: 'beds', type: 'integer' },
        ],
      },
    ];
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'halls', public: true, fields })).status).toBe(201);
    const base = '/api/projects/city/models/halls/items';
    const values = {
      about: '# Hall\n\n**Open** daily',
      contact: { phone: '03-0000', hours: 9 },
      rooms: [
        { label: 'A', beds: 10 },
        { label: 'B', beds: null },
      ],
    };
    const made = await json(await h.admin('POST', base, { fields: values }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject(values);
    const refused = async (v: Record<string, unknown>) => (await json(await h.admin('POST', base, { fields: v }))).body.error.message as string;
    expect(await refused({ contact: { hours: 9 } })).toContain('contact');
    expect(await refused({ contact: { phone: '1', fax: '2' } })).toContain('contact');
    expect(await refused({ rooms: [{ beds: 'many' }] })).toContain('rooms');
    // Inside a group: values kept as they are, no asset, reference, geometry or group.
    const nested = await json(
      await h.admin('POST', '/api/projects/city/models', { key: 'bad', fields: [{ key: 'g', type: 'group', fields: [{ key: 'loc', type: 'geometry' }] }] }),
    );
    expect([nested.status, nested.body.error.message]).toEqual([400, expect.stringContaining('fields[0].fields[0].type')]);
    const schema = (await json(await h.get('/api/p/city/halls.schema.json'))).body;
    expect(schema.properties.about.anyOf[0]).toEqual({ type: 'string', contentMediaType: 'text/markdown' });
    expect(schema.properties.contact.anyOf[0]).toMatchObject({ type: 'object', required: ['phone'], additionalProperties: false });
    // CSV: a group as JSON, read back so.
    const csv = await (await h.get('/api/p/city/halls.csv')).text();
    expect(csv).toContain('"{""phone"":""03-0000"",""hours"":9}"');
    const imported = await fetch(`${h.url}/api/projects/city/models/halls/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
      body: 'about,contact\nPlain,"{""phone"":""1""}"\n',
    });
    expect(imported.status).toBe(201);
    expect((await json(await h.admin('GET', `${base}?filter[about][eq]=Plain`))).body.results[0].contact).toEqual({ phone: '1' });
  });

  it('inlines references with ?expand= on an item and a listing: the public record, null when not public; an unknown field is a 400', async () => {
    const item = (
      await json(
        await h.admin('POST', '/api/projects/city/models/shelters/items', { fields: { name: 'Gym', ward: wards[1]!.id, near: [wards[0]!.id, hidden.id] } }),
      )
    ).body;
    const one = await json(await h.get(`/api/p/city/shelters/${item.id}?expand=ward,near`));
    expect(one.body.ward).toMatchObject({ id: wards[1]!.id, name: 'Minato' });
    expect(one.body.near).toEqual([expect.objectContaining({ name: 'Chuo' }), null]);
    expect((await json(await h.get(`/api/p/city/shelters/${item.id}`))).body.ward).toBe(wards[1]!.id);
    const page = await json(await h.get('/api/p/city/shelters.json?expand=ward&limit=1&filter[name][eq]=Gym'));
    expect(page.body).toMatchObject({ totalCount: 1, hasMore: false, results: [{ name: 'Gym', ward: { name: 'Minato' } }] });
    const all = await json(await h.get('/api/p/city/shelters.json?expand=ward'));
    expect(all.body.results.map((r: any) => r.ward?.name ?? null)).toEqual(['Chuo', 'Minato']);
    expect(all.body.totalCount).toBe(2);
    const wrong = await json(await h.get('/api/p/city/shelters.json?expand=name'));
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'invalid_parameter']);
    // A change to a referenced item changes the expanded answer's ETag.
    const before = (await h.get(`/api/p/city/shelters/${item.id}?expand=ward`)).headers.get('etag');
    expect((await h.admin('PATCH', `/api/projects/city/models/wards/items/${wards[1]!.id}`, { fields: { name: 'Minato-ku' } })).status).toBe(200);
    const after = await h.get(`/api/p/city/shelters/${item.id}?expand=ward`);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(((await after.json()) as any).ward.name).toBe('Minato-ku');
  });
});
