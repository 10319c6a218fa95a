import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

const fields = [
  { key: 'name', type: 'text', required: true },
  { key: 'capacity', type: 'integer' },
  { key: 'loc', type: 'geometry' },
];

describe('POST …/models/{m}/import (docs/contract.md §10)', () => {
  let h: Harness;
  const send = (model: string, type: string, body: string, query = '') =>
    fetch(`${h.url}/api/projects/lib/models/${model}/import${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': type },
      body,
    });
  const count = async (model: string) => ((await (await h.admin('GET', `/api/projects/lib/models/${model}`)).json()) as { itemCount: number }).itemCount;

  beforeAll(async () => {
    h = await startHarness();
    await h.project('lib');
    for (const key of ['places', 'copy']) await h.admin('POST', '/api/projects/lib/models', { key, public: true, fields });
  });
  afterAll(() => h.close());

  it('imports CSV, a JSON array and a FeatureCollection, public when asked', async () => {
    const csv = await send('places', 'text/csv; charset=utf-8', 'name,capacity,loc_lng,loc_lat\r\nA,10,139.7,35.6\r\n"B, the second",,,\r\n', '?public=true');
    expect(csv.status).toBe(201);
    expect(await csv.json()).toEqual({ created: 2 });
    const array = await send('places', 'application/json', '[{"name":"C","capacity":3}]', '?public=false');
    expect(await array.json()).toEqual({ created: 1 });
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'D' } }] };
    expect(await (await send('places', 'application/geo+json', JSON.stringify(fc), '?public=true')).json()).toEqual({ created: 1 });
    const listed = (await (await h.get('/api/p/lib/places.json')).json()) as { results: Record<string, unknown>[] };
    expect(listed.results.map((r) => r.name)).toEqual(['A', 'B, the second', 'D']);
    expect(listed.results[0]).toMatchObject({ capacity: 10, loc: { type: 'Point', coordinates: [139.7, 35.6] } });
    expect(await count('places')).toBe(4);
  });

  it('refuses the whole import at the first bad row, naming it, and creates nothing', async () => {
    const before = await count('places');
    const csv = await send('places', 'text/csv', 'name,capacity\nok,1\nfine,2\nbad,lots\nalso,4\n');
    expect(csv.status).toBe(400);
    const body = (await csv.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_body');
    expect(body.error.message).toMatch(/^row 3: field "capacity"/);
    const json = await send('places', 'application/json', '[{"name":"x"},{"capacity":1}]');
    expect(((await json.json()) as { error: { message: string } }).error.message).toMatch(/^row 2: field "name" is required/);
    for (const [type, text] of [
      ['application/json', '[{"name":"x"},'],
      ['text/csv', 'name\n"open'],
      ['text/plain', 'name\nx'],
      ['application/json', '"just a string"'],
    ]) {
      const r = await send('places', type!, text!);
      expect(r.status, `${type} ${text}`).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    }
    expect((await send('places', 'text/csv', 'name\nx\n', '?public=maybe')).status).toBe(400);
    expect((await send('nope', 'text/csv', 'name\nx\n')).status).toBe(404);
    expect(await count('places')).toBe(before);
  });

  it('takes back what .csv and .geojson export', async () => {
    const csv = await (await h.get('/api/p/lib/places.csv')).text();
    expect(await (await send('copy', 'text/csv', csv, '?public=true')).json()).toEqual({ created: 3 });
    const geojson = await (await h.get('/api/p/lib/places.geojson')).text();
    expect(await (await send('copy', 'application/geo+json', geojson, '?public=true')).json()).toEqual({ created: 2 });
    const strip = (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, id: undefined, createdAt: undefined, updatedAt: undefined });
    const original = ((await (await h.get('/api/p/lib/places.json')).json()) as { results: Record<string, unknown>[] }).results.map(strip);
    const copied = ((await (await h.get('/api/p/lib/copy.json')).json()) as { results: Record<string, unknown>[] }).results.map(strip);
    expect(copied.slice(0, 3)).toEqual(original);
    expect(copied.slice(3)).toEqual(original.filter((r) => r.loc !== null));
  });

  it('imports a JSON array and a FeatureCollection that begin with a byte order mark', async () => {
    await h.admin('POST', '/api/projects/lib/models', { key: 'marked', public: true, fields });
    expect(await (await send('marked', 'application/json', '\uFEFF[{"name":"a"},{"name":"b"}]')).json()).toEqual({ created: 2 });
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { name: 'c' } }] };
    expect(await (await send('marked', 'application/geo+json', `\uFEFF${JSON.stringify(fc)}`)).json()).toEqual({ created: 1 });
    expect(await count('marked')).toBe(3);
  });

  it('reads a .csv by its file name as the GIS formats are read: as the multipart field "file", or as application/octet-stream named by Content-Disposition', async () => {
    await h.admin('POST', '/api/projects/lib/models', { key: 'named', public: true, fields });
    const csv = 'name,capacity,loc_lng,loc_lat\nE,5,139.7,35.6\n';
    const importForm = (name: string, text: string, type = 'application/octet-stream') => {
      const form = new FormData();
      form.append('file', new Blob([text], { type }), name);
      return fetch(`${h.url}/api/projects/lib/models/named/import?public=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: form,
      });
    };
    const multipart = await importForm('shelters.csv', csv);
    expect(multipart.status, await multipart.clone().text()).toBe(201);
    expect(await multipart.json()).toEqual({ created: 1 });
    // A part's own media type decides where it names one.
    expect(await (await importForm('export', 'name\nF\n', 'text/csv')).json()).toEqual({ created: 1 });
    const octet = await fetch(`${h.url}/api/projects/lib/models/named/import?public=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="shelters.csv"',
      },
      body: 'name\nG\n',
    });
    expect(await octet.json()).toEqual({ created: 1 });
    // A GIS format the same ways: a GeoJSON sequence by its name.
    const line = JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [135.5, 34.7] }, properties: { name: 'H' } });
    expect(await (await importForm('more.geojsonl', `${line}\n`)).json()).toEqual({ created: 1 });
    const listed = (await (await h.get('/api/p/lib/named.json')).json()) as { results: Record<string, unknown>[] };
    expect(listed.results.map((r) => r.name)).toEqual(['E', 'F', 'G', 'H']);
    expect(listed.results[0]).toMatchObject({ capacity: 5, loc: { type: 'Point', coordinates: [139.7, 35.6] } });
    // A name of no known format, or a multipart field other than "file", is still refused, and nothing is created.
    const unknown = await importForm('notes.txt', csv);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/for "notes\.txt"$/);
    const other = new FormData();
    other.append('upload', new Blob([csv]), 'shelters.csv');
    const wrongField = await fetch(`${h.url}/api/projects/lib/models/named/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: other,
    });
    expect(((await wrongField.json()) as { error: { message: string } }).error.message).toMatch(/unexpected file field "upload"/);
    expect(await count('named')).toBe(4);
  });

  it('needs the admin token', async () => {
    const r = await fetch(`${h.url}/api/projects/lib/models/places/import`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'name\nx\n' });
    expect(r.status).toBe(401);
  });
});
