import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { useBrowserAndServer } from './fixture.js';
import { isCloseTo, type Rgba } from './pixels.js';
import { colorAt, viewerReady, waitForPixels } from './viewer-pixels.js';

/** A GeoJSON polygon filled opaque red (simplestyle), between the given degrees. */
function redZone(west: number, south: number, east: number, north: number): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'red zone', fill: '#ff0000', 'fill-opacity': 1, stroke: '#ff0000' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [west, south],
              [east, south],
              [east, north],
              [west, north],
              [west, south],
            ],
          ],
        },
      },
    ],
  });
}

const RED: [number, number, number] = [255, 0, 0];
/** In the editor's narrow viewer, a point on the globe north of the layer (the globe spans about 0.23–0.77). */
const NORTH = 0.32;

const ready = viewerReady;

const isRed = (c: Rgba) => isCloseTo(c, RED, 60);
/** Whether one channel clearly leads: lighting and atmosphere shift exact colours, not which hue wins. */
const leads = (c: Rgba, channel: 0 | 1 | 2) => [0, 1, 2].every((i) => i === channel || c[channel] > c[i]! + 60);

describe('the viewer in Chromium', () => {
  const fx = useBrowserAndServer();

  it("shows the published page: the layer's colour where the layer is, the base imagery where it is not", async () => {
    const { h } = fx;
    await h.project('red');
    const form = new FormData();
    form.append('public', 'true');
    form.append('file', new Blob([redZone(135, 31, 145, 40)]), 'zone.geojson');
    const [asset] = [
      await (await fetch(`${h.url}/api/projects/red/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form })).json(),
    ];
    const scene = {
      property: { globe: { showGroundAtmosphere: false }, scene: { fog: false } },
      camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
      layers: [{ id: 'zone', title: 'Zone', type: 'geojson', assetId: asset.id, visible: true }],
      widgets: [],
      story: { pages: [] },
    };
    expect((await h.admin('PUT', '/api/projects/red/scene', scene)).status).toBe(200);
    expect((await h.admin('POST', '/api/projects/red/publish')).status).toBe(200);

    const tab = await fx.open();
    await tab.page.goto(`${h.url}/p/red`);
    await ready(tab.page);
    const pixels = await waitForPixels(tab.page, (p) => isRed(colorAt(p, 0.5, 0.5)), 'the layer is red at the centre');
    // A quarter of the way up: the globe's imagery, neither the layer nor empty space.
    const beside = colorAt(pixels, 0.5, 0.2);
    expect(isRed(beside), `beside the layer: ${beside}`).toBe(false);
    expect(beside[0] + beside[1] + beside[2], `beside the layer: ${beside}`).toBeGreaterThan(60);
    tab.assertClean();

    const gone = await fetch(`${h.url}/p/never-published`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Not published');
  });

  it('edits a scene as a person would: upload, add as a layer, change imagery and globe, publish', async () => {
    const { h } = fx;
    await h.project('ed');
    const tab = await fx.open();
    const { page } = tab;
    await page.goto(`${h.url}/editor/ed?tab=map#token=${ADMIN_TOKEN}`);
    await ready(page);
    // The token leaves the address bar and is remembered.
    expect(new URL(page.url()).hash).toBe('');

    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'zone.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(redZone(130, 28, 150, 44)) });
    await page.getByTestId('add-layer-zone.geojson').click();
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    await waitForPixels(page, (p) => isRed(colorAt(p, 0.5, 0.5)), 'the uploaded layer shows in red');

    // Imagery off: the globe's own colour shows beside the layer; then a colour of our choosing.
    await page.getByTestId('imagery-show').uncheck();
    await waitForPixels(page, (p) => leads(colorAt(p, 0.5, NORTH), 2), 'without imagery the globe shows its (blue) base colour');
    await page.getByTestId('globe-color').fill('#00ff00');
    await waitForPixels(page, (p) => leads(colorAt(p, 0.5, NORTH), 1), 'the globe turns green');
    await page.getByTestId('sky-atmosphere').uncheck();
    await page.getByTestId('terrain-enabled').check();
    // Saving is debounced: ask the server until it has the edits.
    const savedScene = async () => (await h.admin('GET', '/api/projects/ed/scene')).json();
    await expect
      .poll(async () => (await savedScene()).property, { timeout: 60_000 })
      .toMatchObject({ tiles: [], globe: { baseColor: '#00ff00' }, sky: { atmosphere: false }, terrain: { enabled: true } });
    expect((await savedScene()).layers).toMatchObject([{ title: 'zone.geojson', type: 'geojson', visible: true }]);
    tab.assertClean();

    // Publish from the publish tab, then open the published page.
    await page.goto(`${h.url}/editor/ed?tab=publish`);
    await ready(page);
    await page.getByTestId('publish').click();
    const link = page.getByTestId('published-link');
    await link.filter({ hasText: '/p/ed' }).waitFor();
    const published = await fx.open();
    await published.page.goto((await link.getAttribute('href'))!);
    await ready(published.page);
    await waitForPixels(published.page, (p) => isRed(colorAt(p, 0.5, 0.5)) && leads(colorAt(p, 0.5, NORTH), 1), 'the published page shows the same');
    published.assertClean();
    tab.assertClean();
  });
});
