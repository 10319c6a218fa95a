import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { seriousAxeViolations } from './axe.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { dominantColorIn, shareCloseTo } from './pixels.js';
import { shot } from './shots.js';
import { viewerPixels, viewerReady } from './viewer-pixels.js';

/*
 * Drawing in the editor (docs/viewer.md, "Drawing in the editor"): a polygon and a point drawn by clicking
 * pixels of the Map tab's globe, a property field added in the layer's panel and set in the
 * polygon's form; a teammate's open editor shows it live; the layer is kept in the scene (docs/contract.md §18 `data.value`), so it is there
 * after a reload and on the published page, read back as pixels of its colour.
 */
interface SavedScene {
  layers: {
    id: string;
    data?: {
      fields?: { name: string }[];
      value?: { features: { id: string; geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[] };
    };
  }[];
}

/** Where things are drawn, as fractions of the viewer: the polygon's middle and the point, right of the tool's panel. */
const POLYGON = { fx: 0.59, fy: 0.42, half: [60, 45] as const };
const POINT = { fx: 0.5, fy: 0.62 };
const PINK: [number, number, number] = [255, 92, 168];

/** Whether the polygon shows: pink over the globe inside it, more red than just right of it. */
async function polygonShows(page: Page): Promise<boolean> {
  const pixels = await viewerPixels(page);
  const [cx, cy] = [Math.round(pixels.width * POLYGON.fx), Math.round(pixels.height * POLYGON.fy)];
  const inside = dominantColorIn(pixels, { x: cx - 10, y: cy - 10, width: 20, height: 20 });
  const outside = dominantColorIn(pixels, { x: cx + POLYGON.half[0] + 20, y: cy - 10, width: 20, height: 20 });
  return inside[0] - outside[0] > 40 && inside[0] > inside[1];
}

/** The share of pink pixels around the point. */
async function pointShare(page: Page): Promise<number> {
  const pixels = await viewerPixels(page);
  const [x, y] = [Math.round(pixels.width * POINT.fx), Math.round(pixels.height * POINT.fy)];
  return shareCloseTo(pixels, { x: x - 6, y: y - 6, width: 12, height: 12 }, PINK, 60);
}

describe('drawing in the editor: shapes kept as a layer of the scene, with properties from a small schema', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 1000, height: 620 },
    setUp: async (h) => {
      await h.project('draw');
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 139.7, lat: 35.6, height: 400_000, heading: 0, pitch: -90, roll: 0 },
        layers: [],
        widgets: [],
        story: { pages: [] },
      };
      expect((await h.admin('PUT', '/api/projects/draw/scene', scene)).status).toBe(200);
    },
  });
  const saved = async () => (await (await fx.h.admin('GET', '/api/projects/draw/scene')).json()) as SavedScene;
  const features = async () => (await saved()).layers[0]?.data?.value?.features ?? [];

  it('draws a polygon and a point by clicks, sets a property, and finds them in a teammate’s editor, after a reload and on the published page', async () => {
    const { page } = fx.tab;
    // A teammate has the project open in another editor while the shapes are drawn.
    const teammate = await fx.open();
    await teammate.page.goto(`${fx.h.url}/editor/draw?tab=map#token=${ADMIN_TOKEN}`);
    await viewerReady(teammate.page);
    await page.goto(`${fx.h.url}/editor/draw?tab=map#token=${ADMIN_TOKEN}`);
    await viewerReady(page);
    const viewer = page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    const [cx, cy] = [box.x + box.width * POLYGON.fx, box.y + box.height * POLYGON.fy];
    const [w, hh] = POLYGON.half;

    await page.getByTestId('draw-button').click();
    await page.getByTestId('draw-polygon').click();
    // The corners lie right of the tool's panel.
    const panel = (await page.getByTestId('draw-panel').boundingBox())!;
    expect(panel.x + panel.width).toBeLessThan(cx - w);
    for (const [dx, dy] of [
      [-w, -hh],
      [w, -hh],
      [w, hh],
      [-w, hh],
    ] as const)
      await page.mouse.click(cx + dx, cy + dy);
    await page.keyboard.press('Enter');
    await expect.poll(() => viewer.getAttribute('data-drawn-features'), { timeout: 30_000 }).toBe('1');
    await page.getByTestId('draw-point').click();
    await page.mouse.click(box.x + box.width * POINT.fx, box.y + box.height * POINT.fy);
    await expect.poll(() => viewer.getAttribute('data-drawn-features'), { timeout: 30_000 }).toBe('2');
    await expect.poll(async () => (await features()).map((f) => f.geometry.type), { timeout: 30_000 }).toEqual(['Polygon', 'Point']);

    // An extruded polygon: three corners, Enter, a move up for its height, a click.
    const [ex, ey] = [box.x + box.width * 0.68, box.y + box.height * 0.3];
    await page.getByTestId('draw-extrudedPolygon').click();
    for (const [dx, dy] of [
      [-20, 10],
      [20, 10],
      [0, -15],
    ] as const)
      await page.mouse.click(ex + dx, ey + dy);
    await page.keyboard.press('Enter');
    await page.mouse.move(ex, ey - 15 - 60, { steps: 6 });
    await page.mouse.click(ex, ey - 15 - 60);
    await expect.poll(async () => (await features()).length, { timeout: 30_000 }).toBe(3);
    expect((await features())[2]!.properties.extrudedHeight).toBeGreaterThan(0);
    // Its form has the height; Delete takes it away, and undo brings it back.
    await page.getByTestId('draw-height').fill('2500');
    await page.getByTestId('draw-height').press('Tab');
    await expect.poll(async () => (await features())[2]?.properties.extrudedHeight, { timeout: 30_000 }).toBe(2500);
    await page.getByTestId('draw-delete').click();
    await expect.poll(async () => (await features()).length, { timeout: 30_000 }).toBe(2);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await features()).map((f) => f.id), { timeout: 30_000 }).toEqual(['f1', 'f2', 'f3']);

    // The polygon's vertices, picked on the globe: a corner dragged moves, the rest stay.
    await page.getByTestId('draw-close').click();
    await page.getByTestId('draw-button').click();
    await page.mouse.click(cx, cy);
    await expect.poll(() => page.getByTestId('draw-feature-f1').getAttribute('aria-pressed')).toBe('true');
    const ring = async () => ((await features())[0]!.geometry.coordinates as number[][][])[0]!;
    const before = await ring();
    await page.mouse.move(cx + w, cy + hh);
    await page.mouse.down();
    await page.mouse.move(cx + w + 20, cy + hh + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => JSON.stringify(await ring()) !== JSON.stringify(before), { timeout: 30_000 }).toBe(true);
    const after = await ring();
    expect(after[2]![0]).toBeGreaterThan(before[2]![0]!);
    expect(after[2]![1]).toBeLessThan(before[2]![1]!);
    expect([after[0], after[1], after[3]]).toEqual([before[0], before[1], before[3]]);

    // A field in the layer's own panel; the polygon's form then has it.
    const fields = page.locator('[data-testid^="fields-panel-"]');
    await fields.locator('summary').click();
    await fields.locator('[data-testid^="fields-name-"]').fill('name');
    await fields.locator('[data-testid^="fields-add-"]').click();
    // The polygon is still the picked one.
    expect(await page.getByTestId('draw-feature-f1').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('draw-field-name').fill('Zone A');
    await page.getByTestId('draw-field-name').press('Tab');
    await expect.poll(async () => (await features())[0]?.properties.name, { timeout: 30_000 }).toBe('Zone A');
    expect((await saved()).layers[0]?.data?.fields).toEqual([{ name: 'name', type: 'text' }]);
    // Renamed in the layer's panel: the property moves with it in every feature, its value kept.
    await fields.locator('[data-testid^="fields-rename-name-"]').fill('zone');
    await fields.locator('[data-testid^="fields-rename-name-"]').press('Tab');
    await expect.poll(async () => (await features())[0]?.properties, { timeout: 30_000 }).toEqual({ zone: 'Zone A' });
    expect((await saved()).layers[0]?.data?.fields).toEqual([{ name: 'zone', type: 'text' }]);
    expect(await page.getByTestId('draw-field-zone').inputValue()).toBe('Zone A');
    // A field's name, type and remove button share one line of the panel, under the columns' names.
    const row = await Promise.all(['rename-zone', 'type-zone', 'remove-zone'].map((id) => fields.locator(`[data-testid^="fields-${id}-"]`).boundingBox()));
    const middles = row.map((b) => b!.y + b!.height / 2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    expect(await fields.locator('.drawn-fields-head').textContent()).toBe('Field nameField type');
    const panelBox = (await fields.boundingBox())!;
    await shot(page, 'editor-drawing-fields', { x: panelBox.x, y: panelBox.y, width: panelBox.width, height: Math.min(panelBox.height, 240) });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => polygonShows(page), { timeout: 30_000 }).toBe(true);
    await shot(page, 'editor-drawing', { x: box.x + 8, y: box.y + 40, width: 480, height: 360 });

    // The teammate sees the polygon without a reload (the live scene, docs/collaboration.md).
    await expect.poll(() => polygonShows(teammate.page), { timeout: 30_000 }).toBe(true);
    teammate.assertClean();

    // Kept in the scene: there after a reload.
    await page.reload();
    await viewerReady(page);
    await expect.poll(() => polygonShows(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => pointShare(page), { timeout: 30_000 }).toBeGreaterThan(0.2);

    // And on the published page (its globe as large as the editor's, so the shapes are where they were drawn),
    // with the property in the polygon's infobox.
    expect((await fx.h.admin('POST', '/api/projects/draw/publish')).status).toBe(200);
    const visitor = await fx.open({ width: Math.round(box.width), height: Math.round(box.height) });
    await visitor.page.goto(`${fx.h.url}/p/draw`);
    await viewerReady(visitor.page);
    await expect.poll(() => polygonShows(visitor.page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => pointShare(visitor.page), { timeout: 30_000 }).toBeGreaterThan(0.2);
    const published = (await visitor.page.getByTestId('viewer').boundingBox())!;
    await visitor.page.mouse.click(published.x + published.width * POLYGON.fx, published.y + published.height * POLYGON.fy);
    await expect.poll(() => visitor.page.getByTestId('infobox').textContent(), { timeout: 30_000 }).toContain('Zone A');
    visitor.assertClean();
    fx.tab.assertClean();
  }, 240_000);
});
