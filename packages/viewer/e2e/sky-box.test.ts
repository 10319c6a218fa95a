import { describe, expect, it } from 'vitest';
import { emptyScene, overJapan, useBrowserAndServer } from './fixture.js';

/** The published page fetches the star sky box only once the view shows space (engine/cesium/cesium-sky-box.ts). */
describe('the sky box on demand', () => {
  const skyBoxRequests: string[] = [];
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('sky');
      // 300 km straight down: the view is all globe.
      expect((await h.admin('PUT', '/api/projects/sky/scene', emptyScene(overJapan(300_000)))).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/sky/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      tab.page.on('request', (request) => /\/SkyBox\//.test(request.url()) && skyBoxRequests.push(request.url()));
      await tab.page.goto(`${h.url}/p/sky`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    },
  });

  it('is not fetched while the view shows only the globe, and is once the camera rests where space shows', async () => {
    expect(skyBoxRequests).toEqual([]);
    const viewer = fx.tab.page.getByTestId('viewer');
    const box = (await viewer.boundingBox())!;
    await fx.tab.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Out to thousands of kilometres, where the globe no longer fills the corners.
    for (let i = 0; i < 14; i++) await fx.tab.page.mouse.wheel(0, 3000);
    await expect.poll(() => skyBoxRequests.length, { timeout: 60_000 }).toBe(6);
    fx.tab.assertClean();
  });
});
