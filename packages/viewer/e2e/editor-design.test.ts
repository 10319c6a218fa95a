import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_IMAGE } from '../../server/src/http/pages/share-image.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { seriousAxeViolations } from './axe.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { above, BLUE_AT, RED_AT, square, uploadPublic } from './story-fixture.js';
import { viewerReady } from './viewer-pixels.js';

/** Drags one element onto another with the mouse in small steps, as a hand would (HTML5 drag and drop starts after the first moves). */
async function drag(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId(from).scrollIntoViewIfNeeded();
  const a = (await page.getByTestId(from).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  const b = (await page.getByTestId(to).boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

interface SavedScene {
  camera: { lng: number };
  layers: { id: string }[];
  story: { pages: { id: string; title: string; text: string; camera: { lng: number; lat: number }; layers?: string[] }[] };
  widgets: { enabled: boolean }[];
}

/** A widget plugin that shows a small UI frame. */
const WIDGET = {
  manifest: { id: 'badge', name: 'Badge', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Badge' }] },
  files: { 'main.js': `app.ui.show('<p>badge</p>', { width: 120, height: 40 });` },
};

describe('the editor: story cards, drag and drop, publish and share, axe-core on every tab', () => {
  let page: Page;
  const saved = async () => (await (await fx.h.admin('GET', '/api/projects/studio/scene')).json()) as SavedScene;
  const openTab = async (name: string) => {
    await page.goto(`${fx.h.url}/editor/studio?tab=${name}`);
    await viewerReady(page);
  };

  const fx = useBrowserAndServer({
    viewport: { width: 900, height: 640 },
    setUp: async (h) => {
      await h.project('studio');
      const [red, blue] = await uploadPublic(h, 'studio', [
        { name: 'red.geojson', content: square('#ff0000', RED_AT[0], RED_AT[1], 6) },
        { name: 'blue.geojson', content: square('#0000ff', BLUE_AT[0], BLUE_AT[1], 6) },
      ]);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: above(RED_AT[0], RED_AT[1]),
        layers: [
          { id: 'red', title: 'Red', type: 'geojson', assetId: red, visible: true },
          { id: 'blue', title: 'Blue', type: 'geojson', assetId: blue, visible: true },
        ],
        widgets: [],
        story: {
          pages: [
            { id: 'one', title: 'One', text: 'First', camera: above(RED_AT[0], RED_AT[1]) },
            { id: 'two', title: 'Two', text: 'Second', camera: above(BLUE_AT[0], BLUE_AT[1]) },
          ],
        },
      };
      expect((await h.admin('PUT', '/api/projects/studio/scene', scene)).status).toBe(200);
    },
    onPage: async (tab, h) => {
      page = tab.page;
      await page.goto(`${h.url}/editor/studio?tab=story#token=${ADMIN_TOKEN}`);
      await viewerReady(page);
    },
  });

  it('edits the story: drag and keyboard reordering, live Markdown preview, use this view, per-page layers, preview in place', async () => {
    expect(await seriousAxeViolations(page)).toEqual([]);
    const order = async () => (await saved()).story.pages.map((p) => p.id);

    // Drag page two onto page one: two comes first.
    await drag(page, 'story-handle-two', 'story-handle-one');
    await expect.poll(order, { timeout: 60_000 }).toEqual(['two', 'one']);
    // The keyboard does the same from the handle.
    await page.getByTestId('story-handle-two').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(order, { timeout: 60_000 }).toEqual(['one', 'two']);
    expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('story-handle-two');

    // Cards open to edit them.
    await page.getByTestId('story-expand-one').click();
    expect(await page.getByTestId('story-expand-one').getAttribute('aria-expanded')).toBe('true');
    // Markdown previews as it is typed, sanitized; it is saved when the field is left.
    const text = page.getByTestId('story-text-one');
    await text.fill('**Bold** and <img src=x onerror="window.__pwned=1"> [x](javascript:window.__pwned=2)');
    const preview = page.getByTestId('story-preview-one');
    expect(await preview.locator('strong').textContent()).toBe('Bold');
    expect(await preview.locator('img, [onerror], a[href^="javascript"]').count()).toBe(0);
    await text.blur();
    await expect.poll(async () => (await saved()).story.pages[0]!.text, { timeout: 60_000 }).toContain('**Bold**');

    // Show page two (the blue place), then keep that view for page one.
    await page.getByTestId('story-expand-two').click();
    await page.getByTestId('story-show-two').click();
    // The flight takes 1.5 s of drawn frames, and "Use this view" keeps the camera of the last frame drawn: on a
    // loaded machine it may still be on its way, so the view is taken again until the saved one is page two's.
    await expect
      .poll(
        async () => {
          await page.getByTestId('story-use-view-one').click();
          return Math.round((await saved()).story.pages[0]!.camera.lng);
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(BLUE_AT[0]);

    // Page one sets its layers: only blue.
    await page.getByTestId('story-sets-layers-one').check();
    await expect.poll(async () => (await saved()).story.pages[0]!.layers, { timeout: 60_000 }).toEqual(['red', 'blue']);
    await page.getByTestId('story-layer-one-red').uncheck();
    await expect.poll(async () => (await saved()).story.pages[0]!.layers, { timeout: 60_000 }).toEqual(['blue']);

    // The preview plays the story over the editor's globe with the published panel.
    await page.getByTestId('story-preview').click();
    const overlay = page.getByTestId('story-preview-overlay');
    await expect.poll(() => overlay.getByTestId('story-title').textContent()).toBe('One');
    await overlay.getByTestId('story-next').click();
    await expect.poll(() => overlay.getByTestId('story-title').textContent()).toBe('Two');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('story-preview-close').click();
    expect(await overlay.count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    fx.tab.assertClean();
  });

  it('reorders layers by dragging in the Map tab', async () => {
    await openTab('map');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await drag(page, 'layer-handle-blue', 'layer-handle-red');
    await expect.poll(async () => (await saved()).layers.map((l) => l.id), { timeout: 60_000 }).toEqual(['blue', 'red']);
    await page.getByTestId('layer-handle-blue').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await saved()).layers.map((l) => l.id), { timeout: 60_000 }).toEqual(['red', 'blue']);
    fx.tab.assertClean();
  });

  it('applies widget changes at once, without a reload', async () => {
    expect((await fx.h.admin('POST', '/api/projects/studio/plugins', WIDGET)).status).toBe(201);
    await openTab('widgets');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const frames = page.locator('.orbis-widget');
    await expect.poll(() => frames.count(), { timeout: 60_000 }).toBe(1);
    await page.evaluate('window.__sameDocument = true');
    await page.getByTestId('widget-enabled-badge-main').uncheck();
    await expect.poll(() => frames.count(), { timeout: 30_000 }).toBe(0);
    await page.getByTestId('widget-enabled-badge-main').check();
    await expect.poll(() => frames.count(), { timeout: 60_000 }).toBe(1);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    fx.tab.assertClean();
  });

  it('passes axe-core on the Content tab too', async () => {
    await openTab('content');
    await page.getByTestId('content-panel').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    fx.tab.assertClean();
  });

  it('publishes with a description and the globe as the sharing image, and shows the link and the embed code', async () => {
    await openTab('publish');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('project-description').fill('Two squares, far apart');
    await page.getByTestId('project-description').blur();
    await expect
      .poll(async () => ((await (await fx.h.admin('GET', '/api/projects/studio')).json()) as { description: string }).description, { timeout: 60_000 })
      .toBe('Two squares, far apart');
    await page.getByTestId('publish').click();
    const link = page.getByTestId('published-link');
    await link.filter({ hasText: '/p/studio' }).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('embed-snippet').inputValue()).toBe(
      `<iframe src="${fx.h.url}/p/studio" title="studio" width="100%" height="480" style="border:0" loading="lazy" allowfullscreen></iframe>`,
    );

    const html = await (await fx.h.get('/p/studio')).text();
    expect(html).toContain('<meta property="og:description" content="Two squares, far apart">');
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)![1]!.replace(/&amp;/g, '&');
    const png = Buffer.from(await (await fetch(image)).arrayBuffer());
    expect(png.equals(readFileSync(DEFAULT_SHARE_IMAGE))).toBe(false);
    const decoded = PNG.sync.read(png);
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
    // The globe at the initial view: the red square fills the middle of the picture.
    const at = (x: number, y: number) => [...decoded.data.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 3)];
    const [r, g, b] = at(600, 315);
    expect(r! > 150 && g! < 90 && b! < 90, `centre of the sharing image: ${[r, g, b]}`).toBe(true);
    fx.tab.assertClean();
  });
});
