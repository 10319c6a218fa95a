import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyScene, LIGHT_PROPERTY, reports, SAY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { dominantColorIn, isCloseTo, type Pixels, type Rgba, screenshotPixels, shareCloseTo } from './pixels.js';
import { shot } from './shots.js';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';

/*
 * docs/contract.md §18 on the published page, at 480 × 320: a clustered point layer (its counts add up
 * to the layer's size; clicks on the cluster in the middle fly in until it splits, down to one
 * point, whose infobox shows); a time-dynamic layer (exactly the features whose interval holds
 * the clock's time show, as the story's pages and a plugin's `app.timeline` set it); filters, the
 * legend's classes and groups (a range hides exactly the features outside it; a plugin reads the
 * filter in the layer's `show` and sets its own); a heat map (hottest where the points are densest,
 * its ramp in the legend).
 *
 * The clustered layer: a point "Centre" at 140°E 35.5°N with seven rings of eight points around it
 * (0.5°, 0.25° … 0.0078° away), so that the cluster holding it stays in the middle of the view as
 * it is split ring by ring; and 1,943 points (67 × 29) in a band 2.5°–4.5° south of it.
 */
const CENTRE = { lng: 140, lat: 35.5 };

function clusterPoints(): { text: string; size: number } {
  const features: string[] = [];
  const point = (name: string, lng: number, lat: number) =>
    features.push(
      `{"type":"Feature","properties":{"name":"${name}","kind":"${name.split(' ')[0]!.toLowerCase()}"},"geometry":{"type":"Point","coordinates":[${lng.toFixed(6)},${lat.toFixed(6)}]}}`,
    );
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

/**
 * With `hidden`, that many more grey points on the far side of the globe (out of view), all from
 * day 0 on: past the batched path's 10,000 features a batch, the layer comes in two batches, drawn
 * together as one model (docs/viewer.md "Time on the GPU").
 */
function timedPoints(hidden = 0): string {
  const far = Array.from({ length: hidden }, (_, i) => ({
    type: 'Feature',
    properties: { name: `H${i}`, colour: 'rgb(60,60,60)', from: iso(0) },
    geometry: { type: 'Point', coordinates: [170 + (i % 100) / 10, -5 + Math.floor(i / 100) / 10] },
  }));
  const features = TIMED.map((f, i) => {
    const properties = {
      name: `T${i}`,
      colour: `rgb(${f.colour.join(',')})`,
      ...(f.from !== undefined ? { from: iso(f.from) } : {}),
      ...(f.until !== undefined ? { until: iso(f.until) } : {}),
    };
    return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: [-5 + 2 * i, 0] } };
  });
  return JSON.stringify({ type: 'FeatureCollection', features: [...features, ...far] });
}

/** Which of these colours show anywhere in `pixels` (at least 12 pixels of each), by index. */
function coloursShown(pixels: Pixels, colours: readonly [number, number, number][]): number[] {
  const counts = colours.map(() => 0);
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const c: Rgba = pixels.at(x, y);
      colours.forEach((colour, i) => (counts[i]! += isCloseTo(c, colour, 50) ? 1 : 0));
    }
  }
  return counts.flatMap((n, i) => (n >= 12 ? [i] : []));
}

const timedShown = (pixels: Pixels) =>
  coloursShown(
    pixels,
    TIMED.map((f) => f.colour),
  );

/** The features whose interval holds day `n` (start ≤ n < end). */
const holding = (n: number) => TIMED.flatMap((f, i) => (f.from === undefined || (f.from <= n && n < (f.until ?? Infinity)) ? [i] : []));

/**
 * The filtered layer: six shelters in the timed layer's colours (by conditions on their capacity:
 * the legend's classes), of capacity 50, 150 … 550, west of 0°; beside them, in another group, one
 * yellow point.
 */
const CAPACITIES = [50, 150, 250, 350, 450, 550];
const FILTERED_COLOURS = [...TIMED.map((f) => f.colour), [255, 255, 0] as [number, number, number]];
const shelters = () =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: CAPACITIES.map((capacity, i) => ({
      type: 'Feature',
      properties: { name: `S${i}`, capacity, kind: i % 2 ? 'hall' : 'school' },
      geometry: { type: 'Point', coordinates: [2 + 2 * i, 5] },
    })),
  });
const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
// Reports the shelters' `show` as it reads it; once a shelter is selected, sets its own filter (capacity under 100).
const FILTER_PLUGIN = `${SAY}
let last;
setInterval(() => {
  const show = JSON.stringify(app.layers.findById('shelters').appearance?.marker?.show ?? null);
  if (show !== last) { last = show; say('show', show); }
}, 100);
app.layers.on('select', (layerId, featureId) => {
  if (featureId) app.layers.override('shelters', { appearance: { marker: { show: { expression: '\${capacity} < 100' } } } });
});`;

/** 3,000 points about 140°E 35.5°N, denser towards the middle (a fixed spiral, no randomness); `part` is "inner" within 0.75° of it. */
function heatPoints(): string {
  const features = Array.from({ length: 3000 }, (_, i) => {
    const r = 1.5 * (i / 3000);
    const a = i * 2.399963;
    return {
      type: 'Feature',
      properties: { part: r < 0.75 ? 'inner' : 'outer' },
      geometry: { type: 'Point', coordinates: [CENTRE.lng + r * Math.cos(a), CENTRE.lat + r * Math.sin(a)] },
    };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

// The clock plugin (docs/contract.md §8 app.timeline, layers.override): a selection sets day 0;
// clearing one makes the dots bigger (a restyle of the layer).
const TIME_SETTER = `let selected = false;
app.layers.on('select', (layerId, featureId) => {
  if (featureId) app.timeline.setTime({ current: '${iso(0)}' });
  else if (selected) app.layers.override('timed', { marker: { pointSize: 28 } });
  selected = Boolean(featureId);
});`;

/** What the viewer says its clustered layers show (mount-viewer.ts `data-clusters`). */
async function clustersShown(page: Page): Promise<Record<string, { markers: number; total: number }>> {
  return JSON.parse((await page.getByTestId('viewer').getAttribute('data-clusters')) ?? '{}') as Record<string, { markers: number; total: number }>;
}

/** A scene of the time-dynamic points (`layer`: more of the layer's fields) looking down at them, whose story's two pages set these days. */
function timedScene(assetId: string, layer: object, days: [number, number], widgets: object[] = []): object {
  const camera = { lng: 0, lat: 0, height: 3_000_000, heading: 0, pitch: -90, roll: 0 };
  return {
    property: LIGHT_PROPERTY,
    camera,
    layers: [{ id: 'timed', title: 'Timed', type: 'geojson', assetId, visible: true, data: { time: { property: 'from', endProperty: 'until' } }, ...layer }],
    widgets,
    story: { pages: days.map((d, i) => ({ id: ['one', 'two'][i], title: `Day ${d}`, text: '', camera, time: iso(d) })) },
  };
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
            filters: [{ property: 'kind', type: 'choice' }],
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
      const timedId = await uploadPublicAsset(h, 'timed', 'timed.geojson', timedPoints(10_000));
      expect((await h.admin('POST', '/api/projects/timed/plugins', widgetPlugin('clock', TIME_SETTER))).status).toBe(201);
      const timed = timedScene(
        timedId,
        { appearance: { marker: { pointSize: 16, pointColor: { expression: 'color(${colour})' } } } },
        [1.5, 3],
        [{ pluginId: 'clock', extensionId: 'main', enabled: true }],
      );
      const putTimed = await h.admin('PUT', '/api/projects/timed/scene', timed);
      expect(putTimed.status, await putTimed.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/timed/publish')).status).toBe(200);

      // The same points clustered: the clusters count the points shown at the story's times.
      await h.project('timeclusters');
      const timeClusters = timedScene(await uploadPublicAsset(h, 'timeclusters', 'timed.geojson', timedPoints()), { cluster: { enabled: true } }, [1.5, 5]);
      const putTimeClusters = await h.admin('PUT', '/api/projects/timeclusters/scene', timeClusters);
      expect(putTimeClusters.status, await putTimeClusters.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/timeclusters/publish')).status).toBe(200);

      await h.project('filtered');
      const sheltersId = await uploadPublicAsset(h, 'filtered', 'shelters.geojson', shelters());
      const otherId = await uploadPublicAsset(
        h,
        'filtered',
        'other.geojson',
        JSON.stringify({ type: 'Feature', properties: { name: 'Other' }, geometry: { type: 'Point', coordinates: [7, 9] } }),
      );
      expect((await h.admin('POST', '/api/projects/filtered/plugins', widgetPlugin('filterer', FILTER_PLUGIN))).status).toBe(201);
      const filtered = {
        property: LIGHT_PROPERTY,
        camera: { lng: 0, lat: 0, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
        groups: [
          { id: 'g1', title: 'Shelters' },
          { id: 'g2', title: 'Other things' },
        ],
        layers: [
          {
            id: 'shelters',
            title: 'Shelters',
            type: 'geojson',
            assetId: sheltersId,
            visible: true,
            group: 'g1',
            filters: [
              { property: 'capacity', type: 'range', label: 'Capacity' },
              { property: 'kind', type: 'choice' },
            ],
            appearance: {
              marker: { pointSize: 16, pointColor: { conditions: CAPACITIES.map((c, i) => [`\${capacity} === ${c}`, `color('${hex(TIMED[i]!.colour)}')`]) } },
            },
          },
          {
            id: 'other',
            title: 'Other',
            type: 'geojson',
            assetId: otherId,
            visible: true,
            group: 'g2',
            appearance: { marker: { pointSize: 16, pointColor: '#ffff00' } },
          },
        ],
        widgets: [{ pluginId: 'filterer', extensionId: 'main', enabled: true }],
        story: { pages: [] },
      };
      await h.project('heat');
      const heatId = await uploadPublicAsset(h, 'heat', 'heat.geojson', heatPoints());
      const heat = {
        ...emptyScene({ ...CENTRE, height: 600_000, heading: 0, pitch: -90, roll: 0 }),
        layers: [
          {
            id: 'heat',
            title: 'Density',
            type: 'geojson',
            assetId: heatId,
            visible: true,
            heatmap: { radius: 24 },
            filters: [{ property: 'part', type: 'choice' }],
          },
        ],
      };
      expect((await h.admin('PUT', '/api/projects/heat/scene', heat)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/heat/publish')).status).toBe(200);

      const putFiltered = await h.admin('PUT', '/api/projects/filtered/scene', filtered);
      expect(putFiltered.status, await putFiltered.clone().text()).toBe(200);
      expect((await h.admin('POST', '/api/projects/filtered/publish')).status).toBe(200);
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
    // Selected, the lone point is drawn yellow, as a selected feature is elsewhere.
    await expect
      .poll(async () => shareCloseTo(await screenshotPixels(page, page.getByTestId('viewer')), { x: 232, y: 152, width: 16, height: 16 }, [255, 255, 0], 60), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.1);
    await shot(page, 'published-clusters-point');
    // Seven rings: more than one split before the centre stands alone.
    expect(clicks).toBeGreaterThan(2);

    // A visitor's filter narrows the clusters: without the band's 1,943 points, they count the other 57.
    await page.reload();
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await expect.poll(async () => (await clustersShown(page)).clustered?.total, { timeout: 30_000 }).toBe(clustered.size);
    const filters = page.getByTestId('filters');
    if (!(await filters.locator('details').evaluate((d) => (d as unknown as { open: boolean }).open))) await filters.locator('summary').click();
    await page.getByTestId('filter-choice-clustered-kind-band').uncheck();
    await expect.poll(async () => (await clustersShown(page)).clustered?.total, { timeout: 30_000 }).toBe(clustered.size - 29 * 67);
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
    // The selection cleared, the plugin makes the dots bigger: a restyle, drawn together again at
    // the clock's time. The dots drawn before stay until the new ones are (docs/viewer.md, "Time on
    // the GPU"), so the cyan point, which has no time, shows in every screenshot. (Here the new dots
    // are drawn by the first screenshot, and the paused clock asks for no frame meanwhile: this
    // checks the restyle, not the wait.)
    const seen: number[][] = [];
    await expect
      .poll(
        async () => {
          const now = await screenshotPixels(page, page.getByTestId('viewer'));
          seen.push(timedShown(now));
          let cyan = 0;
          for (let y = 0; y < now.height; y++) for (let x = 0; x < now.width; x++) cyan += isCloseTo(now.at(x, y), TIMED[5]!.colour, 50) ? 1 : 0;
          return cyan > n * 2 && seen.at(-1)!.join() === holding(0).join();
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    expect(seen.filter((colours) => !colours.includes(5))).toEqual([]);
  }, 120_000);

  it('clusters a time-dynamic layer by the points whose interval holds the clock’s time', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/timeclusters`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    // Page 1 sets day 1.5: three of the six points hold it; page 2 day 5: two.
    await expect.poll(async () => (await clustersShown(page)).timed?.total, { timeout: 30_000 }).toBe(holding(1.5).length);
    await page.getByTestId('story-next').click();
    expect(holding(5)).toEqual([3, 5]);
    await expect.poll(async () => (await clustersShown(page)).timed?.total, { timeout: 30_000 }).toBe(2);
  }, 120_000);

  it('filters a layer by range, by the legend’s classes and by group, and a plugin reads and sets the filter as the layer’s show', async () => {
    const tab = await t.open({ width: 640, height: 480 });
    const { page } = tab;
    await page.goto(`${t.h.url}/p/filtered`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    const shown = async () => coloursShown(await screenshotPixels(page, page.getByTestId('viewer')), FILTERED_COLOURS);
    await expect.poll(shown, { timeout: 20_000 }).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Capacity 200–500: exactly the shelters of 250, 350 and 450 stay; the other group's point too.
    const filters = page.getByTestId('filters');
    if (!(await filters.locator('details').evaluate((d) => (d as unknown as { open: boolean }).open))) await filters.locator('summary').click();
    await page.getByTestId('filter-min-shelters-capacity').fill('200');
    await page.getByTestId('filter-min-shelters-capacity').dispatchEvent('change');
    await page.getByTestId('filter-max-shelters-capacity').fill('500');
    await page.getByTestId('filter-max-shelters-capacity').dispatchEvent('change');
    await expect.poll(shown, { timeout: 30_000 }).toEqual([2, 3, 4, 6]);
    // The plugin reads the filter where Re:Earth's plugins do: the layer's appearance's show.
    await expect
      .poll(() => String(reports(tab, 'filterer/main').show), { timeout: 10_000 })
      .toContain('Number(${capacity}) >= 200 && Number(${capacity}) <= 500');
    // The legend's row of 350 switches its class off; the second group's box hides its point.
    const legend = page.getByTestId('legend');
    if (!(await legend.locator('details').evaluate((d) => (d as unknown as { open: boolean }).open))) await legend.locator('summary').click();
    await legend.getByTestId('legend-row').nth(3).locator('button').click();
    await page.getByTestId('legend-group-visible-g2').uncheck();
    await shot(page, 'published-filters');
    // Folded again: its swatches are in the classes' colours.
    await legend.locator('summary').click();
    await expect.poll(shown, { timeout: 30_000 }).toEqual([2, 4]);
    // A click on the blue shelter selects it: the plugin sets its own show (capacity under 100).
    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    let [sx, sy, n] = [0, 0, 0];
    for (let y = 0; y < pixels.height; y++)
      for (let x = 0; x < pixels.width; x++) if (isCloseTo(pixels.at(x, y), FILTERED_COLOURS[2]!, 50)) [sx, sy, n] = [sx + x, sy + y, n + 1];
    await page.mouse.click(sx / n, sy / n);
    await page.keyboard.press('Escape');
    await expect.poll(shown, { timeout: 30_000 }).toEqual([0]);
  }, 120_000);

  it('gives a feature layer a Tools panel in the editor: its group, clusters, time and the visitors’ filters', async () => {
    const tab = await t.open({ width: 1024, height: 640 });
    const { page } = tab;
    // The shelters' file is held until the panel is open: its lists of properties fill once the layer is drawn.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(/shelters\.geojson/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${t.h.url}/editor/filtered?tab=map#token=${ADMIN_TOKEN}`);
    await page.getByTestId('tools-panel-shelters').locator('summary').click();
    const timeOptions = () => page.getByTestId('tools-time-shelters').locator('option').allTextContents();
    expect(await timeOptions()).toHaveLength(1);
    release();
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await expect.poll(timeOptions).toContain('capacity');
    expect(await page.getByTestId('tools-group-shelters').inputValue()).toBe('Shelters');
    expect(await page.getByTestId('filters-list-shelters').locator('li').count()).toBe(2);
    // A choice filter of the names (the type the names call for: a range for the capacities), and the points clustered: saved in the scene.
    await page.getByTestId('filters-property-shelters').selectOption('capacity');
    await expect.poll(() => page.getByTestId('filters-type-shelters').inputValue()).toBe('range');
    await page.getByTestId('filters-property-shelters').selectOption('name');
    await expect.poll(() => page.getByTestId('filters-type-shelters').inputValue()).toBe('choice');
    await page.getByTestId('filters-add-shelters').click();
    await page.getByTestId('tools-cluster-shelters').check();
    await page.getByTestId('tools-time-shelters').selectOption('capacity');
    await expect.poll(() => page.getByTestId('filters-list-shelters').locator('li').count()).toBe(3);
    // Drawn again from the scene, the panel shows what was saved.
    await expect.poll(() => page.getByTestId('tools-time-shelters').inputValue()).toBe('capacity');
    await page.getByTestId('filters-list-shelters').scrollIntoViewIfNeeded();
    await shot(page, 'editor-layer-tools');
    await expect
      .poll(
        async () => {
          const saved = (await (await t.h.admin('GET', '/api/projects/filtered/scene')).json()) as {
            layers: { id: string; cluster?: unknown; filters?: unknown[]; data?: unknown }[];
          };
          const layer = saved.layers.find((l) => l.id === 'shelters')!;
          return [layer.cluster, layer.filters?.length, layer.data];
        },
        { timeout: 20_000 },
      )
      .toEqual([{ enabled: true }, 3, { time: { property: 'capacity' } }]);
  }, 120_000);

  it('draws a point layer as a heat map, hottest where the points are densest, with its ramp in the legend; a filter takes its points out of the heat', async () => {
    const { page } = t.tab;
    await page.goto(`${t.h.url}/p/heat`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    // The ramp's last colour (red) in the middle, where the spiral is densest.
    const middleIsRed = async () => {
      const c = dominantColorIn(await screenshotPixels(page, page.getByTestId('viewer')), { x: 235, y: 155, width: 10, height: 10 });
      return c[0] > 200 && c[1] < 90 && c[2] < 90;
    };
    await expect.poll(middleIsRed, { timeout: 30_000 }).toBe(true);
    const legend = page.getByTestId('legend');
    if (!(await legend.locator('details').evaluate((d) => (d as unknown as { open: boolean }).open))) await legend.locator('summary').click();
    expect(await legend.getByTestId('legend-row').count()).toBe(6);
    await shot(page, 'published-heatmap');
    expect(await legend.getByTestId('legend-row').last().getAttribute('data-color')).toMatch(/^rgb\(255, ?0, ?0\)$/);
    // The visitor unticks the inner part: the heat is drawn again from the outer points alone, and
    // the middle, which no outer point reaches, is no longer hot.
    const filters = page.getByTestId('filters');
    if (!(await filters.locator('details').evaluate((d) => (d as unknown as { open: boolean }).open))) await filters.locator('summary').click();
    await page.getByTestId('filter-choice-heat-part-inner').uncheck();
    await expect.poll(middleIsRed, { timeout: 30_000 }).toBe(false);
    await shot(page, 'published-heatmap-filtered');
  }, 90_000);
});
