import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { chartsPlugin, ONE_POINT } from './block-fixture.js';
import { shot } from './shots.js';
import { emptyScene, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { viewerReady } from './viewer-pixels.js';

/** A block that shows its text setting. */
const BLOCK = `
const draw = () => app.ui.show('<p>' + ((app.extension.block.property.default || {}).text || 'no text') + '</p>', { height: 30 });
draw();
app.ui.on('update', draw);
`;
const SCHEMA = { groups: [{ id: 'default', title: 'Block', fields: [{ id: 'text', type: 'string', title: 'Text' }] }] };
const PLUGIN = chartsPlugin({ driver: '', bars: BLOCK, note: BLOCK }, SCHEMA);

interface Saved {
  layers: { infobox?: { blocks?: unknown[] } }[];
  story: { pages: { blocks?: unknown[] }[] };
}

describe('the editor places plugin blocks in a layer`s infobox and on a story page (docs/contract.md §8)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('edblocks');
      const assetId = await uploadPublicAsset(h, 'edblocks', 'points.geojson', ONE_POINT);
      expect((await h.admin('POST', '/api/projects/edblocks/plugins', PLUGIN)).status).toBe(201);
      const scene = emptyScene();
      const pages = [{ id: 'p1', title: 'One', text: 'Text.', camera: scene.camera }];
      const layer = { id: 'pts', title: 'Points', type: 'geojson', assetId, visible: true };
      expect((await h.admin('PUT', '/api/projects/edblocks/scene', { ...scene, layers: [layer], story: { pages } })).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/editor/edblocks?tab=map#token=${ADMIN_TOKEN}`);
      await viewerReady(tab.page);
    },
  });
  const saved = async () => (await (await fx.h.admin('GET', '/api/projects/edblocks/scene')).json()) as Saved;

  it('adds, sets, orders and removes infobox blocks, which run in the open infobox, and adds a story block', async () => {
    const { page } = fx.tab;
    await page.getByTestId('infobox-panel-pts').locator('summary').click();
    const blocks = (name: string) => page.getByTestId(`infobox-blocks-pts-${name}`);
    // Only infobox blocks are offered: the plugins', then Re:Earth's built-in ones (docs/viewer.md).
    expect(await blocks('pick').locator('option').allTextContents()).toEqual(['Bars (charts)', 'Property list', 'Text', 'Image', 'Markdown', 'Video', 'Link']);
    await blocks('add').click();
    await blocks('add').click();
    await expect
      .poll(async () => (await saved()).layers[0]!.infobox?.blocks, { timeout: 60_000 })
      .toEqual([
        { pluginId: 'charts', extensionId: 'bars' },
        { pluginId: 'charts', extensionId: 'bars' },
      ]);
    // The first block added starts the plugins; the driver opens the infobox, where both blocks draw.
    const frames = page.locator('[data-testid="infobox-blocks"] iframe.orbis-block');
    await expect.poll(() => frames.count(), { timeout: 60_000 }).toBe(2);

    await blocks('settings-1').locator('summary').click();
    await blocks('settings-1-default-text').fill('second');
    await blocks('settings-1-save').click();
    await shot(page, 'editor-blocks-infobox');
    await blocks('up-1').click();
    await expect
      .poll(async () => (await saved()).layers[0]!.infobox?.blocks, { timeout: 60_000 })
      .toEqual([
        { pluginId: 'charts', extensionId: 'bars', property: { default: { text: 'second' } } },
        { pluginId: 'charts', extensionId: 'bars' },
      ]);
    // Moved to the first place, it runs there with its text.
    const first = page.frameLocator('[data-testid="infobox-blocks"] iframe.orbis-block[data-plugin="charts/bars/infobox-pts-0"]');
    await expect.poll(() => first.locator('p').textContent(), { timeout: 30_000 }).toBe('second');
    await blocks('remove-1').click();
    await expect.poll(async () => (await saved()).layers[0]!.infobox?.blocks?.length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => frames.count(), { timeout: 30_000 }).toBe(1);

    // Re:Earth's built-in text block: saved in Re:Earth's form, drawn by the page after the plugin's frame.
    await blocks('pick').selectOption('reearth/textInfoboxBetaBlock');
    await blocks('add').click();
    await blocks('settings-1').locator('summary').click();
    await blocks('settings-1-default-text').fill("${name} + ' (' + ${a} + ')'");
    await blocks('settings-1-save').click();
    await expect
      .poll(async () => (await saved()).layers[0]!.infobox?.blocks?.[1], { timeout: 60_000 })
      .toEqual({ pluginId: 'reearth', extensionId: 'textInfoboxBetaBlock', property: { default: { text: { value: "${name} + ' (' + ${a} + ')'" } } } });
    const text = page.locator('[data-testid="infobox-blocks"] > [data-block="reearth/textInfoboxBetaBlock"]');
    await expect.poll(() => text.textContent(), { timeout: 30_000 }).toBe('One (3)');
    expect(await page.locator('[data-testid="infobox-blocks"] > *').evaluateAll((els) => els.map((e) => e.getAttribute('data-block')))).toEqual([
      expect.stringContaining('charts/bars'),
      'reearth/textInfoboxBetaBlock',
    ]);
    await blocks('remove-1').click();
    await expect.poll(() => text.count(), { timeout: 30_000 }).toBe(0);

    await page.getByTestId('tab-story').click();
    await page.getByTestId('story-expand-p1').click();
    expect(await page.getByTestId('story-blocks-p1-pick').locator('option').allTextContents()).toEqual(['Note (charts)']);
    await page.getByTestId('story-blocks-p1-add').click();
    await expect.poll(async () => (await saved()).story.pages[0]!.blocks, { timeout: 60_000 }).toEqual([{ pluginId: 'charts', extensionId: 'note' }]);
    await page.getByTestId('story-blocks-p1-remove-0').click();
    await expect.poll(async () => (await saved()).story.pages[0]!.blocks, { timeout: 60_000 }).toBeUndefined();
    await shot(page, 'editor-blocks-story');
    fx.tab.assertClean();
  });
});
