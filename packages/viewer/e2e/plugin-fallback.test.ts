import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../server/src/test/harness.js';
import { launchBrowser, newPage, type TestPage } from './browser.js';

const GOOD = `
  let beats = 0;
  setInterval(() => console.log('BEAT ' + ++beats), 100);
  console.log('LOCATION ' + JSON.stringify(app.viewer.tools.getLocationFromScreenCoordinate(app.viewer.viewport.width / 2, app.viewer.viewport.height / 2)));
`;

function plugin(id: string, code: string) {
  return { manifest: { id, name: id, version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: id }] }, files: { 'main.js': code } };
}

describe('plugins without cross-origin isolation (ORBIS_CROSS_ORIGIN_ISOLATION=off): the main-thread fallback (SPEC §11)', () => {
  let browser: Browser;
  let h: Harness;
  let tab: TestPage;

  beforeAll(async () => {
    [browser, h] = await Promise.all([launchBrowser(), startHarness({ ORBIS_CROSS_ORIGIN_ISOLATION: 'off' })]);
    await h.project('plain');
    await h.admin('PUT', '/api/projects/plain/scene', {
      property: { terrain: { enabled: false } },
      camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
      layers: [],
      widgets: [],
      story: { pages: [] },
    });
    for (const p of [plugin('good', GOOD), plugin('looper', 'for (;;) {}'), plugin('other', 'console.log("OTHER")')]) {
      expect((await h.admin('POST', '/api/projects/plain/plugins', p)).status).toBe(201);
    }
    expect((await h.admin('POST', '/api/projects/plain/publish')).status).toBe(200);
    tab = await newPage(browser, { width: 480, height: 360 });
  });
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await h?.close();
  });

  it('sends no isolation headers, runs plugins on the main thread, says so once, and still stops a looping plugin', async () => {
    const response = await fetch(`${h.url}/p/plain`);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();
    await tab.page.goto(`${h.url}/p/plain`);
    await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    expect(await tab.page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated)).toBe(false);
    expect(tab.consoleMessages.filter((m) => m.text.startsWith('[orbis] plugins run on the main thread'))).toHaveLength(1);
    const lines = (id: string) => tab.consoleMessages.filter((m) => m.text.startsWith(`[plugin ${id}/main] `)).map((m) => m.text.slice(`[plugin ${id}/main] `.length));
    await expect.poll(() => lines('good').filter((l) => l.startsWith('BEAT ')).length, { timeout: 30_000 }).toBeGreaterThan(3);
    const location = JSON.parse(lines('good').find((l) => l.startsWith('LOCATION '))!.slice('LOCATION '.length)) as { lng: number };
    expect(location.lng).toBeCloseTo(140, 0);
    expect(lines('looper')).toEqual([expect.stringMatching(/^stopped: InternalError: interrupted/)]);
    expect(lines('other')).toEqual(['OTHER']);
    tab.assertClean();
  });
});
