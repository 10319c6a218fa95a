import { describe, expect, it } from 'vitest';
import { emptyScene, overJapan, pluginLines, useBrowserAndServer } from './fixture.js';

/** A Re:Earth plugin of one widget, laid out by its reearth.yml as Re:Earth's header or sidebar is. */
const manifest = (id: string, layout: string) => `id: ${id}
name: ${id}
version: 1.0.0
extensions:
  - id: main
    type: widget
    name: ${id}
    widgetLayout:
${layout}
`;
const HEADER = manifest(
  'header',
  '      extendable: { horizontally: true }\n      extended: true\n      defaultLocation: { zone: inner, section: center, area: top }',
);
const SIDEBAR = manifest(
  'sidebar',
  '      extendable: { vertically: true }\n      extended: true\n      defaultLocation: { zone: inner, section: left, area: middle }',
);
// Each says how it is extended before and after it shows its frame (without saying `extended`).
const CODE = `console.log('BEFORE ' + JSON.stringify(reearth.extension.widget.extended));
reearth.ui.show('<p style="color:white">widget</p>', { width: 120, height: 40 });
setTimeout(() => console.log('AFTER ' + JSON.stringify(reearth.extension.widget.extended)), 0);`;

describe('a Re:Earth widget\'s widgetLayout.extended (docs/writing-plugins.md, "Widgets that stretch")', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 640, height: 480 },
    setUp: async (h) => {
      await h.project('stretch');
      await h.admin('PUT', '/api/projects/stretch/scene', emptyScene(overJapan()));
      for (const files of [
        { 'reearth.yml': HEADER, 'main.js': CODE },
        { 'reearth.yml': SIDEBAR, 'main.js': CODE },
      ]) {
        expect((await h.admin('POST', '/api/projects/stretch/plugins', { files })).status).toBe(201);
      }
      expect((await h.admin('POST', '/api/projects/stretch/publish')).status).toBe(200);
    },
  });

  it('shows a header across the top and a sidebar down the viewer from the start, and tells each plugin so', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/p/stretch`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    const said = (id: string, prefix: string) =>
      pluginLines(fx.tab, `${id}/main`)
        .filter((l) => l.startsWith(prefix))
        .map((l) => JSON.parse(l.slice(prefix.length + 1)));
    await expect.poll(() => said('sidebar', 'AFTER').length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => said('header', 'AFTER').length, { timeout: 60_000 }).toBe(1);
    expect(said('header', 'BEFORE')).toEqual([{ horizontally: true, vertically: false }]);
    expect(said('header', 'AFTER')).toEqual([{ horizontally: true, vertically: false }]);
    expect(said('sidebar', 'BEFORE')).toEqual([{ horizontally: false, vertically: true }]);
    expect(said('sidebar', 'AFTER')).toEqual([{ horizontally: false, vertically: true }]);

    const box = (id: string) => page.locator(`.orbis-widget[data-plugin="${id}/main"]`).boundingBox();
    const viewer = (await page.getByTestId('viewer').boundingBox())!;
    const header = (await box('header'))!;
    const sidebar = (await box('sidebar'))!;
    // The header spans its zone (the viewer less 8 px each side); its height is its own.
    expect(header.width).toBeGreaterThan(viewer.width - 20);
    expect(header.height).toBe(40);
    // The sidebar keeps its width and takes the height under the header, down to the credit line.
    expect(sidebar.width).toBe(120);
    expect(sidebar.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(sidebar.y + sidebar.height).toBeGreaterThan(viewer.y + viewer.height - 60);
    expect(sidebar.y + sidebar.height).toBeLessThanOrEqual(viewer.y + viewer.height - 32);
    await page.screenshot({ path: '/tmp/widget-extended.png' });
    fx.tab.assertClean();
  });
});
