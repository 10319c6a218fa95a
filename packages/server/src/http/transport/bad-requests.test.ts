import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';

/** Sends raw bytes and returns the raw answer: for requests fetch() would refuse to make. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket may lose an answer that is still being made.
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

const envelope = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };

describe('bad requests get a clear error in the error envelope', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('bad');
    await h.seed('bad', [true, true, true]);
  });
  afterAll(() => h.close());

  const post = (body: string, contentType: string) =>
    fetch(`${h.url}/api/projects/bad/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': contentType }, body });

  it('answers a malformed multipart body with 400 invalid_body, keeping nothing', async () => {
    const before = await h.storedKeys();
    for (const [body, type] of [
      ['--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', 'multipart/form-data'],
      ['--ABC\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--ABC--\r\n', 'multipart/form-data; boundary=XYZ'],
      ['--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc', 'multipart/form-data; boundary=XYZ'],
      // A disposition the parser cannot read leaves the part with no field name (found by fuzzing: it was a 500).
      ['--XYZ\r\nContent-Disposition: form-data;\u0000name=""; filename="a.txt"\r\n\r\nabc\r\n--XYZ--\r\n', 'multipart/form-data; boundary=XYZ'],
    ]) {
      const res = await post(body!, type!);
      expect(res.status, type).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_body');
    }
    expect(await h.storedKeys()).toEqual(before);
  });

  it('counts the first of a repeated public field', async () => {
    const form = uploadForm([{ name: 'first.txt', content: 'x' }], {});
    const withFields = new FormData();
    withFields.append('public', 'true');
    withFields.append('public', 'false');
    for (const [k, v] of form) withFields.append(k, v);
    const res = await fetch(`${h.url}/api/projects/bad/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: withFields });
    expect((await res.json()).public).toBe(true);
  });

  it('closes the connection after refusing an upload whose body it did not read', async () => {
    const form = uploadForm([{ name: '..', content: new Uint8Array(2 * 1024 * 1024) }]);
    const res = await fetch(`${h.url}/api/projects/bad/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('builds the Link header from the route, not from the request target', async () => {
    const answer = await raw(h.url, 'GET http://evil.example/api/p/bad/assets.json?limit=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const link = /^link: (.*)$/im.exec(answer)?.[1];
    expect(link).toBe(`<${h.url}/api/p/bad/assets.json?page=2&limit=1>; rel="next"`);
  });

  it('answers undecodable URLs, over-long aliases and huge request lines in the envelope', async () => {
    const badUrl = await h.get('/api/p/%E6%97/assets.json');
    expect(badUrl.status).toBe(400);
    expect((await badUrl.json()).error.code).toBe('invalid_parameter');
    const longAlias = await h.get(`/api/p/${'a'.repeat(2000)}/assets.json`);
    expect(longAlias.status).toBe(404);
    expect((await longAlias.json()).error.code).toBe('not_found');
    const huge = await raw(h.url, `GET /api/p/bad/assets.json?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 400/);
    expect(envelope(huge).error.code).toBe('invalid_parameter');
    const garbage = await raw(h.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(envelope(garbage).error.code).toBe('invalid_parameter');
  });

  it('answers a bare OPTIONS on a public route without an error', async () => {
    const res = await fetch(`${h.url}/api/p/bad/assets.json`, { method: 'OPTIONS' });
    expect(res.status).toBeLessThan(300);
  });

  it('matches a weak If-None-Match', async () => {
    const { results } = await (await h.get('/api/p/bad/assets.json')).json();
    const path = new URL(results[0].url).pathname;
    const etag = (await h.get(path)).headers.get('etag')!;
    expect((await h.get(path, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await h.get(path, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await h.get(path, { 'if-none-match': '"other"' })).status).toBe(200);
  });
});
