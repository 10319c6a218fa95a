import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { geodesicArea, geodesicLength } from '../../geo/src/index.js';
import type { TestPage } from './browser.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { writeRaster } from '../../server/src/test/raster-fixtures.js';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { shot } from './shots.js';
import { viewerReady } from './viewer-pixels.js';

/*
 * The published page's measure tool (docs/viewer.md, "Measuring") at 480 × 320, over Japan seen
 * from straight above: a line and a polygon measured by clicking pixels, the shown results read
 * back and checked against the geodesics (GeographicLib, @orbis/geo) of the places under those
 * pixels, which a plugin reports from the same clicks.
 */
const CLICKS = `app.viewer.on('click', (e) => console.log('CLICK ' + JSON.stringify([e.x, e.y, e.lng, e.lat])));`;

/** The terrain of the `terrain` project: a DEM in degrees about 139.82°E 35.58°N, 0.64° across, 50 m high in its western half and 850 m in its eastern. */
function steps(): Buffer {
  const values = Array.from({ length: 64 * 64 }, (_, i) => (i % 64 < 32 ? 50 : 850));
  return readFileSync(writeRaster({ width: 64, height: 64, bands: [values], type: 'Int16', srs: 'EPSG:4326', ulx: 139.5, uly: 35.9, pixel: 0.01 }));
}

/** Metres (or square metres) from a shown figure such as `403.8 km` or `12,309 km²`, with the half of its last digit it may be off by. */
function metresOf(text: string): { value: number; within: number } {
  const match = /([\d,]+(?:\.(\d+))?) (m|km|m²|ha|km²)(?!\S)/.exec(text);
  if (!match) throw new Error(`no measure in ${JSON.stringify(text)}`);
  const scale = { m: 1, km: 1000, 'm²': 1, ha: 10_000, 'km²': 1_000_000 }[match[3] as 'm'];
  return { value: Number(match[1]!.replaceAll(',', '')) * scale, within: (0.5 / 10 ** (match[2]?.length ?? 0)) * scale };
}

describe('the published page’s measure tool in Chromium', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 320 },
    setUp: async (h) => {
      await h.project('measure');
      expect((await h.admin('POST', '/api/projects/measure/plugins', widgetPlugin('clicks', CLICKS))).status).toBe(201);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 137.5, lat: 35.5, height: 1_500_000, heading: 0, pitch: -90, roll: 0 },
        layers: [],
        widgets: [{ pluginId: 'clicks', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      expect((await h.admin('PUT', '/api/projects/measure/scene', scene)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/measure/publish')).status).toBe(200);
      await h.project('terrain');
      const dem = await uploadPublicAsset(h, 'terrain', 'steps.tif', steps());
      const onTerrain = {
        ...scene,
        property: { ...LIGHT_PROPERTY, terrain: { enabled: true, type: 'dem', assetId: dem } },
        camera: { lng: 139.82, lat: 35.58, height: 60_000, heading: 0, pitch: -90, roll: 0 },
        widgets: [],
      };
      expect((await h.admin('PUT', '/api/projects/terrain/scene', onTerrain)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/terrain/publish')).status).toBe(200);
    },
  });

  /** The places the plugin was told of, by pixel (a double-click's clicks are one place). */
  const places = (tab: TestPage) => {
    const seen = new Map<string, { lng: number; lat: number }>();
    for (const m of tab.consoleMessages) {
      if (!m.text.startsWith('[plugin clicks/main] CLICK ')) continue;
      const [x, y, lng, lat] = JSON.parse(m.text.slice('[plugin clicks/main] CLICK '.length)) as number[];
      seen.set(`${x},${y}`, { lng: lng!, lat: lat! });
    }
    return [...seen.values()];
  };

  it('measures a line (a double-click ends it) and a polygon (Enter ends it) by clicked pixels, shows each beside its shape and in the panel, and Escape cancels', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/p/measure`);
    await viewerReady(page);
    const viewer = page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    await page.getByTestId('measure-button').click();
    await expect.poll(() => page.getByTestId('measure-distance').getAttribute('aria-pressed')).toBe('true');
    const result = page.getByTestId('measure-result');
    const label = page.getByTestId('measure-label');

    // A line of three points.
    await page.mouse.click(box.x + 40, box.y + 40);
    await page.mouse.click(box.x + 200, box.y + 60);
    await page.mouse.dblclick(box.x + 380, box.y + 140);
    await expect.poll(() => result.getAttribute('data-done')).toBe('true');
    await expect.poll(() => places(fx.tab).length).toBe(3);
    const line = places(fx.tab);
    const shownLine = metresOf((await result.textContent())!);
    expect(await result.textContent()).toMatch(/^Distance [\d,.]+ km$/);
    expect(Math.abs(shownLine.value - geodesicLength(line))).toBeLessThanOrEqual(shownLine.within);
    // Beside the shape: the label's figure, just right of the last point.
    expect((await result.textContent())!.endsWith((await label.textContent())!)).toBe(true);
    const at = (await label.boundingBox())!;
    expect(Math.abs(at.x - (box.x + 390))).toBeLessThanOrEqual(2);
    expect(Math.abs(at.y - (box.y + 140 - 12))).toBeLessThanOrEqual(2);

    // A polygon of four points, ended by Enter.
    await page.getByTestId('measure-area').click();
    await expect.poll(() => result.textContent()).toBe('');
    const corners = [
      [300, 30],
      [460, 30],
      [460, 250],
      [300, 250],
    ] as const;
    for (const [x, y] of corners) await page.mouse.click(box.x + x, box.y + y);
    await page.keyboard.press('Enter');
    await expect.poll(() => result.getAttribute('data-done')).toBe('true');
    await expect.poll(() => places(fx.tab).length).toBe(7);
    const ring = places(fx.tab).slice(3);
    const text = (await result.textContent())!;
    expect(text).toMatch(/^Area [\d,.]+ km² · perimeter [\d,.]+ km$/);
    const { area, perimeter } = geodesicArea(ring);
    const shownArea = metresOf(text);
    expect(Math.abs(shownArea.value - area)).toBeLessThanOrEqual(shownArea.within);
    const shownPerimeter = metresOf(text.split('·')[1]!);
    expect(Math.abs(shownPerimeter.value - perimeter)).toBeLessThanOrEqual(shownPerimeter.within);
    expect(await label.textContent()).toBe(text.slice('Area '.length, text.indexOf(' ·')));
    await shot(page, 'published-measure');

    // Escape cancels a shape being drawn: no result, no label.
    await page.mouse.click(box.x + 320, box.y + 290);
    await page.mouse.move(box.x + 420, box.y + 290);
    await expect.poll(() => result.textContent()).toMatch(/^Area /);
    await page.keyboard.press('Escape');
    await expect.poll(() => result.textContent()).toBe('');
    expect(await label.isVisible()).toBe(false);
    fx.tab.assertClean();
  });

  it('measures a height on the terrain: from the DEM’s western half (50 m) to its eastern (850 m) is +800 m', async () => {
    const tab = await fx.open();
    const { page } = tab;
    await page.goto(`${fx.h.url}/p/terrain`);
    await viewerReady(page);
    const box = (await page.getByTestId('viewer').boundingBox())!;
    await page.getByTestId('measure-button').click();
    await page.getByTestId('measure-height').click();
    await page.mouse.click(box.x + box.width * 0.35, box.y + 40);
    await page.mouse.click(box.x + box.width * 0.65, box.y + 40);
    const result = page.getByTestId('measure-result');
    await expect.poll(() => result.getAttribute('data-done'), { timeout: 60_000 }).toBe('true');
    expect(await result.textContent()).toMatch(/^Height difference \+800 m · [\d.]+ km apart$/);
    expect(await page.getByTestId('measure-label').textContent()).toBe('+800 m');
    tab.assertClean();
  });

  it('is on the editor’s Map tab globe: a height measured between two clicks, and put away on another tab', async () => {
    const tab = await fx.open({ width: 1024, height: 640 });
    const { page } = tab;
    await page.goto(`${fx.h.url}/editor/measure?tab=map#token=${ADMIN_TOKEN}`);
    await viewerReady(page);
    const viewer = page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    await page.getByTestId('measure-button').click();
    await page.getByTestId('measure-height').click();
    await page.mouse.click(box.x + box.width - 200, box.y + box.height - 150);
    await page.mouse.click(box.x + box.width - 60, box.y + box.height - 60);
    const result = page.getByTestId('measure-result');
    await expect.poll(() => result.getAttribute('data-done')).toBe('true');
    // No terrain: both places are on the ellipsoid.
    expect(await result.textContent()).toMatch(/^Height difference 0 m · [\d,.]+ km apart$/);
    await shot(page, 'editor-measure');
    await page.getByTestId('tab-story').click();
    await expect.poll(() => page.getByTestId('measure-button').isVisible()).toBe(false);
    expect(await viewer.getAttribute('data-measuring')).toBe('');
    tab.assertClean();
  });

  it('fits a phone 375 px wide: the panel stays on the screen', async () => {
    const tab = await fx.open({ width: 375, height: 667 });
    await tab.page.goto(`${fx.h.url}/p/measure`);
    await viewerReady(tab.page);
    await tab.page.getByTestId('measure-button').click();
    const panel = (await tab.page.getByTestId('measure-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(375);
    for (const kind of ['distance', 'area', 'height']) {
      const b = (await tab.page.getByTestId(`measure-${kind}`).boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }
    tab.assertClean();
  });
});
