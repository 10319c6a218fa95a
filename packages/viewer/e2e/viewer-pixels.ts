import type { Page } from 'playwright-core';
import { dominantColorIn, type Pixels, type Rgba, screenshotPixels } from './pixels.js';

/** The viewer element's pixels. */
export async function viewerPixels(page: Page): Promise<Pixels> {
  return screenshotPixels(page, page.getByTestId('viewer'));
}

/** The colour of a small square around a point given as fractions of the viewer's size. */
export function colorAt(pixels: Pixels, fx: number, fy: number): Rgba {
  const x = Math.round(pixels.width * fx) - 4;
  const y = Math.round(pixels.height * fy) - 4;
  return dominantColorIn(pixels, { x, y, width: 8, height: 8 });
}

/** Screenshots the viewer until `ok` holds (rendering and loading are asynchronous), or fails with the last colours. */
export async function waitForPixels(page: Page, ok: (p: Pixels) => boolean, what: string, timeoutMs = 60_000): Promise<Pixels> {
  const deadline = Date.now() + timeoutMs;
  let last: Pixels | undefined;
  while (Date.now() < deadline) {
    last = await viewerPixels(page);
    if (ok(last)) return last;
    await page.waitForTimeout(500);
  }
  throw new Error(`${what}: centre ${colorAt(last!, 0.5, 0.5)}, above it ${colorAt(last!, 0.5, 0.32)}`);
}

/** Waits until the viewer says it is ready (docs/contract.md §4). */
export async function viewerReady(page: Page): Promise<void> {
  await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
}
