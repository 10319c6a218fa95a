import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ONE_POINT, SELECT_ONE_POINT } from './block-fixture.js';
import { shot } from './shots.js';
import { emptyScene, reports, SAY, uploadPublicAsset, useBrowserAndServer, widgetPlugin } from './fixture.js';

/**
 * Re:Earth's own Plugin Playground presets, vendored unmodified in `reearth-presets/` (its README
 * says from where and how), installed as Re:Earth packages (`files` holding `reearth.yml`) on one
 * published page: the outside check that a plugin written for Re:Earth runs here unchanged (docs/contract.md §8).
 */
const PRESETS = ['extensionProperty', 'overrideLayerData', 'cameraPosition', 'messengerBetweenExtensions', 'modalWindow'];

/** A preset's folder as the JSON install form: every file by its name, no `manifest`. */
function presetPackage(name: string) {
  const dir = new URL(`./reearth-presets/${name}/`, import.meta.url);
  return { files: Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(new URL(file, dir), 'utf8')])) };
}

/** The stylesheet every preset's HTML imports; the test answers it, so nothing goes online. */
const PRESET_CSS = 'https://reearth.github.io/visualizer-plugin-sample-data/public/css/preset-ui.css';

/** Selects the infobox's point, and reports the camera and the plugins' layers whenever they change. */
const PROBE = `
${SAY}
${SELECT_ONE_POINT}
const seen = {};
const round = (v) => Math.round(v * 1e4) / 1e4;
setInterval(() => {
  const p = app.camera.position;
  const now = {
    camera: [round(p.lng), round(p.lat), Math.round(p.height)],
    layers: app.layers.layers.filter((l) => l.pluginId && l.pluginId !== 'probe').map((l) => ({
      id: l.id,
      pluginId: l.pluginId,
      corners: l.data && l.data.value && l.data.value.features.length ? l.data.value.features[0].geometry.coordinates[0].map((c) => c.map(round)) : [],
    })),
  };
  for (const key of Object.keys(now)) {
    const text = JSON.stringify(now[key]);
    if (text !== seen[key]) { seen[key] = text; say(key, now[key]); }
  }
}, 100);
`;

const EP = 'extension-property-plugin';
const WIDGET_PROPERTY = {
  default: { text: 'Set in the scene', color: '#ff0000' },
  listItem: [{ itemName: 'First' }, { itemName: 'Second', color: '#00ff00' }],
};

describe("Re:Earth's Plugin Playground presets run unmodified on a published page", () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('presets');
      const assetId = await uploadPublicAsset(h, 'presets', 'points.geojson', ONE_POINT);
      for (const name of PRESETS) expect((await h.admin('POST', '/api/projects/presets/plugins', presetPackage(name))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/presets/plugins', widgetPlugin('probe', PROBE))).status).toBe(201);
      const scene = emptyScene();
      const block = (extensionId: string, text: string) => ({ pluginId: EP, extensionId, property: { default: { text, color: '#0000ff' } } });
      expect(
        (
          await h.admin('PUT', '/api/projects/presets/scene', {
            ...scene,
            layers: [
              {
                id: 'pts',
                title: 'Points',
                type: 'geojson',
                assetId,
                visible: true,
                infobox: { title: '${name}', blocks: [block('infobox-block', 'In the infobox')] },
              },
            ],
            widgets: [{ pluginId: EP, extensionId: 'extension-property-widget', enabled: true, area: 'top-left', property: WIDGET_PROPERTY }],
            story: {
              pages: [{ id: 'p1', title: 'Presets', text: 'A story page.', camera: scene.camera, blocks: [block('story-block', 'On the story page')] }],
            },
          })
        ).status,
      ).toBe(200);
      expect((await h.admin('POST', '/api/projects/presets/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.route(PRESET_CSS, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '.text-3xl { font-size: 18px }' }));
      await tab.page.goto(`${h.url}/p/presets`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 240_000 });
    },
  });

  const probe = () => reports(fx.tab, 'probe/main');
  const widget = (pluginId: string, extensionId: string) => fx.tab.page.frameLocator(`iframe.orbis-widget[data-plugin="${pluginId}/${extensionId}"]`);
  /**
   * Presses a button in a widget's frame. Six widgets, an infobox and a story sheet share a 640×480
   * page, so a frame may sit under another or past the edge: the click goes to the button itself
   * (what is tested is the plugin API, not where the frames sit; the modal gets a real click).
   */
  const press = (frame: ReturnType<typeof widget>, selector: string) => frame.locator(selector).dispatchEvent('click');

  it('modalWindow: shows its modal, and closes it from the modal\'s own button (modal.show, extension.on("message"), modal.close)', async () => {
    const modal = fx.tab.page.locator('iframe.orbis-modal[data-plugin="modal-window-plugin/modal-window"]');
    await expect.poll(() => modal.count(), { timeout: 60_000 }).toBe(1);
    const inside = fx.tab.page.frameLocator('iframe.orbis-modal[data-plugin="modal-window-plugin/modal-window"]');
    expect(await inside.locator('h3').textContent({ timeout: 30_000 })).toContain('Hello World');
    expect((await modal.boundingBox())!.width).toBe(400);
    await shot(fx.tab.page, 'reearth-presets-modal');
    await inside.getByRole('button', { name: "Let's go to Visualizer" }).click();
    await expect.poll(() => modal.count(), { timeout: 30_000 }).toBe(0);
  });

  it('extensionProperty: the widget, the infobox block and the story block each show their property from the scene', async () => {
    const own = widget(EP, 'extension-property-widget');
    await expect.poll(() => own.locator('#text').textContent(), { timeout: 60_000 }).toBe('Set in the scene');
    expect(await own.locator('#text').evaluate((e) => (e as unknown as { style: { color: string } }).style.color)).toBe('rgb(255, 0, 0)');
    expect(await own.locator('#list li').allTextContents()).toEqual(['First', 'Second']);
    const infobox = fx.tab.page.frameLocator(`[data-testid="infobox-blocks"] iframe.orbis-block[data-plugin="${EP}/infobox-block/infobox-pts-0"]`);
    await expect.poll(() => infobox.locator('#text').textContent(), { timeout: 60_000 }).toBe('In the infobox');
    const story = fx.tab.page.frameLocator(`[data-testid="story-blocks"] iframe.orbis-block[data-plugin="${EP}/story-block/story-p1-0"]`);
    await expect.poll(() => story.locator('#text').textContent(), { timeout: 60_000 }).toBe('On the story page');
    expect(await story.locator('#text').evaluate((e) => (e as unknown as { style: { color: string } }).style.color)).toBe('rgb(0, 0, 255)');
    await shot(fx.tab.page, 'reearth-presets-blocks');
  });

  it("overrideLayerData: adds its layer, draws the frame's polygon into it, and grows it from the button (layers.add, layers.override with data)", async () => {
    const corners = () =>
      (probe().layers as { pluginId: string; corners: number[][] }[] | undefined)?.find((l) => l.pluginId === 'override-layer-data-plugin')?.corners;
    // The frame's script posts its polygon on load; the plugin draws it into the layer it added.
    await expect.poll(() => corners()?.[0], { timeout: 60_000 }).toEqual([-104.1858, 45.4044]);
    const before = corners()!;
    expect(before).toHaveLength(5);
    const centre = [0, 1].map((i) => before.reduce((sum, c) => sum + c[i]!, 0) / before.length);
    await press(widget('override-layer-data-plugin', 'override-layer-data'), '#scaleBtn');
    // The preset scales each corner by 1.05 about the corners' mean (the closing corner counted too).
    const [lng, lat] = before[0]!.map((v, i) => centre[i]! + (v - centre[i]!) * 1.05);
    await expect.poll(() => corners()?.[0]?.[0], { timeout: 30_000 }).toBeCloseTo(lng!, 3);
    expect(corners()![0]![1]).toBeCloseTo(lat!, 3);
  });

  it('cameraPosition: its inputs follow the camera, and "Apply Position" moves it there (camera.on("move"), flyTo with an easing function)', async () => {
    const frame = widget('camera-position-plugin', 'camera-position');
    // The camera's moves reach the frame: its latitude field shows where the camera is.
    await expect.poll(async () => Number(await frame.locator('#lat').inputValue()) - (probe().camera as number[])[1]!, { timeout: 60_000 }).toBeCloseTo(0, 3);
    await frame.locator('#lat').fill('35.68');
    await frame.locator('#lng').fill('139.77');
    await frame.locator('#height').fill('25000');
    await press(frame, '#apply-btn');
    await expect.poll(() => probe().camera, { timeout: 30_000 }).toEqual([139.77, 35.68, 25000]);
    await expect.poll(() => frame.locator('#status-message').textContent(), { timeout: 30_000 }).toBe('Camera position applied!');
  });

  it('messengerBetweenExtensions: a message typed in one widget appears in the other, both ways (extension.list, extension.postMessage, extensionMessage)', async () => {
    const one = widget('messenger-between-extensions-plugin', 'extension-1');
    const two = widget('messenger-between-extensions-plugin', 'extension-2');
    await one.locator('#messageInput').fill('from one');
    await press(one, '#sendButton');
    await expect.poll(() => two.locator('#messagesContainer').textContent(), { timeout: 30_000 }).toBe('from one');
    await two.locator('#messageInput').fill('from two');
    await press(two, '#sendButton');
    await expect.poll(() => one.locator('#messagesContainer').textContent(), { timeout: 30_000 }).toBe('from two');
    await shot(fx.tab.page, 'reearth-presets-widgets');
    fx.tab.assertClean();
  });
});
