import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';
import type { TestPage } from './browser.js';

/**
 * docs/collaboration.md, "The editor's saves": two people add a different layer to one map at the
 * same moment, in two browsers; neither save wipes the other's layer, and each editor shows both.
 */
describe('two editors, one map: no layer is lost', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('team');
      expect((await h.admin('PUT', '/api/projects/team/scene', emptyScene())).status).toBe(200);
    },
  });
  const open = async (tab: TestPage) => {
    await tab.page.goto(`${fx.h.url}/editor/team?tab=map#token=${ADMIN_TOKEN}`);
    await tab.page.getByTestId('map-panel').waitFor();
  };
  const addUrlLayer = async (tab: TestPage, url: string) => {
    await tab.page.getByTestId('layer-url').fill(url);
    await tab.page.getByTestId('add-url-layer').click();
  };
  const titles = (tab: TestPage) => tab.page.locator('[data-testid^="layer-title-"]').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value).sort());
  const storedTitles = async () => ((await (await fx.h.admin('GET', '/api/projects/team/scene')).json()) as { layers: { title: string }[] }).layers.map((l) => l.title).sort();

  it('keeps both layers added at once, in both editors and after a reload', async () => {
    const a = fx.tab;
    const b = await fx.open();
    await Promise.all([open(a), open(b)]);
    // Both add before either save reaches the server: each editor's scene lacks the other's layer.
    await Promise.all([addUrlLayer(a, `${fx.h.url}/from-a.geojson`), addUrlLayer(b, `${fx.h.url}/from-b.geojson`)]);
    await expect.poll(storedTitles, { timeout: 60_000 }).toEqual(['from-a.geojson', 'from-b.geojson']);
    // The later save met the earlier one (412), merged it and shows it; the other sees it after a reload.
    await expect.poll(() => Promise.all([titles(a), titles(b)]).then((both) => both.some((t) => t.length === 2)), { timeout: 60_000 }).toBe(true);
    // A reload (the admin token stays in the tab's storage).
    await Promise.all([a, b].map(async (tab) => (await tab.page.reload(), await tab.page.getByTestId('map-panel').waitFor())));
    expect(await titles(a)).toEqual(['from-a.geojson', 'from-b.geojson']);
    expect(await titles(b)).toEqual(['from-a.geojson', 'from-b.geojson']);
    a.assertClean();
    b.assertClean();
  });
});
