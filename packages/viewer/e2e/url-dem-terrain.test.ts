import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, reports, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { CENTRE, halves, HEIGHTS } from './raster-places.js';
import { viewerReady } from './viewer-pixels.js';

/*
 * Terrain "dem" from a GeoTIFF by URL on the published page (docs/rasters.md): the DEM of halves (10 m
 * in the west, 200 m in the east) on a 127.0.0.1 host that answers byte ranges, which the server
 * reads (ORBIS_URL_LAYERS_PRIVATE lets it reach loopback); the page reads the server's tiles.
 */
describe('terrain from a DEM by URL on the published page', () => {
  const file = halves();
  const asked: string[] = [];
  const host = createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    asked.push(req.headers.range ?? '');
    if (!range) return void res.writeHead(416).end();
    const [start, end] = [Number(range[1]), Math.min(Number(range[2]), file.length - 1)];
    res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-length': end - start + 1 }).end(file.subarray(start, end + 1));
  });
  const t = useBrowserAndServer({
    env: { ORBIS_URL_LAYERS_PRIVATE: 'on' },
    setUp: async (h) => {
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/halves-dem.tif`;
      await h.project('url-dem');
      expect((await h.admin('POST', '/api/projects/url-dem/plugins', widgetPlugin('heights', HEIGHTS))).status).toBe(201);
      const scene = {
        property: { ...LIGHT_PROPERTY, terrain: { enabled: true, type: 'dem', url } },
        camera: { lng: CENTRE[0], lat: CENTRE[1], height: 60_000, heading: 0, pitch: -90, roll: 0 },
        layers: [],
        widgets: [{ pluginId: 'heights', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/url-dem/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/url-dem/publish')).status).toBe(200);
    },
  });

  it("gives the globe the DEM's heights, loaded and sampled, from the server's range reads of the URL", async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/url-dem`);
    await viewerReady(page);
    const dem = { west: expect.closeTo(10, 0), east: expect.closeTo(200, 0), westSampled: expect.closeTo(10, 0), eastSampled: expect.closeTo(200, 0) };
    await expect.poll(() => reports(t.tab, 'heights/main'), { timeout: 60_000 }).toMatchObject(dem);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((r) => !/^bytes=\d+-\d+$/.test(r))).toEqual([]);
  });
  afterAll(() => void host.close());
});
