import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { VIEWER_DIST } from '../../static/static-roots.js';
import { inlineScriptHashes, PLUGIN_FRAME_POLICY, pagePolicy } from './page-security.js';

const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('inline script hashes', () => {
  it('hashes classic scripts and import maps, not external scripts or JSON data', () => {
    const html = `<script>a()</script><script type="importmap">{"imports":{}}</script><script type="module" src="/x.js"></script><script type="application/json">{"b":1}</script>`;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('{"imports":{}}')]);
  });
});

describe.skipIf(!existsSync(join(VIEWER_DIST, 'published.html')))('security headers of pages and viewer files', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('secure');
    expect((await h.admin('POST', '/api/projects/secure/publish')).status).toBe(200);
  });
  afterAll(() => h.close());

  it('sends nosniff and the page policy on the editor, published and not-found pages', async () => {
    const hashes = inlineScriptHashes(readFileSync(join(VIEWER_DIST, 'published.html'), 'utf8'));
    expect(hashes.length).toBe(2);
    for (const [path, status] of [
      ['/editor/secure', 200],
      ['/p/secure', 200],
      ['/p/nothing-here', 404],
      ['/editor/Bad%20Name', 404],
    ] as const) {
      const res = await h.get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      const policy = directives(res.headers.get('content-security-policy'));
      expect(policy['frame-ancestors'], path).toEqual(["'self'"]);
      expect(policy['object-src'], path).toEqual(["'none'"]);
      expect(policy['base-uri'], path).toEqual(["'none'"]);
      expect(policy['script-src'], path).toContain("'wasm-unsafe-eval'");
      expect(policy['script-src'], path).not.toContain("'unsafe-inline'");
      if (status === 200) for (const hash of hashes) expect(policy['script-src'], path).toContain(hash);
    }
  });

  it('allows tiles and data from any http(s) address, workers from blob:', () => {
    const policy = directives(pagePolicy());
    for (const name of ['img-src', 'connect-src']) expect(policy[name]).toEqual(expect.arrayContaining(['https:', 'http:', "'self'"]));
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('frames only our own documents and the two video players an infobox video block uses (docs/viewer.md)', () => {
    expect(directives(pagePolicy())['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });

  it('sends the page policy on the viewer and CesiumJS files, and its own on the plugin frame', async () => {
    const html = readFileSync(join(VIEWER_DIST, 'published.html'), 'utf8');
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of [script, '/cesium/index.js']) {
      const res = await h.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors'], path).toEqual(["'self'"]);
    }
    const frame = await h.get('/app/plugin-frame.html');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toBe(PLUGIN_FRAME_POLICY);
    const policy = directives(PLUGIN_FRAME_POLICY);
    expect(policy['script-src']).toEqual(["'unsafe-inline'"]);
    // Opaque however it is framed, with the viewer's attribute or without (issue 30).
    expect(policy.sandbox).toEqual(['allow-scripts']);
    // docs/contract.md §8: https: and Orbis's own origin, under CORS from the frame's opaque origin.
    expect(policy['connect-src']).toEqual(["'self'", 'https:']);
    expect(policy['img-src']).toEqual(['data:', 'blob:', "'self'", 'https:']);
    expect(policy['font-src']).toEqual(['data:', "'self'", 'https:']);
    expect(policy['default-src']).toEqual(["'none'"]);
  });

  it('answers a path that tries to leave the static roots with 404 not_found (issue 30)', async () => {
    for (const path of ['/app/../package.json', '/app/%2e%2e/%2e%2e/package.json', '/app/%00x', '/cesium/%2e%2e/%2e%2e/package.json']) {
      const answer = await rawRequest(h.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body).error.code, path).toBe('not_found');
    }
  });
});
