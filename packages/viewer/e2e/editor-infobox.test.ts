import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { seriousAxeViolations } from './axe.js';
import { shot } from './shots.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { above, uploadPublic } from './story-fixture.js';
import { viewerReady } from './viewer-pixels.js';

/** One red square over Tokyo with the properties a map maker would have. */
const TOKYO = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { fill: '#ff0000', 'fill-opacity': 1, name: 'Tokyo', population: 8837685, site: 'https://www.metro.tokyo.lg.jp/' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [134, 30],
            [146, 30],
            [146, 40],
            [134, 40],
            [134, 30],
          ],
        ],
      },
    },
  ],
});

interface SavedLayer {
  title: string;
  infobox?: { title?: string; fields?: { label: string; value: string; format?: string }[] };
}

describe('layers and the infobox by hand (docs/contract.md §14)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('cities');
      const [asset] = await uploadPublic(h, 'cities', [{ name: 'tokyo.geojson', content: TOKYO }]);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: above(140, 35, 4_000_000),
        layers: [{ id: 'cities', title: 'tokyo.geojson', type: 'geojson', assetId: asset, visible: true }],
        widgets: [],
        story: { pages: [] },
      };
      expect((await h.admin('PUT', '/api/projects/cities/scene', scene)).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/editor/cities?tab=map#token=${ADMIN_TOKEN}`);
      await viewerReady(tab.page);
    },
  });
  const layer = async () => ((await (await fx.h.admin('GET', '/api/projects/cities/scene')).json()) as { layers: SavedLayer[] }).layers[0]!;

  it('renames the layer in place, picks the infobox title, fields, labels and formats, and the click shows them', async () => {
    const { page } = fx.tab;
    await page.getByTestId('layer-title-cities').fill('Cities');
    await page.getByTestId('layer-title-cities').press('Enter');
    await expect.poll(async () => (await layer()).title, { timeout: 60_000 }).toBe('Cities');
    // An empty name is not a name: the field goes back to the layer's.
    await page.getByTestId('layer-title-cities').fill('  ');
    await page.getByTestId('layer-title-cities').press('Enter');
    expect(await page.getByTestId('layer-title-cities').inputValue()).toBe('Cities');

    await page.getByTestId('infobox-panel-cities').locator('summary').click();
    await page.getByTestId('infobox-title-cities').selectOption('name');
    await page.getByTestId('infobox-label-cities-population').fill('Population');
    await page.getByTestId('infobox-format-cities-population').selectOption('number');
    await page.getByTestId('infobox-format-cities-site').selectOption('url');
    for (const hidden of ['fill', 'fill-opacity', 'name']) await page.getByTestId(`infobox-show-cities-${hidden}`).uncheck();
    // The link first, then the population.
    await page.getByRole('button', { name: 'Move site up' }).click();
    await expect
      .poll(async () => (await layer()).infobox, { timeout: 60_000 })
      .toEqual({
        title: '${name}',
        fields: [
          { label: 'site', value: '${site}', format: 'url' },
          { label: 'Population', value: '${population}', format: 'number' },
        ],
      });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'infobox-panel-640');

    const box = (await page.getByTestId('viewer').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const infobox = page.getByTestId('infobox');
    await infobox.waitFor();
    expect(await infobox.locator('.orbis-infobox-title').textContent()).toBe('Tokyo');
    expect(await infobox.locator('.orbis-infobox-layer').textContent()).toBe('Cities');
    expect(await infobox.locator('dt').allTextContents()).toEqual(['site', 'Population']);
    expect(await infobox.locator('dd').nth(1).textContent()).toBe('8,837,685');
    const link = infobox.locator('dd a');
    expect(await link.getAttribute('href')).toBe('https://www.metro.tokyo.lg.jp/');
    expect(await link.getAttribute('target')).toBe('_blank');
    await shot(page, 'infobox-640');
    // Escape closes the infobox.
    await page.keyboard.press('Escape');
    await expect.poll(() => infobox.isVisible()).toBe(false);
    fx.tab.assertClean();
  });
});
