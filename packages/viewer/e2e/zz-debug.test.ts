import { it } from 'vitest';
import { startHarness } from '../../server/src/test/harness.js';
import { launchBrowser, newPage } from './browser.js';

it('debug', async () => {
  const [browser, h] = await Promise.all([launchBrowser(), startHarness()]);
  await h.project('dbg');
  await h.admin('PUT', '/api/projects/dbg/scene', { property: { terrain: { enabled: false } }, camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 }, layers: [], widgets: [], story: { pages: [] } });
  const code = `console.log('iso', 1); const c = app.viewer.capture(); console.log('cap', typeof c, c && c.length); console.log('after');`;
  await h.admin('POST', '/api/projects/dbg/plugins', { manifest: { id: 'd', name: 'd', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'd' }] }, files: { 'main.js': code } });
  await h.admin('POST', '/api/projects/dbg/publish');
  const tab = await newPage(browser, { width: 640, height: 480 });
  await tab.page.goto(`${h.url}/p/dbg`);
  await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
  await new Promise((r) => setTimeout(r, 3000));
  console.log(await tab.page.evaluate(() => crossOriginIsolated));
  console.log(tab.consoleMessages.map((m) => `${m.type} ${m.text.slice(0, 300)}`).join('\n'));
  console.log(tab.pageErrors);
  await browser.close();
  await h.close();
});
