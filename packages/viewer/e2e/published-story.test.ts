import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe.js';
import { useBrowserAndServer } from './fixture.js';
import { isCloseTo, type Rgba } from './pixels.js';
import { publishStoryProject } from './story-fixture.js';
import { colorAt, viewerReady, waitForPixels } from './viewer-pixels.js';

const isRed = (c: Rgba) => isCloseTo(c, [255, 0, 0], 70);
const isBlue = (c: Rgba) => isCloseTo(c, [0, 0, 255], 70);
const centre = (page: Page, ok: (c: Rgba) => boolean, what: string) => waitForPixels(page, (p) => ok(colorAt(p, 0.5, 0.5)), what);

async function expectPage(page: Page, n: number, title: string): Promise<void> {
  await expect.poll(() => page.getByTestId('story-title').textContent()).toBe(title);
  expect(await page.getByTestId('story-page-number').textContent()).toBe(`${n} / 3`);
  await expect.poll(() => new URL(page.url()).hash).toBe(`#story=${n}`);
}

describe('the published page tells the story (docs/contract.md §9)', () => {
  const fx = useBrowserAndServer({ setUp: async (h) => void (await publishStoryProject(h, 'tale')) });

  it('shows the name and the story, renders Markdown safely, and moves by buttons, keys and the address', async () => {
    const { h } = fx;
    const tab = await fx.open({ width: 720, height: 480 });
    const { page } = tab;
    await page.goto(`${h.url}/p/tale`);
    await viewerReady(page);
    expect(await page.getByTestId('project-name').textContent()).toBe('tale');
    expect(await page.title()).toBe('tale');
    const story = page.getByTestId('story');
    expect(await story.getByTestId('story-title').textContent()).toBe('Red square');
    expect(await page.getByTestId('story-page-number').textContent()).toBe('1 / 3');
    expect(await page.getByTestId('story-prev').isDisabled()).toBe(true);

    // Markdown renders: heading, emphasis, a link that opens beside the page, a list, an image by URL.
    const text = page.getByTestId('story-text');
    await text.locator('h2').filter({ hasText: 'A heading' }).waitFor();
    expect(await text.locator('em').textContent()).toBe('emphasis');
    const link = text.locator('a[href="https://example.org/page"]');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await text.locator('li').count()).toBe(2);
    expect(await text.locator('img[alt="a picture"]').getAttribute('src')).toBe(`${h.url}/cesium/Assets/Images/ion-credit.png`);
    // Nothing hostile survives: no script, no handler, no javascript: URL; raw HTML shows as text.
    expect(await text.locator('script, [onerror], iframe').count()).toBe(0);
    const urls = await text.locator('a, img').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? ''));
    expect(urls.filter((u) => /^\s*javascript:/i.test(u))).toEqual([]);
    expect(await text.textContent()).toContain('<script>window.__pwned = "script"</script>');
    // A javascript: link keeps its words and loses its link: clicking them runs nothing. (This
    // clicked `a` elements with those words, which there are none of: it waited out the 90 s
    // timeout in every run.)
    expect(await text.locator('a', { hasText: 'bad link' }).count()).toBe(0);
    await text.getByText('bad link', { exact: false }).first().click();
    expect(await page.evaluate('window.__pwned')).toBeUndefined();

    // Page 1 opens over the initial view with only its layers: red at the centre.
    await centre(page, isRed, 'page 1 shows the red square');

    // Next: the camera flies to the blue square and only blue shows; the address follows.
    await page.getByTestId('story-next').click();
    await expectPage(page, 2, 'Blue square');
    await centre(page, isBlue, 'page 2 flies to the blue square');

    // Arrow right: page 3 looks at the red square's place, but its layers hide red.
    await page.keyboard.press('ArrowRight');
    await expectPage(page, 3, 'Red hidden');
    expect(await page.getByTestId('story-next').isDisabled()).toBe(true);
    await centre(page, (c) => !isRed(c) && !isBlue(c) && c[0] + c[1] + c[2] > 60, 'page 3 hides red where the camera looks');

    // Arrow left and the previous button go back.
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 2, 'Blue square');
    await page.getByTestId('story-prev').click();
    await expectPage(page, 1, 'Red square');
    await centre(page, isRed, 'back on page 1, red shows again');

    // The address moves the story too.
    await page.evaluate("location.hash = '#story=2'");
    await expectPage(page, 2, 'Blue square');

    expect(await seriousAxeViolations(page)).toEqual([]);
    tab.assertClean();
  });

  it('#story=N opens page N with its view and layers', async () => {
    const { h } = fx;
    const tab = await fx.open({ width: 720, height: 480 });
    await tab.page.goto(`${h.url}/p/tale#story=2`);
    await viewerReady(tab.page);
    await expectPage(tab.page, 2, 'Blue square');
    // The text is page 2's, though page 1's was asked for first (the renderer loads lazily).
    await expect.poll(() => tab.page.getByTestId('story-text').innerHTML()).toBe('<p>The <strong>blue</strong> one.</p>\n');
    await centre(tab.page, isBlue, 'opened at page 2, over the blue square');
    tab.assertClean();
  });

  it('is a bottom sheet on a phone that leaves most of the globe usable', async () => {
    const { h } = fx;
    const tab = await fx.open({ width: 360, height: 640 });
    const { page } = tab;
    await page.goto(`${h.url}/p/tale#story=2`);
    await viewerReady(page);
    const viewer = (await page.getByTestId('viewer').boundingBox())!;
    const sheet = (await page.getByTestId('story').boundingBox())!;
    // The globe keeps the whole screen; the sheet covers at most 40% of it, at the bottom.
    expect(viewer.width).toBe(360);
    expect(viewer.height).toBe(640);
    expect(sheet.y + sheet.height).toBeGreaterThan(630);
    expect(sheet.height).toBeLessThanOrEqual(640 * 0.42);
    // Folding leaves only its title bar and buttons.
    await page.getByRole('button', { name: 'Fold the story' }).click();
    const folded = (await page.getByTestId('story').boundingBox())!;
    expect(folded.height).toBeLessThan(sheet.height);
    await page.getByTestId('story-next').click();
    await expectPage(page, 3, 'Red hidden');
    expect(await seriousAxeViolations(page)).toEqual([]);
    tab.assertClean();
  });
});
