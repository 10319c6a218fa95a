import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shot } from './shots.js';
import { emptyScene, reports, SAY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';

/**
 * Re:Earth's built-in infobox blocks (docs/viewer.md) on a published page: two of Re:Earth's Plugin
 * Playground presets, vendored unmodified in `reearth-presets/`, add layers whose infobox names them
 * (`app.layers.add` with `infobox.blocks`), and a scene layer stores them as Re:Earth stores them.
 * A real click on each layer's point opens the infobox with what the blocks say.
 */
const PRESETS = ['addInfoboxRichBlocks', 'addInfoboxSpecificProperties'];

function presetPackage(name: string) {
  const dir = new URL(`./reearth-presets/${name}/`, import.meta.url);
  return { files: Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(new URL(file, dir), 'utf8')])) };
}

/** Where the presets' data lives (Re:Earth's sample data); the test answers with data of its own in the same columns. */
const SAMPLE = 'https://reearth.github.io/visualizer-plugin-sample-data/public';
const PICTURE = 'https://pictures.example.org/foss4g.svg';
const CSV = [
  'event_name,date,description,location,url,image_url,video_url,lat,lng',
  `FOSS4G Japan 2024,2024/11/09-2024/11/10,"### FOSS4G Japan\n- Held in **Kawasaki**\n- <img src=x onerror=alert(1)>",Kawasaki,https://www.osgeo.jp/,${PICTURE},https://youtu.be/D1JMQfmGwpg?si=UfWxzpJ9e6_CchpZ,35.610209,139.554477`,
  'FOSS4G TOKAI 2024,2024/08/23-2024/08/24,"### FOSS4G TOKAI",Aichi University,https://example.org/,https://example.org/none.png,https://example.org/none.mp4,35.16131,136.884606',
].join('\n');
const AIRPORTS = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { type: 'medium_airport', name: 'Sendai Airport', region_name: 'Miyagi', iata_code: 'SDJ', elevation_ft: 15 },
      geometry: { type: 'Point', coordinates: [140.92, 38.14] },
    },
  ],
});
/** A point of the scene's own layer, stored with blocks as Re:Earth stores them (`{value}` fields). */
const SCENE_POINT = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'n1',
      properties: { name: 'Nagano', population: 366000, site: 'www.city.nagano.nagano.jp' },
      geometry: { type: 'Point', coordinates: [138.2, 36.65] },
    },
  ],
});
const PIN = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle cx="6" cy="6" r="6" fill="#36c"/></svg>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="56"><rect width="300" height="56" rx="6" fill="#2a7"/><text x="16" y="37" font-family="sans-serif" font-size="22" fill="#fff">FOSS4G Japan 2024</text></svg>';

/** Straight down over central Japan once both presets' layers are there; then where each point is on screen. */
const PROBE = `
${SAY}
const tools = app.viewer.tools;
const at = (lng, lat) => { const p = tools.cartographicToCartesian(lng, lat, 0); const xy = p && tools.getScreenCoordinateFromPosition(p); return xy ? xy.map(Math.round) : null; };
let said = '';
setInterval(() => {
  if (app.layers.layers.filter((l) => l.pluginId && l.pluginId !== 'probe').length < 2) return;
  // Again whenever a preset's own setView came later.
  const c = app.camera.position;
  if (Math.abs(c.height - 1500000) > 1000 || Math.abs(c.lng - 139.2) > 0.01) { app.camera.setView({ lng: 139.2, lat: 36.6, height: 1500000, heading: 0, pitch: -Math.PI / 2, roll: 0 }); return; }
  const now = JSON.stringify({ event: at(139.554477, 35.610209), airport: at(140.92, 38.14), scene: at(138.2, 36.65) });
  if (now !== said) { said = now; say('targets', JSON.parse(now)); }
}, 200);
`;

describe("Re:Earth's built-in infobox blocks on a published page", () => {
  const fx = useBrowserAndServer({
    // Wide enough for the desktop layout (700 px and more), where the infobox floats at the top right.
    viewport: { width: 800, height: 560 },
    setUp: async (h) => {
      await h.project('ibx');
      const assetId = await uploadPublicAsset(h, 'ibx', 'nagano.geojson', SCENE_POINT);
      for (const name of PRESETS) expect((await h.admin('POST', '/api/projects/ibx/plugins', presetPackage(name))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/ibx/plugins', widgetPlugin('probe', PROBE))).status).toBe(201);
      const blocks = [
        { pluginId: 'reearth', extensionId: 'propertyInfoboxBetaBlock', property: { default: { displayType: { value: 'rootOnly', type: 'string' } } } },
        { pluginId: 'reearth', extensionId: 'linkInfoboxBetaBlock', property: { default: { text: { value: '${name}' }, url: { value: '${site}' } } } },
      ];
      // Every installed plugin's widget runs (the presets' and the probe's): the scene lists none.
      const scene = { ...emptyScene(), layers: [{ id: 'nagano', title: 'Cities', type: 'geojson', assetId, visible: true, infobox: { blocks } }] };
      expect((await h.admin('PUT', '/api/projects/ibx/scene', scene)).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/ibx/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      const answer = (url: string, contentType: string, body: string) =>
        tab.page.route(url, (route) => route.fulfill({ status: 200, contentType, headers: { 'access-control-allow-origin': '*' }, body }));
      await answer(`${SAMPLE}/csv/foss4g_japan.csv`, 'text/csv', CSV);
      await answer(`${SAMPLE}/geojson/jp_airport.geojson`, 'application/geo+json', AIRPORTS);
      await answer(`${SAMPLE}/image/airport.svg`, 'image/svg+xml', PIN);
      await answer(PICTURE, 'image/svg+xml', SVG);
      await answer(
        'https://www.youtube-nocookie.com/embed/**',
        'text/html',
        '<!doctype html><title>player</title><body style="margin:0;display:grid;place-items:center;height:100vh;background:#111;color:#fff;font:16px sans-serif"><p>A player</p>',
      );
      await tab.page.goto(`${h.url}/p/ibx`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 240_000 });
    },
  });

  const infobox = () => fx.tab.page.getByTestId('infobox');
  const builtin = (id: string) => infobox().locator(`[data-block="reearth/${id}"]`);
  /** Clicks a point where the probe says it is on screen until the infobox shows a feature of a layer `layer` matches. */
  const click = async (target: 'event' | 'airport' | 'scene', layer: RegExp) => {
    await expect.poll(() => (reports(fx.tab, 'probe/main').targets as Record<string, unknown> | undefined)?.[target], { timeout: 120_000 }).toBeTruthy();
    const [x, y] = (reports(fx.tab, 'probe/main').targets as Record<string, [number, number]>)[target]!;
    // The infobox of the last test closes first: it covers part of the globe.
    await fx.tab.page.keyboard.press('Escape');
    const box = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    await expect
      .poll(
        async () => {
          await fx.tab.page.mouse.click(box.x + x, box.y + y);
          return (await infobox().isVisible()) ? ((await infobox().getAttribute('data-feature'))?.split('/')[0] ?? '') : '';
        },
        { timeout: 60_000 },
      )
      .toMatch(layer);
  };

  it('addInfoboxRichBlocks: text, image, Markdown (sanitized) and video blocks show the clicked row', async () => {
    await click('event', /^add-infobox-rich-block-layer-\d+$/);
    await expect.poll(() => builtin('textInfoboxBetaBlock').textContent(), { timeout: 30_000 }).toBe('FOSS4G Japan 2024');
    expect(await builtin('imageInfoboxBetaBlock').locator('img').getAttribute('src')).toBe(PICTURE);
    const markdown = builtin('markdownInfoboxBetaBlock');
    expect(await markdown.locator('h3').textContent()).toBe('FOSS4G Japan');
    expect(await markdown.locator('li strong').textContent()).toBe('Kawasaki');
    // Raw HTML in the data stays text: no element, no handler.
    expect(await markdown.locator('img').count()).toBe(0);
    expect(await markdown.textContent()).toContain('<img src=x onerror=alert(1)>');
    const player = builtin('videoInfoboxBetaBlock').locator('iframe');
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/D1JMQfmGwpg');
    expect(await player.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
    expect(await player.evaluate((f) => (f as unknown as { credentialless: boolean }).credentialless)).toBe(true);
    await expect
      .poll(() => fx.tab.page.frameLocator('[data-block="reearth/videoInfoboxBetaBlock"] iframe').locator('p').textContent(), { timeout: 30_000 })
      .toBe('A player');
    // Built-in blocks alone say what shows: not every property besides.
    expect(await infobox().locator('.orbis-infobox-fields:visible').count()).toBe(0);
    // No "not installed" for Re:Earth's own blocks.
    expect(fx.tab.consoleMessages.filter((m) => m.text.includes('not installed'))).toEqual([]);
    await expect
      .poll(
        () =>
          infobox()
            .locator('img')
            .evaluateAll((images) => images.every((i) => (i as unknown as { complete: boolean }).complete)),
        { timeout: 30_000 },
      )
      .toBe(true);
    // docs/images/infobox-builtin-blocks.png: 480×320 around the infobox (top right of the page).
    const around = (await infobox().boundingBox())!;
    await shot(fx.tab.page, 'infobox-builtin-blocks', { x: 800 - 480, y: Math.max(0, around.y - 12), width: 480, height: 320 });
  });

  it('addInfoboxSpecificProperties: the property list shows the chosen properties, in order, by their keys', async () => {
    await click('airport', /^add-infobox-specific-properties-layer-\d+$/);
    const rows = builtin('propertyInfoboxBetaBlock').locator('dt, dd');
    await expect
      .poll(() => rows.allTextContents(), { timeout: 30_000 })
      .toEqual(['type', 'medium_airport', 'name', 'Sendai Airport', 'region_name', 'Miyagi', 'iata_code', 'SDJ']);
  });

  it("a scene's layer stores blocks in Re:Earth's form: the property list and a link block show", async () => {
    await click('scene', /^nagano$/);
    const rows = builtin('propertyInfoboxBetaBlock').locator('dt, dd');
    await expect
      .poll(() => rows.allTextContents(), { timeout: 30_000 })
      .toEqual(['name', 'Nagano', 'population', '366000', 'site', 'www.city.nagano.nagano.jp']);
    const link = builtin('linkInfoboxBetaBlock').locator('a');
    expect(await link.textContent()).toBe('Nagano');
    expect(await link.getAttribute('href')).toBe('https://www.city.nagano.nagano.jp/');
    expect(await link.getAttribute('target')).toBe('_blank');
    fx.tab.assertClean();
  });
});
