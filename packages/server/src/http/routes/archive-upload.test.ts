import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { buildZip } from '../../test/zip-builder.js';

describe('zip uploads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ORBIS_ARCHIVE_MAX_ENTRIES: '20', ORBIS_ARCHIVE_MAX_MB: '1' });
    await h.project('zips');
  });
  afterAll(() => h.close());

  const upload = (zip: Buffer, name = 'city.zip') => {
    const form = new FormData();
    form.append('public', 'true');
    form.append('file', new Blob([zip]), name);
    return fetch(`${h.url}/api/projects/zips/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  };

  it('extracts a zipped 3D Tiles tileset so that it is usable by URL, relative references included', async () => {
    const tileset = JSON.stringify({ asset: { version: '1.1' }, geometricError: 70, root: { geometricError: 0, content: { uri: 'tiles/0.b3dm' } } });
    const res = await upload(
      buildZip([
        { name: 'tileset.json', data: tileset, deflate: true },
        { name: 'tiles/0.b3dm', data: Buffer.from('b3dm-bytes') },
      ]),
    );
    expect(res.status).toBe(201);
    const record = await res.json();
    expect(record.contentType).toBe('application/zip');
    expect(Object.keys(record)).toEqual(['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt', 'files', 'public']);
    expect(record.files).toEqual([`${h.url}/files/zips/${record.id}/tileset.json`, `${h.url}/files/zips/${record.id}/tiles/0.b3dm`]);
    const json = await h.get(new URL(record.files[0]).pathname);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json');
    const parsed = await json.json();
    const tileUrl = new URL(parsed.root.content.uri, record.files[0]);
    const tile = await fetch(tileUrl);
    expect(await tile.text()).toBe('b3dm-bytes');
    const range = await h.get(new URL(record.files[1]).pathname, { range: 'bytes=0-3' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('b3dm');
    // The public listing carries the same files.
    const listed = await (await h.get(`/api/p/zips/assets/${record.id}`)).json();
    expect(listed.files).toEqual(record.files);
    // The zip itself is still served under its own name.
    expect((await h.get(new URL(record.url).pathname)).headers.get('content-type')).toBe('application/zip');
  });

  it('answers 400 for an escaping path and 413 past the limits, keeping nothing', async () => {
    const before = await h.storedKeys();
    const escape = await upload(buildZip([{ name: '../../outside.txt', data: 'x' }]));
    expect(escape.status).toBe(400);
    expect((await escape.json()).error.code).toBe('invalid_body');
    const many = await upload(buildZip(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }))));
    expect(many.status).toBe(413);
    expect((await many.json()).error.code).toBe('payload_too_large');
    const bomb = await upload(buildZip([{ name: 'zeros.bin', data: Buffer.alloc(3 * 1024 * 1024), deflate: true }]));
    expect(bomb.status).toBe(413);
    expect(await h.storedKeys()).toEqual(before);
  });

  it('keeps a KMZ whole: Cesium reads it as it is', async () => {
    const res = await upload(buildZip([{ name: 'doc.kml', data: '<kml/>' }]), 'places.kmz');
    const record = await res.json();
    expect(record.contentType).toBe('application/vnd.google-earth.kmz');
    expect(record.files).toBeUndefined();
  });

  it('deleting the asset deletes its extracted files', async () => {
    const before = await h.storedKeys();
    const record = await (await upload(buildZip([{ name: 'a.txt', data: 'a' }]))).json();
    expect((await h.get(new URL(record.files[0]).pathname)).status).toBe(200);
    expect((await h.storedKeys()).length).toBe(before.length + 2);
    await h.admin('DELETE', `/api/projects/zips/assets/${record.id}`);
    expect(await h.storedKeys()).toEqual(before);
    expect((await h.get(new URL(record.files[0]).pathname)).status).toBe(404);
  });
});
