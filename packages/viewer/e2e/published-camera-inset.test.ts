import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from './fixture.js';
import { isCloseTo } from './pixels.js';
import { publishStoryProject } from './story-fixture.js';
import { viewerPixels, viewerReady } from './viewer-pixels.js';

/** Where the story's target shows and where it should: in viewer pixels, rounded. */
interface Seen {
  /** The red square's centre (the view's target), or null when no red shows above the sheet. */
  red: [number, number] | null;
  /** The middle of the globe the visitor sees: above the story's sheet where it covers the globe. */
  middle: [number, number];
}

/** The centre of the red pixels above the sheet, and the middle of the uncovered globe. */
async function seen(page: Page): Promise<Seen> {
  const viewer = (await page.getByTestId('viewer').boundingBox())!;
  const sheet = (await page.locator('aside.side').boundingBox())!;
  const across = sheet.x < viewer.x + viewer.width - 1 && sheet.x + sheet.width > viewer.x + 1;
  const uncovered = across ? Math.min(viewer.height, sheet.y - viewer.y) : viewer.height;
  const pixels = await viewerPixels(page);
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 0; y < Math.floor(uncovered); y += 2) {
    for (let x = 0; x < pixels.width; x += 2) {
      if (isCloseTo(pixels.at(x, y), [255, 0, 0], 70)) [sx, sy, n] = [sx + x, sy + y, n + 1];
    }
  }
  return { red: n ? [Math.round(sx / n), Math.round(sy / n)] : null, middle: [Math.round(viewer.width / 2), Math.round(uncovered / 2)] };
}

/** Waits until the story page's target (the red square's centre) is within 12 px of the uncovered globe's middle. */
async function targetInMiddle(page: Page, what: string): Promise<Seen> {
  let last: Seen | undefined;
  const near = (s: Seen) => s.red !== null && Math.abs(s.red[0] - s.middle[0]) <= 12 && Math.abs(s.red[1] - s.middle[1]) <= 12;
  await expect
    .poll(
      async () => {
        last = await seen(page);
        return near(last) ? 'in the middle' : `${what}: ${JSON.stringify(last)}`;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('in the middle');
  return last!;
}

describe('a story page shows what it looks at in the globe the visitor can see (docs/viewer.md)', () => {
  const f = useBrowserAndServer({ viewport: { width: 390, height: 844 }, setUp: (h) => publishStoryProject(h, 'inset') });

  it('above the sheet on a phone and in a small window, following the sheet; centred beside it on a wide window; picking still hits', async () => {
    const { tab } = f;
    const { page } = tab;
    await page.goto(`${f.h.url}/p/inset`);
    await viewerReady(page);
    // Page 1 looks straight down at the red square: its centre is the view's target.
    const first = await targetInMiddle(page, '390×844, opened on page 1');
    // The sheet covers the globe's bottom, so the middle of what shows is well above the canvas's centre.
    expect(first.middle[1]).toBeLessThan(844 / 2 - 60);

    // Picking with the moved camera: a click on the target selects its feature.
    await page.mouse.click(first.red![0], first.red![1]);
    await page.getByTestId('infobox').waitFor({ state: 'visible' });
    expect(await page.getByTestId('infobox').textContent()).toContain('Red');
    await page.getByTestId('infobox').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('infobox').waitFor({ state: 'hidden' });

    // Folding the sheet: the view moves along to the middle of the taller uncovered globe.
    await page.getByRole('button', { name: 'Fold the story' }).click();
    const folded = await targetInMiddle(page, '390×844, sheet folded');
    expect(folded.middle[1]).toBeGreaterThan(first.middle[1] + 40);
    await page.getByRole('button', { name: 'Unfold the story' }).click();
    await targetInMiddle(page, '390×844, sheet unfolded');

    // A small window, and a flight there and back (page 3 looks at the red square again).
    await page.setViewportSize({ width: 640, height: 480 });
    await targetInMiddle(page, '640×480');
    await page.getByTestId('story-next').click();
    await page.getByTestId('story-next').click();
    await expect.poll(() => page.getByTestId('story-page-number').textContent()).toBe('3 / 3');
    await page.getByTestId('story-prev').click();
    await page.getByTestId('story-prev').click();
    await expect.poll(() => page.getByTestId('story-page-number').textContent()).toBe('1 / 3');
    await targetInMiddle(page, '640×480, flown back to page 1');

    // A wide window: the story is a column beside the globe, nothing covers it, the target is in the centre.
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await targetInMiddle(page, '1280×800');
    expect(wide.middle[1]).toBe(400);
    tab.assertClean();
  });
});
