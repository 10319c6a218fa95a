import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { LIGHT_PROPERTY, widgetPlugin as plugin, reports as reportsOf, SAY, useBrowserAndServer } from './fixture.js';

/** Steps sent by its own UI frame; each answer is a REPORT line. */
const FRAMER = `
${SAY}
app.ui.show('<p style="color:#fff;margin:0">framer</p>', { width: 80, height: 24 });
app.data.clientStorage.getAsync('n').then((v) => say('stored', v));
app.modal.on('message', (m) => say('modalMessage', m));
app.modal.on('close', () => say('modalClose', true));
app.popup.on('close', () => say('popupClose', true));
app.extension.on('extensionMessage', (m) => say('reply', m));
const steps = {
  modal: () => app.modal.show('<p style="color:#fff;font:14px system-ui;margin:12px">A modal</p><script>parent.postMessage({ from: "modal" }, "*")</script>', { width: 200, height: 120, clickBgToClose: true }),
  popup: () => app.popup.show('<p style="color:#fff;font:12px system-ui;margin:6px">Pinned</p>', { width: 150, height: 50, anchor: { lng: 140, lat: 35.5 } }),
  east: () => app.camera.setView({ lng: 145, lat: 35.5, height: 6000000, heading: 0, pitch: -Math.PI / 2, roll: 0 }),
  away: () => app.camera.setView({ lng: -40, lat: -35.5, height: 6000000, heading: 0, pitch: -Math.PI / 2, roll: 0 }),
  modalHalf: () => app.modal.update({ width: '50%', height: '90px' }),
  popupHalf: () => app.popup.update({ width: '50%', height: '20vh' }),
  popupBack: () => app.popup.update({ width: 150, height: 50 }),
  closePopup: () => app.popup.close(),
  store: () => app.data.clientStorage.setAsync('n', { count: 42 }).then(() => say('storeDone', true)),
  send: () => app.extension.postMessage('echo/main', { ping: 1 }),
  list: () => app.extension.list.map((e) => e.id),
};
app.ui.on('message', (m) => { try { say(m.step, steps[m.step]()); } catch (e) { say(m.step, e.name + ': ' + e.message); } });
`;
const ECHO = `app.extension.on('extensionMessage', ({ data, sender }) => app.extension.postMessage(sender, { pong: data.ping }));`;

describe('app.modal, app.popup, clientStorage and extension messages on the published page, and the editor picking up a reinstalled plugin', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      await h.project('framed');
      await h.admin('PUT', '/api/projects/framed/scene', {
        property: { ...LIGHT_PROPERTY, globe: { ...LIGHT_PROPERTY.globe, enableLighting: false } },
        camera: { lng: 140, lat: 35.5, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
        layers: [],
        widgets: [],
        story: { pages: [] },
      });
      for (const p of [plugin('framer', FRAMER), plugin('echo', ECHO)]) expect((await h.admin('POST', '/api/projects/framed/plugins', p)).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/framed/publish')).status).toBe(200);
    },
  });

  const reports = () => reportsOf(fx.tab, 'framer/main');
  let frame: Frame;
  const step = async (name: string) => {
    await frame.evaluate(`parent.postMessage(${JSON.stringify({ step: name })}, '*')`);
    await expect.poll(() => name in reports(), { timeout: 30_000 }).toBe(true);
    return reports()[name];
  };
  const open = async () => {
    await fx.tab.page.goto(`${fx.h.url}/p/framed`);
    await fx.tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    const element = fx.tab.page.locator('iframe[data-plugin="framer/main"].orbis-widget');
    await element.waitFor();
    frame = (await (await element.elementHandle())!.contentFrame())!;
    await expect.poll(() => 'stored' in reports(), { timeout: 30_000 }).toBe(true);
  };
  const shot = async (name: string) => {
    if (process.env.ORBIS_SCREENSHOTS) await fx.tab.page.screenshot({ path: `${process.env.ORBIS_SCREENSHOTS}/${name}.png` });
  };

  it('opens a modal of the asked size whose frame talks to the plugin, and closes it on a click on its background', async () => {
    await open();
    expect(reports().stored).toBe(null);
    await step('modal');
    const modal = fx.tab.page.locator('iframe.orbis-modal[data-plugin="framer/main"]');
    expect(await modal.getAttribute('sandbox')).toBe('allow-scripts');
    const box = (await modal.boundingBox())!;
    expect([box.width, box.height]).toEqual([200, 120]);
    // Centred over the viewer.
    const viewer = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    expect(box.x + box.width / 2).toBeCloseTo(viewer.x + viewer.width / 2, -1);
    // Re:Earth's CSS length strings: a percentage of the viewer, pixels as given.
    await step('modalHalf');
    const backdrop = (await fx.tab.page.locator('.orbis-modal-backdrop').boundingBox())!;
    await expect.poll(async () => (await modal.boundingBox())!.width, { timeout: 30_000 }).toBeCloseTo(backdrop.width / 2, 0);
    expect((await modal.boundingBox())!.height).toBe(90);
    await expect.poll(() => reports().modalMessage, { timeout: 30_000 }).toEqual({ from: 'modal' });
    await shot('modal');
    await fx.tab.page.locator('.orbis-modal-backdrop').click({ position: { x: 8, y: 8 } });
    await expect.poll(() => reports().modalClose, { timeout: 30_000 }).toBe(true);
    expect(await modal.count()).toBe(0);
  });

  it('pins a popup of the asked size to a place, follows the camera, hides it behind the globe, and closes it', async () => {
    await step('popup');
    const popup = fx.tab.page.locator('iframe.orbis-popup[data-plugin="framer/main"]');
    await expect.poll(() => popup.getAttribute('data-anchored'), { timeout: 30_000 }).toMatch(/^\d+,\d+$/);
    const [x0, y0] = (await popup.getAttribute('data-anchored'))!.split(',').map(Number) as [number, number];
    const box = (await popup.boundingBox())!;
    const viewer = (await fx.tab.page.getByTestId('viewer').boundingBox())!;
    // The camera looks straight down at the place: it shows in the viewer's middle, the popup just above it.
    expect([x0, y0]).toEqual([expect.closeTo(viewer.width / 2, -1), expect.closeTo(viewer.height / 2, -1)]);
    expect([box.width, box.height]).toEqual([150, 50]);
    expect(box.x - viewer.x + box.width / 2).toBeCloseTo(x0, 0);
    expect(box.y - viewer.y + box.height).toBeLessThanOrEqual(y0);
    await shot('popup');
    // CSS length strings: half the viewer's width, a fifth of the page's height (360 px); then back.
    await step('popupHalf');
    await expect.poll(async () => (await popup.boundingBox())!.width, { timeout: 30_000 }).toBeCloseTo(viewer.width / 2, -1);
    expect((await popup.boundingBox())!.height).toBe(72);
    await shot('popup-half');
    await step('popupBack');
    await expect.poll(async () => (await popup.boundingBox())!.width, { timeout: 30_000 }).toBe(150);
    await step('east');
    // The camera moved east: the place (and the popup) moved left.
    await expect.poll(async () => Number((await popup.getAttribute('data-anchored'))!.split(',')[0]), { timeout: 30_000 }).toBeLessThan(x0 - 20);
    await step('away');
    await expect.poll(() => popup.getAttribute('data-anchored'), { timeout: 30_000 }).toBe('hidden');
    expect(await popup.isVisible()).toBe(false);
    await step('closePopup');
    await expect.poll(() => reports().popupClose, { timeout: 30_000 }).toBe(true);
    expect(await popup.count()).toBe(0);
  });

  it('two plugins exchange messages, and the list names both', async () => {
    expect(await step('list')).toEqual(['framer/main', 'echo/main']);
    await step('send');
    await expect.poll(() => reports().reply, { timeout: 30_000 }).toEqual({ data: { pong: 1 }, sender: 'echo/main' });
  });

  it('keeps a clientStorage value across a page reload', async () => {
    await step('store');
    await expect.poll(() => reports().storeDone, { timeout: 30_000 }).toBe(true);
    await open();
    await expect.poll(() => reports().stored, { timeout: 30_000 }).toEqual({ count: 42 });
    fx.tab.assertClean();
  });

  it('the editor runs a reinstalled plugin without a reload, counting the restart in runTimes, and its Widgets fx.tab lists the new manifest', async () => {
    // Version 2 renames the plugin and adds a second widget. Each logs its runTimes after its version.
    const hot = (v: number) => {
      const p = plugin('hot', `console.log('hot v${v} ' + app.extension.list.find((e) => e.id === 'hot/main').runTimes)`);
      p.manifest.name = `Hot v${v}`;
      if (v === 2) {
        p.manifest.extensions.push({ id: 'second', type: 'widget', name: 'second' });
        Object.assign(p.files, { 'second.js': `console.log('second')` });
      }
      return p;
    };
    expect((await fx.h.admin('POST', '/api/projects/framed/plugins', hot(1))).status).toBe(201);
    await fx.tab.page.goto(`${fx.h.url}/editor/framed?tab=widgets#token=${ADMIN_TOKEN}`);
    const widget = (id: string) => fx.tab.page.locator(`[data-testid="widget-list"] [data-widget="${id}"]`);
    await expect.poll(() => widget('hot/main').textContent(), { timeout: 120_000 }).toContain('Hot v1: hot');
    /** The runTimes each start of version `v` logged. */
    const runs = (v: number) =>
      fx.tab.consoleMessages.flatMap((m) => m.text.match(new RegExp(`^\\[plugin hot/main\\] hot v${v} (\\d+)$`))?.[1] ?? []).map(Number);
    await expect.poll(() => runs(1)[0], { timeout: 120_000 }).toBe(1);
    await fx.tab.page.evaluate('window.__sameDocument = true');
    // What `orbis plugin dev` does after a save: install the same id again.
    expect((await fx.h.admin('POST', '/api/projects/framed/plugins', hot(2))).status).toBe(201);
    await expect.poll(() => runs(2).length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The editor's restart is the same page: its count goes on (Re:Earth's runTimes).
    expect(runs(2)[0]).toBe(Math.max(...runs(1)) + 1);
    expect(await fx.tab.page.evaluate('window.__sameDocument')).toBe(true);
    await expect.poll(() => fx.tab.page.getByTestId('plugin-console').textContent()).toContain('plugins reloaded');
    await expect.poll(() => widget('hot/main').textContent()).toContain('Hot v2: hot');
    await expect.poll(() => widget('hot/second').count()).toBe(1);
    await shot('widgets-reinstalled');
    fx.tab.assertClean();
  });
});
