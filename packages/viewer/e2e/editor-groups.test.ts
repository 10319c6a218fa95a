import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { isCloseTo, type Pixels, screenshotPixels } from './pixels.js';
import { shot } from './shots.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';

/**
 * Groups of layers in the editor (docs/editor.md, "Groups"; docs/contract.md §18): a group made,
 * named, a layer dragged onto it and another put in by its list; the group's box hides exactly
 * its layers on the editor's globe, its opacity fades exactly them, and the published page draws
 * and lists them alike. Read from the globe's pixels.
 */

const RED: [number, number, number] = [255, 0, 0];
const YELLOW: [number, number, number] = [255, 255, 0];

/** A drawn layer of one rectangle of `colour`, opaque, no outline. */
function rectangle(id: string, west: number, east: number, colour: string) {
  const ring = [
    [west, -6],
    [east, -6],
    [east, 6],
    [west, 6],
    [west, -6],
  ];
  return {
    id,
    title: id,
    type: 'sketch',
    visible: true,
    data: {
      value: { type: 'FeatureCollection', features: [{ type: 'Feature', id: `${id}-1`, properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }] },
    },
    appearance: { polygon: { fillColor: colour, stroke: false } },
  };
}

/** How many of the globe's pixels are close to red and to yellow, and how many are a faded red (red above green and blue, not close to pure red). */
function counts(pixels: Pixels): { red: number; yellow: number; fadedRed: number } {
  let [red, yellow, fadedRed] = [0, 0, 0];
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++) {
      const c = pixels.at(x, y);
      if (isCloseTo(c, RED, 40)) red++;
      else if (isCloseTo(c, YELLOW, 40)) yellow++;
      else if (c[0]! - Math.max(c[1]!, c[2]!) > 50) fadedRed++;
    }
  return { red, yellow, fadedRed };
}

const globe = async (page: Page) => counts(await screenshotPixels(page, page.getByTestId('viewer')));

async function dragRowOnto(page: Page, from: string, to: string): Promise<void> {
  // The group's row in the middle of the page (not under the sticky tabs): the layer rows just under it are in view too.
  await page.locator(to).evaluate((row) => row.scrollIntoView({ block: 'center' }));
  const a = (await page.locator(from).boundingBox())!;
  await page.mouse.move(a.x + 12, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + 12, a.y + 20, { steps: 4 });
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + 12, { steps: 12 });
  await page.mouse.up();
}

interface SavedScene {
  groups?: { id: string; title: string; visible?: boolean; opacity?: number }[];
  layers: { id: string; group?: string }[];
}

describe('groups of layers in the editor', () => {
  const t = useBrowserAndServer({
    viewport: { width: 1000, height: 620 },
    setUp: async (h) => {
      await h.project('grouped');
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 0, lat: 0, height: 4_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [rectangle('west', -9, -1, '#ff0000'), rectangle('east', 1, 9, '#ffff00')],
        widgets: [],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/grouped/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
    },
  });
  const saved = async () => (await (await t.h.admin('GET', '/api/projects/grouped/scene')).json()) as SavedScene;

  it('makes a group, drags a layer into it, and hides and fades exactly its layers, in the editor and on the published page', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/editor/grouped?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await expect.poll(async () => Object.values(await globe(page)).map((n) => n > 500), { timeout: 60_000 }).toEqual([true, true, false]);

    // A new group, named; the west layer dragged onto it.
    await page.getByTestId('group-add').click();
    const title = page.getByTestId('group-title-group-1');
    await title.fill('Rivers');
    await title.press('Enter');
    await dragRowOnto(page, 'li[data-layer="west"]', 'li[data-group="group-1"]');
    await expect.poll(async () => (await saved()).layers.map((l) => l.group), { timeout: 30_000 }).toEqual(['group-1', undefined]);
    expect(await page.getByTestId('group-count-group-1').textContent()).toBe('1 layer');
    expect(await page.getByTestId('layer-group-west').inputValue()).toBe('group-1');

    // The group's box hides its layer, and only it; ticked again, the layer is back.
    await page.getByTestId('group-visible-group-1').uncheck();
    await expect.poll(async () => [(await globe(page)).red < 20, (await globe(page)).yellow > 500], { timeout: 30_000 }).toEqual([true, true]);
    expect(await page.getByTestId('layer-visible-west').isChecked()).toBe(true);
    await page.getByTestId('group-visible-group-1').check();
    await expect.poll(async () => (await globe(page)).red > 500, { timeout: 30_000 }).toBe(true);

    // Its opacity at 40%: the red is faded over the globe, the yellow layer (no group) is not.
    await page.getByTestId('group-opacity-group-1').evaluate((input) => {
      (input as unknown as { value: string }).value = '40';
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const faded = async () => {
      const c = await globe(page);
      return [c.red < 20, c.fadedRed > 500, c.yellow > 500];
    };
    await expect.poll(faded, { timeout: 60_000 }).toEqual([true, true, true]);
    await expect.poll(async () => (await saved()).groups, { timeout: 30_000 }).toEqual([{ id: 'group-1', title: 'Rivers', opacity: 0.4 }]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('group-list').evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await shot(page, 'editor-groups', { x: 0, y: 0, width: 1000, height: 620 });

    // Published: the legend lists the group, and its layer is faded there too.
    expect((await t.h.admin('POST', '/api/projects/grouped/publish')).status).toBe(200);
    const visitor = await t.open({ width: 640, height: 480 });
    await visitor.page.goto(`${t.h.url}/p/grouped`);
    await visitor.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    expect(await visitor.page.getByTestId('legend-group-visible-group-1').count()).toBe(1);
    await expect
      .poll(
        async () => {
          const c = await globe(visitor.page);
          return [c.red < 20, c.fadedRed > 500, c.yellow > 500];
        },
        { timeout: 60_000 },
      )
      .toEqual([true, true, true]);
    visitor.assertClean();

    // The other layer goes in by its list; removing the group leaves both layers, in no group.
    await page.getByTestId('layer-group-east').selectOption('group-1');
    await expect.poll(() => page.getByTestId('group-count-group-1').textContent(), { timeout: 30_000 }).toBe('2 layers');
    // Removed, then undone: the group and its two layers come back; removed again for good.
    await page.getByTestId('group-remove-group-1').click();
    await page.getByTestId('toast-info').filter({ hasText: 'Removed group Rivers' }).getByTestId('toast-action').click();
    await expect.poll(() => page.getByTestId('group-count-group-1').textContent(), { timeout: 30_000 }).toBe('2 layers');
    await page.getByTestId('group-remove-group-1').click();
    await expect
      .poll(
        async () => {
          const s = await saved();
          return [s.groups, s.layers.map((l) => l.group)];
        },
        { timeout: 30_000 },
      )
      .toEqual([undefined, [undefined, undefined]]);
    await expect.poll(async () => (await globe(page)).red > 500, { timeout: 60_000 }).toBe(true);
    t.tab.assertClean();
  }, 300_000);
});
