import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';

/*
 * docs/contract.md §18 on the published page, at 480 × 320: a clustered point layer (its counts add up
 * to the layer's size; clicks on the cluster in the middle fly in until it splits, down to one
 * point, whose infobox shows).
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
});
