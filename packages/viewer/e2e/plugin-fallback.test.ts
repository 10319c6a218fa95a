import { describe, expect, it } from 'vitest';
import { widgetPlugin as plugin, pluginLines, emptyScene, overJapan, useBrowserAndServer } from './fixture.js';

const GOOD = `
  let beats = 0;
  setInterval(() => console.log('BEAT ' + ++beats), 100);
  console.log('LOCATION ' + JSON.stringify(app.viewer.tools.getLocationFromScreenCoordinate(app.viewer.viewport.width / 2, app.viewer.viewport.height / 2)));
`;

describe('plugins without cross-origin isolation (ORBIS_CROSS_ORIGIN_ISOLATION=off): the main-thread fallback (docs/contract.md §11)', () => {
  const fx = useBrowserAndServer({
    env: { ORBIS_CROSS_ORIGIN_ISOLATION: 'off' },
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      await h.project('plain');
      await h.admin('PUT', '/api/projects/plain/scene', emptyScene(overJapan()));
      for (const p of [plugin('good', GOOD), plugin('looper', 'for (;;) {}'), plugin('other', 'console.log("OTHER")')]) {
        expect((await h.admin('POST', '/api/projects/plain/plugins', p)).status).toBe(201);
      }
      expect((await h.admin('POST', '/api/projects/plain/publish')).status).toBe(200);
    },
  });

  it('sends no isolation headers, runs plugins on the main thread, says so once, and still stops a looping plugin', async () => {
    const response = await fetch(`${fx.h.url}/p/plain`);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();
    await fx.tab.page.goto(`${fx.h.url}/p/plain`);
    await fx.tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    expect(await fx.tab.page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated)).toBe(false);
    expect(fx.tab.consoleMessages.filter((m) => m.text.startsWith('[orbis] plugins run on the main thread'))).toHaveLength(1);
    const lines = (id: string) => pluginLines(fx.tab, `${id}/main`);
    await expect.poll(() => lines('good').filter((l) => l.startsWith('BEAT ')).length, { timeout: 30_000 }).toBeGreaterThan(3);
    const location = JSON.parse(
      lines('good')
        .find((l) => l.startsWith('LOCATION '))!
        .slice('LOCATION '.length),
    ) as { lng: number };
    expect(location.lng).toBeCloseTo(140, 0);
    expect(lines('looper')).toEqual([expect.stringMatching(/^stopped: InternalError: interrupted/)]);
    expect(lines('other')).toEqual(['OTHER']);
    fx.tab.assertClean();
  });
});
