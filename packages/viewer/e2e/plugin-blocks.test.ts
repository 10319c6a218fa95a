import { describe, expect, it } from 'vitest';
import { chartsPlugin, ONE_POINT } from './block-fixture.js';
import { shot } from './shots.js';
import { emptyScene, reports, SAY, uploadPublicAsset, useBrowserAndServer } from './fixture.js';

/** Reports itself, the selected feature, and the frame's answer; its UI is `height` pixels high. */
const block = (height: number) => `
${SAY}
const me = app.extension.block;
say('widget', app.extension.widget === undefined);
say('block', me);
say('layer', me.layer ? me.layer.id : null);
say('feature', app.layers.selectedFeature ? app.layers.selectedFeature.properties : null);
app.ui.on('message', (m) => say('drawn', m));
app.ui.show('<p id="shown">' + me.extensionId + ' ' + me.property.default.text + '</p><script>parent.postMessage(document.getElementById("shown").textContent, "*")</script>', { height: ${height} });
`;

/** Reports which extensions run, as they change. */
const DRIVER = `
${SAY}
let last = '';
setInterval(() => {
  const ids = app.extension.list.map((e) => e.id).sort().join(' ');
  if (ids !== last) say('running', (last = ids));
}, 50);
`;
const PLUGIN = chartsPlugin({ driver: DRIVER, bars: block(60), note: block(40) });

const INFOBOX_BLOCK = 'charts/bars/infobox-pts-0';
const STORY_BLOCK = 'charts/note/story-p1-0';

describe('docs/contract.md §8: infobox and story blocks run on the published page', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('blocks');
      const assetId = await uploadPublicAsset(h, 'blocks', 'points.geojson', ONE_POINT);
      expect((await h.admin('POST', '/api/projects/blocks/plugins', PLUGIN)).status).toBe(201);
      const scene = emptyScene();
      const camera = scene.camera;
      const layer = {
        id: 'pts',
        title: 'Points',
        type: 'geojson',
        assetId,
        visible: true,
        infobox: { title: '${name}', blocks: [{ pluginId: 'charts', extensionId: 'bars', property: { default: { text: 'in the infobox' } } }] },
      };
      const pages = [
        {
          id: 'p1',
          title: 'With a block',
          text: 'Text first.',
          camera,
          blocks: [{ pluginId: 'charts', extensionId: 'note', property: { default: { text: 'on the page' } } }],
        },
        { id: 'p2', title: 'Without', text: 'No blocks here.', camera },
      ];
      expect((await h.admin('PUT', '/api/projects/blocks/scene', { ...scene, layers: [layer], story: { pages } })).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/blocks/publish')).status).toBe(200);
    },
  });

  it('starts each block where it shows, with its property and feature, draws its UI there, and stops it when it goes', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/p/blocks`);
    const bars = () => reports(fx.tab, 'charts/bars');
    const note = () => reports(fx.tab, 'charts/note');
    // The story's first page shows its block after the text; the driver's selection opens the infobox with its block.
    await expect.poll(() => note().drawn, { timeout: 120_000 }).toBe('note on the page');
    await expect.poll(() => bars().drawn, { timeout: 60_000 }).toBe('bars in the infobox');
    expect(bars()).toMatchObject({
      widget: true,
      block: { id: INFOBOX_BLOCK, pluginId: 'charts', extensionId: 'bars', property: { default: { text: 'in the infobox' } } },
      feature: { name: 'One', a: 3, b: 7 },
    });
    // An infobox block reads its layer (Re:Earth's block.layer); a story block has none.
    expect([bars().layer, note().layer]).toEqual(['pts', null]);
    expect(note()).toMatchObject({
      widget: true,
      block: { id: STORY_BLOCK, pluginId: 'charts', extensionId: 'note', property: { default: { text: 'on the page' } } },
    });
    // The driver reads the list every 50 ms in its own worker: it may see the infobox's block after the block drew.
    await expect.poll(() => reports(fx.tab, 'charts/driver').running, { timeout: 30_000 }).toBe(['charts/driver', INFOBOX_BLOCK, STORY_BLOCK].sort().join(' '));

    // Each frame sits in its panel, after the panel's own content, as wide as the panel and as high as it asked.
    const infoboxFrame = page.locator(`[data-testid="infobox-blocks"] iframe.orbis-block[data-plugin="${INFOBOX_BLOCK}"]`);
    const storyFrame = page.locator(`[data-testid="story-blocks"] iframe.orbis-block[data-plugin="${STORY_BLOCK}"]`);
    const boxOf = async (selector: string) => (await page.locator(selector).boundingBox())!;
    expect((await infoboxFrame.boundingBox())!.height).toBe(60);
    expect((await infoboxFrame.boundingBox())!.width).toBe((await boxOf('[data-testid="infobox-blocks"]')).width);
    expect((await storyFrame.boundingBox())!.height).toBe(40);
    expect((await storyFrame.boundingBox())!.y).toBeGreaterThan((await boxOf('[data-testid="story-text"]')).y);
    await shot(page, 'plugin-blocks');

    // Closing the infobox stops its block; leaving the page stops the story's.
    await page.getByTestId('infobox').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => reports(fx.tab, 'charts/driver').running, { timeout: 30_000 }).toBe(['charts/driver', STORY_BLOCK].sort().join(' '));
    expect(await infoboxFrame.count()).toBe(0);
    await page.getByTestId('story-next').click();
    await expect.poll(() => reports(fx.tab, 'charts/driver').running, { timeout: 30_000 }).toBe('charts/driver');
    expect(await storyFrame.count()).toBe(0);
    fx.tab.assertClean();
  });
});
