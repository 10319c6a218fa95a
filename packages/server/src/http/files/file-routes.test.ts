import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';

describe('GET /files/{project}/{assetId}/{name}', () => {
  let h: Harness;
  let kml: { id: string; url: string; size: number };
  let html: { url: string };
  let svg: { url: string };
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const KML =
    '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Fuji</name><Point><coordinates>138.7274,35.3606,0</coordinates></Point></Placemark></kml>';

  beforeAll(async () => {
    h = await startHarness();
    await h.project('files');
    const form = uploadForm(
      [
        { name: 'fuji.kml', content: KML },
        { name: 'page.html', content: '<script>alert(1)</script>' },
        { name: 'icon.svg', content: SVG },
      ],
      { public: 'true' },
    );
    const res = await fetch(`${h.url}/api/projects/files/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    [kml, html, svg] = await res.json();
  });
  afterAll(() => h.close());

  const path = (url: string) => new URL(url).pathname;

  it('serves the bytes with type, length, caching and safety headers', async () => {
    const res = await h.get(path(kml.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml');
    expect(res.headers.get('content-length')).toBe(String(KML.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe(KML);
  });

  it('answers HEAD with headers only', async () => {
    const res = await fetch(h.url + path(kml.url), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(KML.length));
    expect(await res.text()).toBe('');
  });

  it('serves byte ranges with 206 and Content-Range, and 416 past the end', async () => {
    const res = await h.get(path(kml.url), { range: 'bytes=0-4' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-4/${KML.length}`);
    expect(await res.text()).toBe('<?xml');
    const tail = await h.get(path(kml.url), { range: 'bytes=-6' });
    expect(await tail.text()).toBe('</kml>');
    const past = await h.get(path(kml.url), { range: `bytes=${KML.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${KML.length}`);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await h.get(path(kml.url))).headers.get('etag')!;
    const res = await h.get(path(kml.url), { 'if-none-match': etag });
    expect(res.status).toBe(304);
  });

  it('serves uploaded HTML and SVG only as sandboxed attachments, and every file sandboxed', async () => {
    for (const file of [html, svg]) {
      const res = await h.get(path(file.url));
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // KML is XML a browser could open as a document: it runs nothing either.
    const res = await h.get(path(kml.url));
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('never serves a file outside the storage root, nor under a wrong name', async () => {
    for (const p of [
      `/files/files/${kml.id}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/files/files/${kml.id}/../../../../etc/passwd`,
      `/files/files/..%2F..%2Forbis.db/x`,
      `/files/files/${kml.id}/other.kml`,
      `/files/files/${kml.id}/`,
      '/files/files/%2e%2e/%2e%2e/admin-token',
      `/files/nope/${kml.id}/fuji.kml`,
    ]) {
      const res = await h.get(p);
      expect(res.status, p).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('root:');
    }
  });

  it('stops serving an asset once it is made private', async () => {
    await h.admin('PATCH', `/api/projects/files/assets/${kml.id}`, { public: false });
    expect((await h.get(path(kml.url))).status).toBe(404);
    await h.admin('PATCH', `/api/projects/files/assets/${kml.id}`, { public: true });
    expect((await h.get(path(kml.url))).status).toBe(200);
  });
});
