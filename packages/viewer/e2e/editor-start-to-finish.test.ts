import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';
import { viewerReady } from './viewer-pixels.js';

/*
 * Issue 29's task from start to finish, through the UI only, in two page loads: upload a file of
 * cafés with a rating, add it as a layer, rename it, colour it by classes of the rating, add a
 * story page, publish, and open the published page, whose legend reads the classes in words.
 */
const ratings = [2.5, 3, 3.5, 4, 4.5, 5];
const cafes = {
  type: 'FeatureCollection',
  features: ratings.map((rating, i) => ({
    type: 'Feature',
    properties: { name: `Café ${i + 1}`, rating },
    geometry: { type: 'Point', coordinates: [139.7 + i * 0.01, 35.68] },
  })),
};

interface Saved {
  layers: { id: string; title: string; appearance?: { marker?: { pointColor?: { conditions: [string, string][] } } } }[];
  story: { pages: { id: string }[] };
}

describe('a map maker, start to finish in the editor (issue 29)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('cafes');
      // A scene without atmosphere or fog (the fixture's LIGHT_PROPERTY): frames cost a software GPU a third.
      expect(
        (await h.admin('PUT', '/api/projects/cafes/scene', emptyScene({ lng: 139.72, lat: 35.68, height: 20_000, heading: 0, pitch: -90, roll: 0 }))).status,
      ).toBe(200);
    },
  });

  it('uploads, adds, renames and styles a layer, adds a story page, publishes and opens the page', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    const saved = async () => (await (await h.admin('GET', '/api/projects/cafes/scene')).json()) as Saved;
    await page.goto(`${h.url}/editor/cafes?tab=map#token=${ADMIN_TOKEN}`);
    await viewerReady(page);

    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'tokyo-cafes.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(cafes)) });
    await page.getByTestId('add-layer-tokyo-cafes.geojson').click();
    await expect.poll(async () => (await saved()).layers.length, { timeout: 60_000 }).toBe(1);
    const { id } = (await saved()).layers[0]!;

    // Renamed in place: the legend and the infobox take the new name.
    await page.getByTestId(`layer-title-${id}`).fill('Cafés');
    await page.getByTestId(`layer-title-${id}`).press('Enter');
    await expect.poll(async () => (await saved()).layers[0]!.title, { timeout: 60_000 }).toBe('Cafés');

    // Points only; three classes of the rating, read as the legend reads them.
    await page.getByTestId(`style-panel-${id}`).locator('summary').click();
    await expect.poll(() => page.getByTestId(`style-target-${id}`).locator('option').allTextContents()).toEqual(['Points']);
    await page.getByTestId(`style-mode-${id}`).selectOption('graduated');
    await page.getByTestId(`style-classes-${id}`).selectOption('3');
    await page.getByTestId(`style-property-${id}`).selectOption('rating');
    const labels = ['rating < 3.5', 'rating 3.5–4.5', 'rating ≥ 4.5'];
    expect(await page.getByTestId(`style-classes-list-${id}`).locator('li').allTextContents()).toEqual(labels);
    await expect
      .poll(async () => (await saved()).layers[0]!.appearance?.marker?.pointColor?.conditions.map(([c]) => c), { timeout: 60_000 })
      .toEqual(['${rating} < 3.5', '${rating} >= 3.5 && ${rating} < 4.5', '${rating} >= 4.5']);
    await shot(page, 'start-to-finish-style');

    await page.getByTestId('tab-story').click();
    await page.getByTestId('story-add').click();
    await expect.poll(async () => (await saved()).story.pages.length, { timeout: 60_000 }).toBe(1);

    await page.getByTestId('tab-publish').click();
    await page.getByTestId('publish').click();
    const link = page.getByTestId('published-link').filter({ hasText: '/p/cafes' });
    await link.waitFor({ timeout: 60_000 });
    tab.assertClean();

    // The published page: the layer under its new name, its legend in words.
    await page.goto((await link.getAttribute('href'))!);
    await viewerReady(page);
    const legend = page.getByTestId('legend');
    await expect.poll(() => legend.isHidden()).toBe(false);
    const text = (await legend.textContent()) ?? '';
    expect(text).toContain('Cafés');
    for (const label of labels) expect(text).toContain(label);
    expect(text).not.toContain('other');
    tab.assertClean();
  });
});
