import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cesiumBuildDir, cesiumPrecompressedDir, VIEWER_DIST } from '../../static/static-roots.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { getBytes } from '../../test/http-bytes.js';

const cesium = cesiumBuildDir()!;

/** The largest script of the built viewer, and its path under /app/. */
function largestAppScript(): { path: string; file: string } | undefined {
  const assets = join(VIEWER_DIST, 'assets');
  if (!existsSync(assets)) return undefined;
  const name = readdirSync(assets)
    .filter((n) => n.endsWith('.js') && existsSync(join(assets, `${n}.br`)))
    .sort((a, b) => readFileSync(join(assets, b)).length - readFileSync(join(assets, a)).length)[0];
  return name === undefined ? undefined : { path: `/app/assets/${name}`, file: join(assets, name) };
}

describe("the viewer's and CesiumJS's files, compressed at build time (`npm run build`)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('has the build made the copies', () => {
    expect(existsSync(join(cesiumPrecompressedDir()!, 'index.js.br')), 'run `npm run build`').toBe(true);
  });

  const original = readFileSync(join(cesium, 'index.js'));
  it('serves CesiumJS in brotli or gzip, the copy made ahead of time, decoding to the original', async () => {
    for (const [coding, decode, suffix] of [
      ['br', brotliDecompressSync, '.br'],
      ['gzip', gunzipSync, '.gz'],
    ] as const) {
      const a = await getBytes(`${h.url}/cesium/index.js`, { 'accept-encoding': coding });
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding']).toBe(coding);
      expect(a.headers['content-type']).toMatch(/javascript/);
      expect(String(a.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(a.body.equals(readFileSync(join(cesiumPrecompressedDir()!, `index.js${suffix}`)))).toBe(true);
      expect(decode(a.body).equals(original)).toBe(true);
    }
  });

  it('serves the identity bytes to a client that accepts no coding, with ETags that differ per coding and a 304 for each', async () => {
    const tags = new Set<string>();
    for (const coding of ['br', 'gzip', 'identity']) {
      const a = await getBytes(`${h.url}/cesium/index.js`, { 'accept-encoding': coding });
      if (coding === 'identity') {
        expect(a.headers['content-encoding']).toBeUndefined();
        expect(a.body.equals(original)).toBe(true);
      }
      tags.add(String(a.headers.etag));
      const again = await getBytes(`${h.url}/cesium/index.js`, { 'accept-encoding': coding, 'if-none-match': String(a.headers.etag) });
      expect(again.status, coding).toBe(304);
    }
    expect(tags.size).toBe(3);
  });

  it('answers a Range request from the identity bytes', async () => {
    const a = await getBytes(`${h.url}/cesium/index.js`, { 'accept-encoding': 'br, gzip', range: 'bytes=100-199' });
    expect(a.status).toBe(206);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.body.equals(original.subarray(100, 200))).toBe(true);
  });

  it('never compresses a small file or an image per request', async () => {
    const png = `Assets/Images/${readdirSync(join(cesium, 'Assets', 'Images')).find((n) => n.endsWith('.png'))}`;
    // A script under 1 KiB has no copy, and goes as it is.
    const small = 'Workers/createTaskProcessorWorker.js';
    expect(readFileSync(join(cesium, small)).length).toBeLessThan(1024);
    for (const path of [png, small]) {
      const a = await getBytes(`${h.url}/cesium/${path}`, { 'accept-encoding': 'br, gzip' });
      expect(a.status).toBe(200);
      expect(a.headers['content-encoding'], path).toBeUndefined();
      expect(a.body.equals(readFileSync(join(cesium, path)))).toBe(true);
    }
  });

  const app = largestAppScript();
  it.skipIf(!app)("serves the viewer's built script in brotli, decoding to the built file", async () => {
    const a = await getBytes(h.url + app!.path, { 'accept-encoding': 'br' });
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(a.body).equals(readFileSync(app!.file))).toBe(true);
  });
});
