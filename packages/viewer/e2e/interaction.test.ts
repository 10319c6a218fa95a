import { describe, expect, it } from 'vitest';
import { spatialIdFromLngLatHeight, spatialIdToString } from '../../geo/src/index.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import type { TestPage } from './browser.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { dominantColorIn, screenshotPixels } from './pixels.js';

/** Sets the mode the page's query names, and reports clicks and where the centre of the view is. */
const MODER = `
  const mode = app.viewer.viewport.query.mode;
  if (mode) app.viewer.interactionMode.override(mode);
  const centre = () => app.viewer.tools.getLocationFromScreenCoordinate(app.viewer.viewport.width / 2, app.viewer.viewport.height / 2);
  app.viewer.on('click', (e) => console.log('CLICK ' + JSON.stringify(e)));
  app.viewer.on('mouseUp', () => console.log('CENTRE ' + JSON.stringify(centre())));
  console.log('CENTRE ' + JSON.stringify(centre()));
  for (const e of ['marqueeStart', 'marqueeMove', 'marqueeEnd']) app.viewer.interactionMode.selectionMode.on(e, (box) => console.log('MARQUEE ' + JSON.stringify([e, box])));
`;

describe('interaction modes in Chromium', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('modes');
      const form = new FormData();
      form.append('public', 'true');
      const zone = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'zone-1',
            properties: { fill: '#ff0000', 'fill-opacity': 1 },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [135, 31],
                  [145, 31],
                  [145, 40],
                  [135, 40],
                  [135, 31],
                ],
              ],
            },
          },
        ],
      };
      form.append('file', new Blob([JSON.stringify(zone)]), 'zone.geojson');
      const asset = await (
        await fetch(`${h.url}/api/projects/modes/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form })
      ).json();
      await h.admin('PUT', '/api/projects/modes/scene', {
        property: LIGHT_PROPERTY,
        camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [{ id: 'zone', title: 'Zone', type: 'geojson', assetId: asset.id, visible: true }],
        widgets: [],
        story: { pages: [] },
      });
      await h.admin('POST', '/api/projects/modes/plugins', {
        manifest: { id: 'moder', name: 'Moder', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Moder' }] },
        files: { 'main.js': MODER },
      });
      await h.admin('POST', '/api/projects/modes/publish');
    },
  });

  async function open(mode: string): Promise<TestPage> {
    const tab = await fx.open();
    await tab.page.goto(`${fx.h.url}/p/modes?mode=${mode}`);
    await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    // The plugin sets the mode from its worker: the page may be ready a moment before it arrives.
    await expect.poll(() => tab.page.getByTestId('viewer').getAttribute('data-interaction-mode'), { timeout: 120_000 }).toBe(mode);
    return tab;
  }
  const lines = (tab: TestPage, prefix: string) =>
    tab.consoleMessages
      .filter((m) => m.text.startsWith(`[plugin moder/main] ${prefix} `))
      .map((m) => JSON.parse(m.text.slice(`[plugin moder/main] ${prefix} `.length)));

  it('spatialId: a click picks the voxel under it and shows it as a box', async () => {
    const tab = await open('spatialId');
    const viewer = tab.page.getByTestId('viewer');
    const before = dominantColorIn(await screenshotPixels(tab.page, viewer), { x: 312, y: 232, width: 16, height: 16 });
    const box = (await viewer.boundingBox())!;
    await tab.page.mouse.click(box.x + 320, box.y + 240);
    await expect.poll(() => viewer.getAttribute('data-spatial-id')).toMatch(/^\/5\/0\/\d+\/\d+$/);
    // The plugin runs in a worker: its console line may come after the page has drawn the pick.
    await expect.poll(() => lines(tab, 'CLICK').length).toBe(1);
    const click = lines(tab, 'CLICK')[0] as { lng: number; lat: number };
    expect(await viewer.getAttribute('data-spatial-id')).toBe(spatialIdToString(spatialIdFromLngLatHeight(click.lng, click.lat, 0, 5)));
    // The voxel is drawn: the view where it stands is no longer the layer's plain red.
    await expect
      .poll(async () => dominantColorIn(await screenshotPixels(tab.page, viewer), { x: 312, y: 232, width: 16, height: 16 }).join(','), { timeout: 60_000 })
      .not.toBe(before.join(','));
    tab.assertClean();
  });

  it('selection: a Shift-click picks what is under it; dragging selects the features inside the box and does not move the camera', async () => {
    const tab = await open('selection');
    const viewer = tab.page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    const [start] = lines(tab, 'CENTRE') as { lng: number; lat: number }[];
    const zone = { id: 'zone-1', layerId: 'zone', properties: expect.objectContaining({ fill: '#ff0000' }) };
    const ends = () => (lines(tab, 'MARQUEE') as [string, Record<string, unknown>][]).filter(([e]) => e === 'marqueeEnd');
    // A Shift-click in place: a click (isClick) that picks the feature under it, with pressedKey.
    // (First: a click right after a selection could meet the highlighted polygon being redrawn.)
    // CesiumJS builds an entity's polygon after the page is ready, off the main thread: a pick finds
    // it once it is drawn (a loaded machine took longer than the click), so the click waits for its red.
    await expect
      .poll(
        async () => {
          const [r, g, b] = dominantColorIn(await screenshotPixels(tab.page, viewer), { x: 312, y: 232, width: 16, height: 16 });
          return r! > 180 && g! < 80 && b! < 80;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await tab.page.keyboard.down('Shift');
    await tab.page.mouse.click(box.x + 320, box.y + 240);
    await tab.page.keyboard.up('Shift');
    await expect.poll(() => ends().length).toBe(1);
    expect(ends()[0]).toEqual([
      'marqueeEnd',
      expect.objectContaining({ x: 320, y: 240, width: 0, height: 0, pressedKey: 'shift', features: [expect.objectContaining(zone)], isClick: true }),
    ]);
    await expect.poll(() => viewer.getAttribute('data-selected')).toBe(JSON.stringify([{ layerId: 'zone', featureId: 'zone-1' }]));
    const clicked = lines(tab, 'MARQUEE').length;
    await tab.page.mouse.move(box.x + 100, box.y + 100);
    await tab.page.mouse.down();
    await tab.page.mouse.move(box.x + 300, box.y + 250, { steps: 5 });
    await tab.page.mouse.move(box.x + 540, box.y + 380, { steps: 5 });
    await tab.page.mouse.up();
    // The plugin heard the box as it was drawn: start, moves, end ({x, y, width, height} on screen,
    // Re:Earth's startX/startY, the place under the pointer, and at the end what was picked).
    await expect.poll(() => ends().length).toBe(2);
    expect(await viewer.getAttribute('data-selected')).toBe(JSON.stringify([{ layerId: 'zone', featureId: 'zone-1' }]));
    const marquee = (lines(tab, 'MARQUEE') as [string, Record<string, unknown>][]).slice(clicked);
    expect(marquee[0]).toEqual([
      'marqueeStart',
      { x: 100, y: 100, width: 0, height: 0, startX: 100, startY: 100, lng: expect.any(Number), lat: expect.any(Number) },
    ]);
    expect(marquee.filter(([e]) => e === 'marqueeMove').length).toBeGreaterThan(1);
    expect(marquee.at(-1)).toEqual([
      'marqueeEnd',
      expect.objectContaining({ x: 100, y: 100, width: 440, height: 280, startX: 100, startY: 100, features: [expect.objectContaining(zone)], isClick: false }),
    ]);
    expect(marquee.at(-1)![1]).not.toHaveProperty('pressedKey');
    // The release is at the box's far corner, south-east of the press: the places say so.
    const [startPlace, endPlace] = [marquee[0]![1], marquee.at(-1)![1]] as { lng: number; lat: number }[];
    expect(endPlace!.lng).toBeGreaterThan(startPlace!.lng);
    expect(endPlace!.lat).toBeLessThan(startPlace!.lat);
    await expect.poll(() => lines(tab, 'CENTRE').length).toBeGreaterThan(1);
    const after = lines(tab, 'CENTRE').at(-1) as { lng: number; lat: number };
    expect(after.lng).toBeCloseTo(start!.lng, 6);
    expect(after.lat).toBeCloseTo(start!.lat, 6);
    tab.assertClean();
  });

  it('sketch: clicks add vertices, a double-click makes a polygon on the sketch layer', async () => {
    const tab = await open('sketch');
    const viewer = tab.page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    await tab.page.mouse.click(box.x + 250, box.y + 170);
    await tab.page.mouse.click(box.x + 390, box.y + 170);
    await tab.page.mouse.dblclick(box.x + 320, box.y + 320);
    await expect.poll(() => viewer.getAttribute('data-sketches')).toBe('1');
    expect(await viewer.getAttribute('data-last-sketch')).toBe('polygon');
    // Drawn: half-transparent cyan over the red layer is no longer red-dominant there.
    await expect
      .poll(
        async () => {
          const [r, g, b] = dominantColorIn(await screenshotPixels(tab.page, viewer), { x: 312, y: 207, width: 16, height: 16 });
          return g > 80 && b > 80 && r < 200;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The sketch is a layer: what is under the cursor inside it is the sketch layer.
    await tab.page.mouse.click(box.x + 320, box.y + 215);
    await expect.poll(() => (lines(tab, 'CLICK').at(-1) as { layerId?: string } | undefined)?.layerId, { timeout: 60_000 }).toBe('sketch');
    tab.assertClean();
  });

  it('move: the same click selects nothing', async () => {
    const tab = await open('move');
    const viewer = tab.page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    await tab.page.mouse.click(box.x + 320, box.y + 240);
    await expect.poll(() => lines(tab, 'CLICK').length, { timeout: 60_000 }).toBe(1);
    expect(await viewer.getAttribute('data-selected')).toBe('[]');
  });
});
