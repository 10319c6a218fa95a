import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { MAX_UPLOAD_FILES } from '../app.js';

const GEOJSON =
  '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Tokyo Tower"},"geometry":{"type":"Point","coordinates":[139.7454,35.6586]}}]}';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('uploads (POST /api/projects/{p}/assets)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ORBIS_MAX_UPLOAD_MB: '1' });
    await h.project('up');
  });
  afterAll(() => h.close());

  const upload = (form: FormData, project = 'up') =>
    fetch(`${h.url}/api/projects/${project}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it('stores one file as a private asset by default, with its content type and size', async () => {
    const res = await upload(uploadForm([{ name: 'tower.geojson', content: GEOJSON }]));
    expect(res.status).toBe(201);
    const record = await res.json();
    expect(record).toMatchObject({ type: 'asset', name: 'tower.geojson', contentType: 'application/geo+json', size: GEOJSON.length, public: false });
    const file = await h.get(new URL(record.url).pathname);
    expect(file.status).toBe(404);
  });

  it('makes assets public with public=true, before or after the files, and keeps upload order', async () => {
    const before = await upload(
      uploadForm(
        [
          { name: 'a.geojson', content: GEOJSON },
          { name: 'b.png', content: PNG },
        ],
        { public: 'true' },
      ),
    );
    expect(before.status).toBe(201);
    const records = await before.json();
    expect(records.map((r: { name: string }) => r.name)).toEqual(['a.geojson', 'b.png']);
    expect(records.map((r: { contentType: string }) => r.contentType)).toEqual(['application/geo+json', 'image/png']);
    expect(records.every((r: { public: boolean }) => r.public)).toBe(true);
    expect(records[0].id < records[1].id).toBe(true);

    const form = uploadForm([{ name: 'c.txt', content: 'hello' }]);
    form.append('public', 'true');
    const after = await (await upload(form)).json();
    expect(after.public).toBe(true);
    const body = await (await h.get(new URL(after.url).pathname)).text();
    expect(body).toBe('hello');
  });

  it('refuses a bad public field, no file, a wrong field, a nameless file, and non-multipart, storing nothing', async () => {
    const filesBefore = (await h.storedKeys()).length;
    const countBefore = await h.server.ctx.store.countAssets({ projectId: (await h.server.ctx.store.getProjectByAlias('up'))!.id, publicOnly: false });
    const wrongField = new FormData();
    wrongField.append('upload', new Blob(['x']), 'x.txt');
    const nameless = new FormData();
    nameless.append('file', new Blob(['x']), '..');
    for (const form of [uploadForm([{ name: 'x.txt', content: 'x' }], { public: 'yes' }), uploadForm([], { public: 'true' }), wrongField, nameless]) {
      const res = await upload(form);
      expect(res.status).toBe(400);
      expect(await code(res)).toBe('invalid_body');
    }
    const json = await h.admin('POST', '/api/projects/up/assets', { file: 'x' });
    expect(json.status).toBe(400);
    expect((await h.storedKeys()).length).toBe(filesBefore);
    const countAfter = await h.server.ctx.store.countAssets({ projectId: (await h.server.ctx.store.getProjectByAlias('up'))!.id, publicOnly: false });
    expect(countAfter).toBe(countBefore);
  });

  it('refuses a "file" part that has no file name (busboy reads an octet-stream part as a file) with 400, storing nothing', async () => {
    // Found by the upload fuzz: a byte in the Content-Disposition hides the filename, and the part
    // still arrives as a file because of its type. It was a 500.
    const b = 'nameless-part';
    const body = `--${b}\r\nContent-Disposition: form-data; name="file"\u0000 filename="a.json"\r\nContent-Type: application/octet-stream\r\n\r\nxyz\r\n--${b}--\r\n`;
    const filesBefore = (await h.storedKeys()).length;
    const res = await h.server.app.inject({
      method: 'POST',
      url: '/api/projects/up/assets',
      payload: Buffer.from(body, 'latin1'),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': `multipart/form-data; boundary=${b}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('file name') });
    expect((await h.storedKeys()).length).toBe(filesBefore);
  });

  it('answers 413 payload_too_large past ORBIS_MAX_UPLOAD_MB, keeping nothing of the batch', async () => {
    const filesBefore = (await h.storedKeys()).length;
    const big = new Uint8Array(1024 * 1024 + 10);
    const res = await upload(
      uploadForm(
        [
          { name: 'small.txt', content: 'ok' },
          { name: 'big.bin', content: big },
        ],
        { public: 'true' },
      ),
    );
    expect(res.status).toBe(413);
    expect(await code(res)).toBe('payload_too_large');
    expect((await h.storedKeys()).length).toBe(filesBefore);
    const listed = await (await h.admin('GET', '/api/projects/up/assets')).json();
    expect(listed.results.map((a: { name: string }) => a.name)).not.toContain('small.txt');
  });

  it('holds the whole upload to ORBIS_MAX_UPLOAD_MB, not each file alone, and to MAX_UPLOAD_FILES files (issue 30)', async () => {
    const filesBefore = await h.storedKeys();
    // Three files of 0.4 MiB each: every one fits, together they do not.
    const part = new Uint8Array(400 * 1024);
    const res = await upload(uploadForm([1, 2, 3].map((n) => ({ name: `part-${n}.bin`, content: part }))));
    expect(res.status).toBe(413);
    expect(await code(res)).toBe('payload_too_large');
    expect(await h.storedKeys()).toEqual(filesBefore);
    const many = await upload(uploadForm(Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, n) => ({ name: `n${n}.txt`, content: 'x' }))));
    expect(many.status).toBe(413);
    expect(await h.storedKeys()).toEqual(filesBefore);
    const listed = await (await h.admin('GET', '/api/projects/up/assets')).json();
    expect(listed.results.map((a: { name: string }) => a.name)).not.toContain('part-1.bin');
    expect(listed.results.map((a: { name: string }) => a.name)).not.toContain('n0.txt');
  });

  it('leaves no asset and no stray file when the client is cut off mid-upload', async () => {
    const filesBefore = await h.storedKeys();
    const project = (await h.server.ctx.store.getProjectByAlias('up'))!;
    const countBefore = await h.server.ctx.store.countAssets({ projectId: project.id, publicOnly: false });
    const boundary = 'orbis-cut-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.geojson"\r\nContent-Type: application/geo+json\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = request(`${h.url}/api/projects/up/assets`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 200_000),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write('x'.repeat(50_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    // Give the server a moment to notice the closed socket and clean up.
    await expect.poll(() => h.storedKeys(), { timeout: 30_000 }).toEqual(filesBefore);
    expect(await h.server.ctx.store.countAssets({ projectId: project.id, publicOnly: false })).toBe(countBefore);
  });

  it('lists assets in commit order, so a cursor taken meanwhile still reaches a slow upload', async () => {
    await h.project('order');
    const boundary = 'orbis-slow-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="public"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\n`;
    const tail = `slow\r\n--${boundary}--\r\n`;
    const slow = request(`${h.url}/api/projects/order/assets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + tail.length),
      },
    });
    const answered = new Promise<number>((resolve) =>
      slow.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    slow.write(head);
    await new Promise((r) => setTimeout(r, 100));
    const fast = await upload(uploadForm([{ name: 'fast.txt', content: 'fast' }], { public: 'true' }), 'order');
    expect(fast.status).toBe(201);
    const page = await (await h.get('/api/p/order/assets.json?limit=1')).json();
    expect(page.results.map((a: { name: string }) => a.name)).toEqual(['fast.txt']);
    const position = h.server.ctx.cursors.encode({ scope: (await h.server.ctx.store.getProjectByAlias('order'))!.id, afterId: page.results[0].id });
    slow.end(tail);
    expect(await answered).toBe(201);
    const all = await (await h.get('/api/p/order/assets.json')).json();
    expect(all.results.map((a: { name: string }) => a.name)).toEqual(['fast.txt', 'slow.txt']);
    const rest = await (await h.get(`/api/p/order/assets.json?start_cursor=${encodeURIComponent(position)}`)).json();
    expect(rest.results.map((a: { name: string }) => a.name)).toEqual(['slow.txt']);
  });

  it('answers 404 for an upload to an unknown project', async () => {
    const res = await upload(uploadForm([{ name: 'x.txt', content: 'x' }]), 'nope');
    expect(res.status).toBe(404);
  });
});
