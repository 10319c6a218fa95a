import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIGHT_PROPERTY, lightenScene, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';
import { viewerReady } from './viewer-pixels.js';

/** What floats over the globe of a published page and must never cover another (docs/viewer.md). */
const PARTS = {
  widget: '.orbis-widget',
  tray: '[data-testid="widget-tray"]',
  legend: '[data-testid="legend"]',
  measure: '[data-testid="measure-button"]',
  timeline: '[data-testid="timeline"]',
  credits: '.cesium-viewer-bottom',
  story: 'aside.side',
  name: '.name-chip',
};

interface Part {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of every shown part (a hidden one has no box), named for the failure message. */
async function shownParts(page: Page): Promise<Part[]> {
  const found: Part[] = [];
  for (const [kind, selector] of Object.entries(PARTS)) {
    for (const element of await page.locator(selector).all()) {
      const box = await element.boundingBox();
      if (!box || box.width === 0 || box.height === 0 || !(await element.isVisible())) continue;
      found.push({ name: `${kind} ${(await element.getAttribute('data-plugin')) ?? ''}`.trim(), ...box });
    }
  }
  return found;
}

/** Every pair of parts that covers the other by more than half a pixel. */
function overlaps(parts: Part[]): string[] {
  const over: string[] = [];
  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) over.push(`${a.name} and ${b.name} (${Math.round(w)}×${Math.round(h)} px)`);
    }
  }
  return over;
}

describe('the published demo page on a phone and in a small window', () => {
  const fx = useBrowserAndServer({
    harness: { demo: true },
    viewport: { width: 390, height: 844 },
    // The demo as published, drawn without atmosphere and fog: what floats over the globe is laid out
    // alike, and each frame of this test's many resizes costs a fraction (measured: 52 s to 33 s alone).
    setUp: async (h) => {
      await lightenScene(h, 'demo');
      expect((await h.admin('POST', '/api/projects/demo/publish')).status).toBe(200);
    },
  });

  it('folds the widgets on a phone, and keeps the widgets, widget tray, legend, measure button, timeline bar (only on the page with time data), credit line and story sheet apart at 390×844, 640×480, 360×640 and 740×360', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto(`${h.url}/p/demo`);
    await viewerReady(page);
    // The demo's layers are small: the large layers' progress line never shows (it once showed
    // empty from the start, a white band at the globe's bottom left).
    expect(await page.getByTestId('layer-progress').isVisible()).toBe(false);
    const tray = page.getByTestId('widget-tray');
    const widgetsShown = async () => (await shownParts(page)).filter((p) => p.name.startsWith('widget')).length;
    const check = async (what: string, needs: string[]) => {
      // The parts this view must show are there, and none covers another.
      await expect
        .poll(
          async () => {
            const shown = await shownParts(page);
            return needs.filter((n) => !shown.some((p) => p.name === n));
          },
          { timeout: 30_000 },
        )
        .toEqual([]);
      expect({ what, overlaps: overlaps(await shownParts(page)) }).toEqual({ what, overlaps: [] });
    };
    const timelineHidden = () => page.locator(PARTS.timeline).isHidden();
    // A phone: the widget tray starts folded, so the widgets leave the globe to the story.
    await expect.poll(() => tray.getAttribute('aria-expanded'), { timeout: 60_000 }).toBe('false');
    expect(await widgetsShown()).toBe(0);
    // Page 1: the legend (folded on a phone) over the sheet; no time data shown, so no timeline bar.
    await check('390×844, story page 1', ['tray', 'legend', 'credits', 'story']);
    expect(await timelineHidden()).toBe(true);
    // Page 2, the flight: the timeline bar too.
    await page.getByTestId('story-next').click();
    await check('390×844, story page 2', ['tray', 'timeline', 'credits', 'story']);
    // A landscape small window has no tray: the demo's four plugins each show one widget.
    await page.setViewportSize({ width: 640, height: 480 });
    await expect.poll(widgetsShown, { timeout: 60_000 }).toBe(4);
    await check('640×480, story page 2', ['timeline', 'credits', 'story']);
    await page.getByTestId('story-prev').click();
    await check('640×480, story page 1', ['legend', 'credits', 'story']);
    // The flight is hidden again: its timeline bar goes with it.
    await expect.poll(timelineHidden).toBe(true);

    // A small phone: the tray folds again.
    await page.setViewportSize({ width: 360, height: 640 });
    await expect.poll(() => tray.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(widgetsShown).toBe(0);
    await check('360×640, tray folded', ['tray', 'legend', 'credits', 'story']);
    // The keyboard opens it (a real button): the four widgets are back, still apart from the rest.
    await tray.focus();
    await page.keyboard.press('Enter');
    await expect.poll(widgetsShown).toBe(4);
    expect(await tray.getAttribute('aria-expanded')).toBe('true');
    // Opened, the tray is a menu: its widgets may cover the legend and the timeline bar until folded
    // again (docs/viewer.md), but never each other, the tray's button, the credit line or the sheet.
    const menuOver = (pair: string) => pair.startsWith('widget') && / and (legend|timeline) /.test(pair);
    expect(overlaps(await shownParts(page)).filter((pair) => !menuOver(pair))).toEqual([]);
    await page.keyboard.press('Space');
    await expect.poll(widgetsShown).toBe(0);
    // A landscape or wide window has no tray: the widgets show whatever it was.
    await page.setViewportSize({ width: 640, height: 480 });
    await expect.poll(widgetsShown).toBe(4);
    expect(await tray.isVisible()).toBe(false);
    // A phone turned sideways (under 480 px high): the tray is back, folded, beside the story.
    await page.setViewportSize({ width: 740, height: 360 });
    await expect.poll(() => tray.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(widgetsShown).toBe(0);
    await check('740×360, tray folded', ['tray', 'legend', 'credits', 'story']);
    await tray.click();
    await expect.poll(widgetsShown).toBe(4);
    expect(overlaps(await shownParts(page)).filter((pair) => !menuOver(pair))).toEqual([]);
    // A small window as short but not as wide (4:3) is no phone: no tray, the widgets show.
    await page.setViewportSize({ width: 480, height: 360 });
    await expect.poll(() => tray.isVisible()).toBe(false);
    await expect.poll(widgetsShown).toBe(4);
    tab.assertClean();
  });
});

/** Four points coloured by conditions on their capacity: the page shows a legend of three rows. */
const SHELTERS = {
  type: 'FeatureCollection',
  features: [1, 2, 3, 4].map((c, i) => ({ type: 'Feature', properties: { capacity: c * 100 }, geometry: { type: 'Point', coordinates: [139 + i, 35] } })),
};

describe('the published page without a story: the name chip on a phone', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 700, height: 500 },
    setUp: async (h) => {
      await h.admin('POST', '/api/projects', { alias: 'chip', name: 'Evacuation shelters of the Kanto region, 2026', visibility: 'public' });
      const assetId = await uploadPublicAsset(h, 'chip', 'shelters.geojson', JSON.stringify(SHELTERS));
      const pointColor = {
        conditions: [
          ['${capacity} < 200', "color('#ff0000')"],
          ['${capacity} < 300', "color('#00ff00')"],
          ['true', "color('#0000ff')"],
        ],
      };
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: 140, lat: 35, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'shelters',
            title: 'Evacuation shelters by capacity',
            type: 'geojson',
            assetId,
            visible: true,
            appearance: { marker: { pointSize: 16, pointColor } },
          },
        ],
        widgets: [],
        story: { pages: [] },
      };
      expect((await h.admin('PUT', '/api/projects/chip/scene', scene)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/chip/publish')).status).toBe(200);
    },
  });

  it('keeps the project’s name clear of the legend and the measure button, folded or open, at 700×500, 390×844 and 360×640', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto(`${h.url}/p/chip`);
    await viewerReady(page);
    const legend = page.getByTestId('legend').locator('details');
    for (const [width, height] of [
      [700, 500],
      [390, 844],
      [360, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const open of [false, true]) {
        await legend.evaluate((d, o) => ((d as unknown as { open: boolean }).open = o), open);
        const what = `${width}×${height}, legend ${open ? 'open' : 'folded'}`;
        const missing = async () => {
          const shown = await shownParts(page);
          return { what, missing: ['name', 'legend', 'measure', 'credits'].filter((n) => !shown.some((p) => p.name === n)) };
        };
        await expect.poll(missing, { timeout: 30_000 }).toEqual({ what, missing: [] });
        const shown = await shownParts(page);
        expect({ what, overlaps: overlaps(shown) }).toEqual({ what, overlaps: [] });
        // The chip stays on the screen, its whole border included.
        const chip = shown.find((p) => p.name === 'name')!;
        expect({ what, left: chip.x >= 0, right: chip.x + chip.width <= width }).toEqual({ what, left: true, right: true });
      }
      await shot(page, `published-name-chip-${width}`);
    }
    tab.assertClean();
  });
});
