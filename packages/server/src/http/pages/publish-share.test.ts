import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseFrameAncestors } from '../../config/serve-config.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { VIEWER_DIST } from '../../static/static-roots.js';
import { DEFAULT_SHARE_IMAGE } from './share-image.js';

const built = existsSync(join(VIEWER_DIST, 'published.html'));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

/** A small real PNG of one colour. */
function pngOf(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/** The content of `<meta property|name="key" content="…">` in a page, unescaped by the DOM rules we use. */
function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const post = (h: Harness, path: string, init: { body?: string; type?: string } = {}) =>
  fetch(h.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(init.type ? { 'content-type': init.type } : {}) },
    body: init.body,
  });

describe('publish rules (docs/contract.md §9)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('refuses to publish a private project with a 409 conflict that says why, and publishes nothing', async () => {
    await h.project('secret', 'private');
    const res = await h.admin('POST', '/api/projects/secret/publish');
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toMatch(/private/);
    expect(body.error.message).toMatch(/public/);
    expect((await h.get('/p/secret')).status).toBe(404);
  });

  it('takes a POST with an empty body, with or without Content-Type: application/json', async () => {
    await h.project('empty');
    expect((await post(h, '/api/projects/empty/publish')).status).toBe(200);
    expect((await post(h, '/api/projects/empty/publish', { type: 'application/json' })).status).toBe(200);
    expect((await post(h, '/api/projects/empty/publish', { type: 'application/json; charset=utf-8', body: '' })).status).toBe(200);
    expect((await post(h, '/api/projects/empty/publish', { type: 'application/json', body: '{}' })).status).toBe(200);
    // A DELETE with the JSON header and no body too.
    const del = await fetch(`${h.url}/api/projects/empty/publish`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    });
    expect(del.status).toBe(204);
    // A route that needs a body still says so, and bad JSON is still refused.
    const noBody = await post(h, '/api/projects', { type: 'application/json' });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    expect((await post(h, '/api/projects/empty/publish', { type: 'application/json', body: '{"image":' })).status).toBe(400);
    expect((await post(h, '/api/projects/empty/publish', { type: 'application/json', body: '{"__proto__":{"x":1}}' })).status).toBe(400);
  });

  it('keeps a project description: create, change, clear; too long is a 400 naming it', async () => {
    const created = await h.admin('POST', '/api/projects', { alias: 'described', name: 'Described', description: 'A map of things' });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { description: string }).description).toBe('A map of things');
    const patched = await h.admin('PATCH', '/api/projects/described', { description: 'Another text' });
    expect(((await patched.json()) as { description: string }).description).toBe('Another text');
    expect(((await (await h.admin('GET', '/api/projects/described')).json()) as { description: string }).description).toBe('Another text');
    const tooLong = await h.admin('PATCH', '/api/projects/described', { description: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toMatch(/description/);
    expect(((await (await h.admin('PATCH', '/api/projects/described', { description: '' })).json()) as { description: string }).description).toBe('');
    expect(((await (await h.admin('POST', '/api/projects', { alias: 'plain' })).json()) as { description: string }).description).toBe('');
  });

  it.skipIf(!built)('puts the title and OpenGraph tags in the head, escaped, with an absolute og:image that answers a PNG', async () => {
    await h.admin('POST', '/api/projects', { alias: 'share', name: 'Tokyo "wards" <b>', description: 'Wards & stations <script>alert(1)</script>' });
    expect((await h.admin('POST', '/api/projects/share/publish')).status).toBe(200);
    const html = await (await h.get('/p/share')).text();
    expect(html).toContain('<title>Tokyo &quot;wards&quot; &lt;b&gt;</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(metaOf(html, 'og:title')).toBe('Tokyo "wards" <b>');
    expect(metaOf(html, 'og:description')).toBe('Wards & stations <script>alert(1)</script>');
    expect(metaOf(html, 'og:url')).toBe(`${h.url}/p/share`);
    const image = metaOf(html, 'og:image')!;
    expect(image.startsWith(`${h.url}/p/share/og.png`)).toBe(true);
    // Published through the API alone: the default image.
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(bytes.equals(readFileSync(DEFAULT_SHARE_IMAGE))).toBe(true);
  });

  it.skipIf(!built)('serves the globe image the editor sent with the publish, and the default again after an API publish', async () => {
    await h.project('shot');
    const green = pngOf(40, 21, [0, 200, 0]);
    const sent = await h.admin('POST', '/api/projects/shot/publish', { image: `data:image/png;base64,${green.toString('base64')}` });
    expect(sent.status).toBe(200);
    const image = metaOf(await (await h.get('/p/shot')).text(), 'og:image')!;
    expect(Buffer.from(await (await fetch(image)).arrayBuffer()).equals(green)).toBe(true);

    // Not a PNG, or not a data URL: 400 naming "image", and the published image stays.
    for (const bad of ['data:image/png;base64,aGVsbG8=', 'https://example.org/x.png', 42]) {
      const res = await h.admin('POST', '/api/projects/shot/publish', { image: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/image/);
    }
    expect(Buffer.from(await (await fetch(image)).arrayBuffer()).equals(green)).toBe(true);

    expect((await h.admin('POST', '/api/projects/shot/publish')).status).toBe(200);
    const again = metaOf(await (await h.get('/p/shot')).text(), 'og:image')!;
    expect(again).not.toBe(image);
    expect(Buffer.from(await (await fetch(again)).arrayBuffer()).equals(readFileSync(DEFAULT_SHARE_IMAGE))).toBe(true);
    expect((await h.get('/p/never/og.png')).status).toBe(404);
  });

  it.skipIf(!built)('takes a published page down when its project turns private', async () => {
    await h.project('turns');
    expect((await h.admin('POST', '/api/projects/turns/publish')).status).toBe(200);
    expect((await h.get('/p/turns')).status).toBe(200);
    await h.admin('PATCH', '/api/projects/turns', { visibility: 'private' });
    expect((await h.get('/p/turns')).status).toBe(404);
    expect((await h.get('/p/turns/og.png')).status).toBe(404);
  });
});

describe('ORBIS_FRAME_ANCESTORS', () => {
  it('takes space-separated origins and refuses anything else, naming the variable', () => {
    expect(parseFrameAncestors(undefined)).toEqual([]);
    expect(parseFrameAncestors('  https://a.example   https://*.b.example:8443 http://127.0.0.1:3000/ ')).toEqual([
      'https://a.example',
      'https://*.b.example:8443',
      'http://127.0.0.1:3000',
    ]);
    for (const bad of ["'self'; script-src *", 'https://a.example/path', 'a.example', 'javascript:x', '*']) {
      expect(() => parseFrameAncestors(bad), bad).toThrow(ConfigError);
      expect(() => parseFrameAncestors(bad), bad).toThrow(/ORBIS_FRAME_ANCESTORS/);
    }
  });

  describe.skipIf(!built)('over HTTP', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ ORBIS_FRAME_ANCESTORS: 'https://news.example https://*.blog.example' });
      await h.project('embed');
      await h.admin('POST', '/api/projects/embed/publish');
    });
    afterAll(() => h.close());

    it('lets those origins frame the published page and its plugin frames, and nothing else', async () => {
      const page = directives((await h.get('/p/embed')).headers.get('content-security-policy'));
      expect(page['frame-ancestors']).toEqual(["'self'", 'https://news.example', 'https://*.blog.example']);
      const frame = directives((await h.get('/app/plugin-frame.html')).headers.get('content-security-policy'));
      expect(frame['frame-ancestors']).toEqual(["'self'", 'https://news.example', 'https://*.blog.example']);
      // The editor is never embeddable.
      expect(directives((await h.get('/editor/embed')).headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'self'"]);
    });
  });
});
