import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, reports, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { CENTRE, halves, HEIGHTS, overThePlace } from './raster-places.js';
import { colorAt, viewerReady, waitForPixels } from './viewer-pixels.js';

/*
 * docs/contract.md §17 on the published page: a one-band GeoTIFF in JGD2011 plane zone IX (EPSG:6677) around
 * Tokyo Station, 40 km across, its western half 10 and its eastern half 200, coloured by a ramp
 * with one break (red below 100, blue from 100). The camera looks straight down at its centre.
 * The same file is the terrain (type "dem"): 10 m high in the west, 200 m in the east.
 */

/** A DEM of the same place, finer: flat (10 m) in the west, rising 20 m a pixel of 78.125 m to the east in the east (a slope of 14.4°, facing west). */
const RELIEF = 512;
function relief(): Buffer {
  return overThePlace(
    Array.from({ length: RELIEF * RELIEF }, (_, i) => (i % RELIEF < RELIEF / 2 ? 10 : 10 + ((i % RELIEF) - RELIEF / 2) * 20)),
    RELIEF,
    'Float32',
  );
}

describe('a geotiff layer drawn from the tiles the server cuts (docs/contract.md §17)', () => {
  const t = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('rasters');
      const assetId = await uploadPublicAsset(h, 'rasters', 'halves.tif', halves());
      expect((await h.admin('POST', '/api/projects/rasters/plugins', widgetPlugin('heights', HEIGHTS))).status).toBe(201);
      const scene = {
        property: { ...LIGHT_PROPERTY, terrain: { enabled: true, type: 'dem', assetId } },
        camera: { lng: CENTRE[0], lat: CENTRE[1], height: 60_000, heading: 0, pitch: -90, roll: 0 },
        layers: [{ id: 'halves', title: 'Halves', type: 'geotiff', assetId, visible: true, data: { ramp: ['#ff0000', '#0000ff'], breaks: [100] } }],
        widgets: [{ pluginId: 'heights', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/rasters/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/rasters/publish')).status).toBe(200);
      // The relief DEM as a hillshade, on a page of its own.
      await h.project('relief');
      const reliefId = await uploadPublicAsset(h, 'relief', 'relief.tif', relief());
      const shaded = {
        ...scene,
        property: LIGHT_PROPERTY,
        widgets: [],
        layers: [{ id: 'relief', title: 'Relief', type: 'geotiff', assetId: reliefId, visible: true, data: { hillshade: true } }],
      };
      expect((await h.admin('PUT', '/api/projects/relief/scene', shaded)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/relief/publish')).status).toBe(200);
    },
  });

  it('shades a DEM as gdaldem does: flat ground grey 180 (cos 45°), the slope facing west towards the north-west sun lighter (206)', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/relief`);
    await viewerReady(page);
    const grey = (c: number[], level: number) => Math.abs(c[0]! - level) <= 8 && Math.abs(c[1]! - level) <= 8 && Math.abs(c[2]! - level) <= 8;
    await waitForPixels(page, (p) => grey(colorAt(p, 0.4, 0.5), 180) && grey(colorAt(p, 0.6, 0.5), 206), 'grey 180 west of the centre, 206 east of it');
  });

  it("draws the western half red and the eastern half blue where they lie, with the ramp's legend, on the DEM's terrain", async () => {
    const { page } = t.tab;
    const tiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/p/rasters/rasters/')) tiles.push(request.url());
    });
    await page.goto(`${t.h.url}/p/rasters`);
    await viewerReady(page);
    const red = (c: number[]) => c[0]! > 200 && c[1]! < 60 && c[2]! < 60;
    const blue = (c: number[]) => c[2]! > 200 && c[0]! < 60 && c[1]! < 60;
    await waitForPixels(page, (p) => red(colorAt(p, 0.4, 0.5)) && blue(colorAt(p, 0.6, 0.5)), 'red west of the centre, blue east of it');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.filter((url) => !/\/api\/p\/rasters\/rasters\/[0-9A-Z]+\/\d+\/\d+\/\d+\.png\?ramp=ff0000(,|%2C)0000ff&breaks=100$/.test(url))).toEqual([]);
    const rows = page.getByTestId('legend-row');
    expect(await rows.allTextContents()).toEqual(['< 100', '≥ 100']);
    // The terrain is the DEM's: its heights within the few centimetres of CesiumJS's mesh, loaded (getGlobeHeight) and sampled (getTerrainHeightAsync).
    const dem = { west: expect.closeTo(10, 0), east: expect.closeTo(200, 0), westSampled: expect.closeTo(10, 0), eastSampled: expect.closeTo(200, 0) };
    await expect.poll(() => reports(t.tab, 'heights/main'), { timeout: 60_000 }).toMatchObject(dem);

    // A click on the raster shows the pixel's value (the file's, exact) in the infobox (docs/contract.md §17).
    const box = (await page.getByTestId('viewer').boundingBox())!;
    const infobox = page.getByTestId('infobox');
    for (const [at, value] of [
      [0.4, '10'],
      [0.6, '200'],
    ] as const) {
      await page.mouse.click(box.x + box.width * at, box.y + box.height / 2);
      await expect.poll(() => infobox.locator('dd').allTextContents(), { timeout: 30_000 }).toEqual([value]);
      expect(await infobox.locator('dt').allTextContents()).toEqual(['Band 1']);
      expect(await infobox.locator('.orbis-infobox-layer').textContent()).toBe('Halves');
    }
  });
});
