import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { isCloseTo, type Pixels, type Rgba, screenshotPixels } from './pixels.js';
import { shot } from './shots.js';

/*
 * docs/contract.md §18 on the published page, at 480 × 320: a clustered point layer (its counts add up
 * to the layer's size; clicks on the cluster in the middle fly in until it splits, down to one
 * point, whose infobox shows); a time-dynamic layer (exactly the features whose interval holds
 * the clock's time show, as the story's pages and a plugin's `app.timeline` set it).
 *
 * The clustered layer: a point "Centre" at 140°E 35.5°N with seven rings of eight points around it
 * (0.5°, 0.25° … 0.0078° away), so that the cluster holding it stays in the middle of the view as
 * it is split ring by ring; and 1,943 points (67 × 29) in a band 2.5°–4.5° south of it.
 */
const CENTRE = { lng: 140, lat: 35.5 };

function clusterPoints(): { text: string; size: number } {
  const features: string[] = [];
  const point = (name: string, lng: number, lat: number) =>
    features.push(`{"type":"Feature","properties":{"name":"${name}"},"geometry":{"type":"Point","coordinates":[${lng.toFixed(6)},${lat.toFixed(6)}]}}`);
  point('Centre', CENTRE.lng, CENTRE.lat);
  for (let ring = 0; ring < 7; ring++) {
    const r = 0.5 / 2 ** ring;
    for (let k = 0; k < 8; k++) point(`Ring ${ring}.${k}`, CENTRE.lng + r * Math.cos((k * Math.PI) / 4), CENTRE.lat + r * Math.sin((k * Math.PI) / 4));
  }
  for (let r = 0; r < 29; r++) for (let c = 0; c < 67; c++) point(`Band ${r}.${c}`, 135 + (c * 10) / 66, 31 + (r * 2) / 28);
  return { text: `{"type":"FeatureCollection","features":[${features.join(',')}]}`, size: features.length };
}

const clustered = clusterPoints();

/** A day after 2026-01-01 (ms), the time-dynamic layer's unit. */
const day = (n: number) => Date.UTC(2026, 0, 1) + n * 86_400_000;
const iso = (n: number) => new Date(day(n)).toISOString();
/** The time-dynamic layer: six points along the equator, each in its own colour, each with its interval (days; `until` absent: from its start on; no `from`: always). */
const TIMED = [
  { colour: [255, 0, 0], from: 0, until: 2 },
  { colour: [0, 255, 0], from: 1, until: 3 },
  { colour: [0, 0, 255], from: 2, until: 4 },
  { colour: [255, 128, 0], from: 3 },
  { colour: [255, 0, 255], from: 0, until: 1 },
  { colour: [0, 255, 255] },
] as { colour: [number, number, number]; from?: number; until?: number }[];

function timedPoints(): string {
  const features = TIMED.map((f, i) => {
    const properties = {
      name: `T${i}`,
      colour: `rgb(${f.colour.join(',')})`,
      ...(f.from !== undefined ? { from: iso(f.from) } : {}),
      ...(f.until !== undefined ? { until: iso(f.until) } : {}),
    };
    return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: [-5 + 2 * i, 0] } };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** The time-dynamic features whose colours show anywhere on the globe (at least 12 pixels of each). */
function timedShown(pixels: Pixels): number[] {
  const counts = TIMED.map(() => 0);
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const c: Rgba = pixels.at(x, y);
      TIMED.forEach((f, i) => (counts[i]! += isCloseTo(c, f.colour, 50) ? 1 : 0));
    }
  }
  return counts.flatMap((n, i) => (n >= 12 ? [i] : []));
}

/** The features whose interval holds day `n` (start ≤ n < end). */
const holding = (n: number) => TIMED.flatMap((f, i) => (f.from === undefined || (f.from <= n && n < (f.until ?? Infinity)) ? [i] : []));

// Sets the clock to day 0 when a feature is selected (docs/contract.md §8 app.timeline).
const TIME_SETTER = `app.layers.on('select', (layerId, featureId) => { if (featureId) app.timeline.setTime({ current: '${iso(0)}' }); });`;

/** What the viewer says its clustered layers show (mount-viewer.ts `data-clusters`). */
async function clustersShown(page: Page): Promise<Record<string, { markers: number; total: number }>> {
  return JSON.parse((await page.getByTestId('viewer').getAttribute('data-clusters')) ?? '{}') as Record<string, { markers: number; total: number }>;
}

describe('the map maker’s layer tools in Chromium', () => {
  const t = useBrowserAndServer({
    viewport: { width: 480, height: 320 },
    setUp: async (h) => {
      await h.project('tools');
      const pointsId = await uploadPublicAsset(h, 'tools', 'points.geojson', clustered.text);
      const scene = {
        property: LIGHT_PROPERTY,
        camera: { lng: CENTRE.lng, lat: CENTRE.lat, height: 1_500_000, heading: 0, pitch: -90, roll: 0 },
        layers: [
          {
            id: 'clustered',
            title: 'Clustered',
            type: 'geojson',
            assetId: pointsId,
            visible: true,
            cluster: { enabled: true, radius: 60 },
            appearance: { marker: { pointColor: '#00ff00', pointSize: 8 } },
            infobox: { title: '${name}' },
          },
        ],
        widgets: [],
        story: { pages: [] },
      };
      const put = await h.admin('PUT', '/api/projects/tools/scene', scene);
      expect(put.status, await put.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/tools/publish')).status).toBe(200);

      await h.project('timed');
      const timedId = await uploadPublicAsset(h, 'timed', 'timed.geojson', timedPoints());
      expect((await h.admin('POST', '/api/projects/timed/plugins', widgetPlugin('clock', TIME_SETTER))).status).toBe(201);
      const camera = { lng: 0, lat: 0, height: 3_000_000, heading: 0, pitch: -90, roll: 0 };
      const timed = {
        property: LIGHT_PROPERTY,
        camera,
        layers: [
          {
            id: 'timed',
            title: 'Timed',
            type: 'geojson',
            assetId: timedId,
            visible: true,
            data: { time: { property: 'from', endProperty: 'until' } },
            appearance: { marker: { pointSize: 16, pointColor: { expression: 'color(${colour})' } } },
          },
        ],
        widgets: [{ pluginId: 'clock', extensionId: 'main', enabled: true }],
        story: {
          pages: [
            { id: 'one', title: 'Day 1.5', text: '', camera, time: iso(1.5) },
            { id: 'two', title: 'Day 3', text: '', camera, time: iso(3) },
          ],
        },
      };
      const putTimed = await h.admin('PUT', '/api/projects/timed/scene', timed);
      expect(putTimed.status, await putTimed.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/timed/publish')).status).toBe(200);
    },
  });

  it('clusters a point layer: the counts add up to its size, a click flies in until one point is left, whose infobox shows', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/tools`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await expect.poll(async () => (await clustersShown(page)).clustered?.total, { timeout: 30_000 }).toBe(clustered.size);
    expect((await clustersShown(page)).clustered!.markers).toBeLessThan(100);
    await shot(page, 'published-clusters');

    const infobox = page.getByTestId('infobox');
    let clicks = 0;
    for (; clicks < 16 && !(await infobox.isVisible()); clicks++) {
      const before = JSON.stringify(await clustersShown(page));
      await page.mouse.click(240, 160);
      // Either the cluster under the click split (the view drawn anew, deeper) or the point's infobox opened.
      await expect.poll(async () => (await infobox.isVisible()) || JSON.stringify(await clustersShown(page)) !== before, { timeout: 20_000 }).toBe(true);
    }
    await infobox.waitFor({ state: 'visible' });
    expect(await infobox.locator('h2').textContent()).toBe('Centre');
    await shot(page, 'published-clusters-point');
    // Seven rings: more than one split before the centre stands alone.
    expect(clicks).toBeGreaterThan(2);
  }, 180_000);

  it('shows exactly the features whose interval holds the clock’s time, as the story and a plugin set it', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/timed`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await page.getByTestId('timeline').waitFor({ state: 'visible' });
    const shown = async () => timedShown(await screenshotPixels(page, page.getByTestId('viewer')));
    // Page 1 sets day 1.5: red (0–2), green (1–3) and the cyan point without a time; magenta ended at day 1.
    expect(holding(1.5)).toEqual([0, 1, 5]);
    await expect.poll(shown, { timeout: 20_000 }).toEqual(holding(1.5));
    await shot(page, 'published-time');
    // Page 2 sets day 3: green's interval ends there, orange's (no end) begins.
    await page.getByTestId('story-next').click();
    expect(holding(3)).toEqual([2, 3, 5]);
    await expect.poll(shown, { timeout: 20_000 }).toEqual(holding(3));
    // A click on the cyan point selects it; the plugin sets day 0 through app.timeline.
    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    let [sx, sy, n] = [0, 0, 0];
    for (let y = 0; y < pixels.height; y++)
      for (let x = 0; x < pixels.width; x++) if (isCloseTo(pixels.at(x, y), TIMED[5]!.colour, 50)) [sx, sy, n] = [sx + x, sy + y, n + 1];
    const box = (await page.getByTestId('viewer').boundingBox())!;
    await page.mouse.click(box.x + sx / n, box.y + sy / n);
    // Its infobox covers the points: closed (the selection clears), the time stays.
    const infobox = page.getByTestId('infobox');
    await infobox.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await infobox.waitFor({ state: 'hidden' });
    expect(holding(0)).toEqual([0, 4, 5]);
    await expect.poll(shown, { timeout: 20_000 }).toEqual(holding(0));
  }, 120_000);
});
