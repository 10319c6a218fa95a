import type { Page } from 'playwright-core';

/**
 * With ORBIS_SHOTS set to a folder, a screenshot of the page (or of its `clip` rectangle) there
 * as `{name}.png` (for docs/images and for looking at); nothing otherwise.
 */
export async function shot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  if (process.env.ORBIS_SHOTS) await page.screenshot({ path: `${process.env.ORBIS_SHOTS}/${name}.png`, ...(clip ? { clip } : {}) });
}
