import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { CSP_VIOLATION, newPage } from './browser.js';
import { LIGHT_PROPERTY, widgetPlugin as plugin, reports as reportsOf, SAY, useBrowserAndServer } from './fixture.js';
import { dominantColorIn, screenshotPixels } from './pixels.js';

const REPORTER = `
  const v = app.viewer;
  ${SAY}
  say('env', v.env);
  say('viewport', v.viewport);
  say('property', v.property);
  say('mode', v.interactionMode.mode);
  say('cartesian', v.tools.cartographicToCartesian(0, 0, 0));
  const w = v.viewport.width, h = v.viewport.height;
  say('centre', v.tools.getLocationFromScreenCoordinate(w / 2, h / 2));
  const captures = [v.capture(), v.capture('image/jpeg', 0.5), v.capture('image/webp'), v.capture('image/gif')];
  say('captures', captures.map((c) => (typeof c === 'string' ? c.slice(0, 15) : c)));
  const tokyo = v.tools.cartographicToCartesian(139.7454, 35.6586, 0);
  const screen = v.tools.getScreenCoordinateFromPosition(tokyo);
  say('screen', screen);
  say('back', v.tools.cartesianToCartographic(tokyo[0], tokyo[1], tokyo[2]).map((n) => Math.round(n * 1e4) / 1e4));
  say('visible', [v.tools.isPositionVisibleOnGlobe(tokyo), v.tools.isPositionVisibleOnGlobe(v.tools.cartographicToCartesian(-40, -35, 0))]);
  const moved = v.tools.transformByOffsetOnScreen(tokyo, [50, 0]);
  say('moved', moved && v.tools.getScreenCoordinateFromPosition(moved));
  v.tools.getCurrentLocationAsync({ timeout: 2000 }).then((l) => say('geolocation', l === undefined ? 'unavailable' : l));
  try { v.open('javascript:alert(1)'); } catch (e) { say('open', e.name); }
  v.overrideProperty({ globe: { baseColor: '#00ff00' }, tiles: [] });
  say('overridden', v.property);
  v.on('resize', (e) => say('resize', e));
  // The globe's height needs its tiles: asked once the page is ready and clicked, not at start-up.
  v.on('click', (e) => { say('click', e); say('globeHeight', v.tools.getGlobeHeight(140, 35.5)); }, { once: true });
  v.tools.getTerrainHeightAsync(140, 35.5).then((height) => say('terrain', height));
  app.ui.show('<p id="hello">hello from a plugin</p><script>parent.postMessage({ from: "ui" }, "*")</script>', { width: 160, height: 60 });
  app.ui.on('message', (m) => say('ui', m));
`;

describe('plugins in Chromium with the real engine', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 640, height: 480 },
    setUp: async (h) => {
      await h.project('plugged');
      const form = new FormData();
      form.append('public', 'true');
      const zone = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { fill: '#ff0000', 'fill-opacity': 1 },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [135, 31],
                  [145, 31],
                  [145, 40],
                  [135, 40],
                  [135, 31],
                ],
              ],
            },
          },
        ],
      };
      form.append('file', new Blob([JSON.stringify(zone)]), 'zone.geojson');
      const asset = await (
        await fetch(`${h.url}/api/projects/plugged/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form })
      ).json();
      await h.admin('PUT', '/api/projects/plugged/scene', {
        property: LIGHT_PROPERTY,
        camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [{ id: 'zone', title: 'Zone', type: 'geojson', assetId: asset.id, visible: true }],
        widgets: [],
        story: { pages: [] },
      });
      const hog = 'const a = []; for (;;) a.push(new Array(100000).fill(1));';
      for (const p of [plugin('looper', 'for (;;) {}'), plugin('hog', hog), plugin('thrower', 'throw new Error("boom")'), plugin('reporter', REPORTER)]) {
        expect((await h.admin('POST', '/api/projects/plugged/plugins', p)).status).toBe(201);
      }
      expect((await h.admin('POST', '/api/projects/plugged/publish')).status).toBe(200);
    },
  });

  const reports = () => reportsOf(fx.tab, 'reporter/main');

  it('runs plugins on the published page: every member answers, bad plugins are stopped, the page gets ready', async () => {
    await fx.tab.page.goto(`${fx.h.url}/p/plugged`);
    await fx.tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    // The reporter's lines come from its worker: wait for the last of its top-level reports.
    await expect.poll(() => Object.keys(reports()), { timeout: 120_000 }).toEqual(expect.arrayContaining(['env', 'captures', 'moved', 'open', 'overridden']));
    const r = reports();
    expect(r.env).toEqual({ inEditor: false, isBuilt: true, language: 'en' });
    expect(r.viewport).toMatchObject({ width: 640, height: 480, isMobile: false, query: {} });
    expect(r.property).toEqual(LIGHT_PROPERTY);
    expect(r.mode).toBe('default');
    expect(r.cartesian).toEqual([6378137, 0, 0]);
    const centre = r.centre as { lng: number; lat: number };
    expect(centre.lng).toBeCloseTo(140, 0);
    expect(centre.lat).toBeCloseTo(35.5, 0);
    expect(r.captures).toEqual(['data:image/png;', 'data:image/jpeg', 'data:image/webp', 'data:image/png;']);
    const screen = r.screen as [number, number];
    expect(screen[0]).toBeGreaterThan(0);
    expect(screen[0]).toBeLessThan(640);
    expect(r.back).toEqual([139.7454, 35.6586, 0]);
    expect(r.visible).toEqual([true, false]);
    const moved = r.moved as [number, number];
    expect(moved[0] - screen[0]).toBeCloseTo(50, -1);
    expect(r.open).toBe('TypeError');
    expect(r.overridden).toEqual({ ...LIGHT_PROPERTY, globe: { ...LIGHT_PROPERTY.globe, baseColor: '#00ff00' }, tiles: [] });
    await expect.poll(() => reports().geolocation, { timeout: 60_000 }).toBe('unavailable');
    const errors = () => fx.tab.consoleMessages.filter((m) => m.type === 'error').map((m) => m.text);
    expect(errors().some((t) => t.startsWith('[plugin looper/main] stopped: ') && /interrupted/.test(t))).toBe(true);
    expect(errors().some((t) => t.startsWith('[plugin thrower/main]') && /boom/.test(t))).toBe(true);
    // In a worker the watchdog ends it first: near its limit QuickJS's collector runs for seconds
    // where the interrupt cannot reach (on the main thread it reaches the limit, seconds later).
    expect(errors()).toEqual(expect.arrayContaining([expect.stringMatching(/^\[plugin hog\/main\] stopped: .*(memory|time limit)/)]));
  });

  it('delivers a real click over the canvas with coordinates and the layer under it', async () => {
    const viewer = fx.tab.page.getByTestId('viewer');
    // CesiumJS builds the zone's polygon after the page is ready: the plugin hears one click only, so that click
    // waits until the polygon is drawn under it (its red), else a loaded machine's pick finds no layer.
    await expect
      .poll(
        async () => {
          const [r, g, b] = dominantColorIn(await screenshotPixels(fx.tab.page, viewer), { x: 312, y: 232, width: 16, height: 16 });
          return r! > 180 && g! < 80 && b! < 80;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const box = (await viewer.boundingBox())!;
    await fx.tab.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => reports().click, { timeout: 30_000 }).toBeDefined();
    const click = reports().click as { x: number; y: number; lng: number; lat: number; layerId?: string };
    expect(click.x).toBeCloseTo(320, -1);
    expect(click.y).toBeCloseTo(240, -1);
    expect(click.lng).toBeCloseTo(140, 0);
    expect(click.layerId).toBe('zone');
    // The seed: a number or undefined. The loaded surface, not the ellipsoid: from 6,000 km up,
    // coarse tiles sag below it by kilometres; with no rendered tile there, undefined.
    const globeHeight = reports().globeHeight as number | null | undefined;
    if (globeHeight !== undefined && globeHeight !== null) expect(Math.abs(globeHeight)).toBeLessThan(20_000);
  });

  it("tells plugins where they run: the editor's tabs and its publish tab", async () => {
    const editor = await newPage(fx.browser, { width: 640, height: 480 });
    try {
      const envOn = async (query: string) => {
        editor.consoleMessages.length = 0;
        await editor.page.goto(`${fx.h.url}/editor/plugged?${query}`);
        await editor.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
        return reportsOf(editor, 'reporter/main').env;
      };
      expect(await envOn(`tab=map#token=${ADMIN_TOKEN}`)).toEqual({ inEditor: true, isBuilt: false, language: 'en' });
      // The editor shows the plugin's console lines too.
      await expect.poll(() => editor.page.getByTestId('plugin-console').textContent()).toContain('[plugin reporter/main] REPORT');
      expect(await envOn('tab=publish')).toEqual({ inEditor: false, isBuilt: false, language: 'en' });
      expect(await envOn('tab=widgets')).toEqual({ inEditor: true, isBuilt: false, language: 'en' });
      await expect.poll(() => editor.page.getByTestId('widget-list').textContent()).toContain('reporter');
      // The editor runs under its Content-Security-Policy with nothing refused.
      expect(editor.consoleMessages.filter((m) => CSP_VIOLATION.test(m.text))).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('tells plugins when the viewer is resized, with the new viewport', async () => {
    await fx.tab.page.setViewportSize({ width: 600, height: 420 });
    await expect.poll(() => reports().resize, { timeout: 60_000 }).toEqual({ width: 600, height: 420, isMobile: false });
    await fx.tab.page.setViewportSize({ width: 640, height: 480 });
  });

  it('resolves async tools and shows plugin UI in a sandboxed iframe that can only post messages', async () => {
    await expect.poll(() => reports().terrain, { timeout: 60_000 }).toBe(0);
    await expect.poll(() => reports().ui, { timeout: 60_000 }).toEqual({ from: 'ui' });
    const frame = fx.tab.page.locator('iframe[data-plugin="reporter/main"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await fx.tab.page.frameLocator('iframe[data-plugin="reporter/main"]').locator('#hello').textContent()).toBe('hello from a plugin');
    // The published page and the plugin's frame run under their policies with nothing refused.
    expect(fx.tab.consoleMessages.filter((m) => CSP_VIOLATION.test(m.text))).toEqual([]);
    fx.tab.assertClean();
  });
});
