import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeRaster } from '../../server/src/test/raster-fixtures.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { spread, paletteOf } from '../src/editor/panels/layer/palettes.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';

/*
 * The editor's raster UI (docs/rasters.md): a geotiff layer added from an uploaded GeoTIFF and from a
 * URL, its ramp, breaks, hillshade and opacity, the state of its conversion to tiled levels, and
 * DEM, DEM-by-URL and GSI terrain in the scene settings. Terrain stays off, and the URLs are on
 * 127.0.0.1, which the server's guard refuses unread: nothing leaves the machine.
 */
const SIZE = 1200;

/** A plain GeoTIFF (strips, no overviews) large enough to be converted, over Tokyo Station. */
function plainTiff(): Buffer {
  const values = Array.from({ length: SIZE * SIZE }, (_, i) => (i % SIZE) % 250);
  return readFileSync(writeRaster({ width: SIZE, height: SIZE, bands: [values], type: 'Byte', srs: 'EPSG:4326', ulx: 139.76, uly: 35.69, pixel: 0.00001 }));
}

describe("the editor's raster layers and terrain in Chromium", () => {
  // Room for the editor's panels, no more: the globe beside them draws each frame in software (900×700: 51 s alone, 40 s).
  const fx = useBrowserAndServer({ viewport: { width: 800, height: 560 } });

  it('adds a geotiff layer from an upload and from a URL, styles it, says its conversion waits, and sets DEM and GSI terrain', async () => {
    const { h, tab } = fx;
    await h.project('raster-ui');
    // This server converts nothing from now on: the conversion stays waiting, as a busy server's does.
    h.server.ctx.assets.conversions!.stop();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(plainTiff())]), 'plain.tif');
    form.append('public', 'true');
    const res = await fetch(`${h.url}/api/projects/raster-ui/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    expect(res.status).toBe(201);
    const body = await res.json();
    const assetId = (Array.isArray(body) ? body[0] : body).id as string;
    const scene = {
      property: LIGHT_PROPERTY,
      camera: { lng: 139.766, lat: 35.684, height: 3000, heading: 0, pitch: -90, roll: 0 },
      layers: [],
      widgets: [],
      story: { pages: [] },
    };
    expect((await h.admin('PUT', '/api/projects/raster-ui/scene', scene)).status).toBe(200);
    const saved = async () =>
      (await (await h.admin('GET', '/api/projects/raster-ui/scene')).json()) as { layers: Record<string, unknown>[]; property: Record<string, unknown> };

    const { page } = tab;
    await page.goto(`${h.url}/editor/raster-ui?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });

    // From the upload: a geotiff layer of the asset.
    await page.getByTestId('add-layer-plain.tif').click();
    await expect.poll(async () => (await saved()).layers[0], { timeout: 60_000 }).toMatchObject({ type: 'geotiff', assetId });
    const id = (await saved()).layers[0]!.id as string;
    await page.getByTestId(`raster-style-${id}`).locator('summary').click();
    await expect
      .poll(() => page.getByTestId(`raster-conversion-${id}`).textContent(), { timeout: 60_000 })
      .toBe('Its overviews wait to be built; the file is shown as it is meanwhile.');

    // Its style: a ramp with a break, a hillshade, half opacity.
    await page.getByTestId(`raster-ramp-${id}`).selectOption('Viridis');
    await page.getByTestId(`raster-breaks-${id}`).fill('100');
    await page.getByTestId(`raster-breaks-${id}`).press('Enter');
    await page.getByTestId(`raster-hillshade-${id}`).check();
    await page.getByTestId(`raster-opacity-${id}`).fill('0.5');
    await page.getByTestId(`raster-opacity-${id}`).dispatchEvent('change');
    await expect
      .poll(async () => (await saved()).layers[0]!.data, { timeout: 60_000 })
      .toEqual({ ramp: spread(paletteOf('Viridis', 'sequential'), 2), breaks: [100], hillshade: true, opacity: 0.5 });

    // From a URL.
    const ortho = 'http://127.0.0.1:9/ortho-cog.tif';
    await page.getByLabel('Layer type').selectOption('geotiff');
    await page.getByTestId('layer-url').fill(ortho);
    await page.getByTestId('add-url-layer').click();
    await expect.poll(async () => (await saved()).layers[1], { timeout: 60_000 }).toMatchObject({ type: 'geotiff', url: ortho });

    // Terrain: the uploaded DEM, a DEM by URL, GSI's tiles.
    const source = page.getByTestId('terrain-source');
    await source.selectOption(`dem:${assetId}`);
    await expect.poll(async () => (await saved()).property.terrain, { timeout: 60_000 }).toMatchObject({ type: 'dem', assetId });
    await source.selectOption('dem-url');
    const dem = 'http://127.0.0.1:9/dem-cog.tif';
    await page.getByTestId('terrain-url').fill(dem);
    await page.getByTestId('terrain-url').press('Enter');
    await expect.poll(async () => (await saved()).property.terrain, { timeout: 60_000 }).toEqual({ enabled: false, type: 'dem', url: dem });
    await source.selectOption('gsi');
    await expect.poll(async () => (await saved()).property.terrain, { timeout: 60_000 }).toEqual({ enabled: false, type: 'gsi' });
  });
});
