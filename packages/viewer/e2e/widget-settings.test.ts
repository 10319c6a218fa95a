import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';

/** A Re:Earth package whose manifest gives a settings schema; it reports each settings update. */
const MANIFEST = `id: titled
name: Titled
version: 1.0.0
extensions:
  - id: main
    type: widget
    name: Title
    schema:
      groups:
        - id: default
          title: Display
          fields:
            - { id: title, type: string, title: Title }
            - { id: size, type: number, title: Size }
            - { id: bold, type: bool, title: Bold }
`;
const REPORTING = (name: string) => `
const say = (what) => console.log('REPORT ${name} ' + JSON.stringify([what, reearth.extension.widget.property]));
say('start');
reearth.ui.on('update', () => say('update'));
`;

describe("Widgets tab: a widget's settings reach the running plugin", () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('settings');
      await h.admin('PUT', '/api/projects/settings/scene', emptyScene());
      // The plain plugin also sizes, extends or closes its frame as its settings say; it reports where
      // it sits, and on each update whether its frame is extended then (by the update before).
      const frame = `app.ui.show('<p>plain</p>', { width: 100, height: 30 }); app.ui.on('close', () => say('close'));
        console.log('LAYOUT ' + JSON.stringify(app.extension.widget.layout));
        app.ui.on('update', () => { console.log('EXTENDED ' + JSON.stringify(app.extension.widget.extended)); const p = app.extension.widget.property; if (p.close) app.ui.close(); else if (p.extend) app.ui.resize(undefined, undefined, true); else if (p.taller) app.ui.resize(undefined, p.taller);
        else if (p.extendedShow) app.ui.show('<p>plain</p>', { height: 30, extended: true }); else if (p.width) app.ui.resize(p.width, p.height); });`;
      const plain = {
        manifest: { id: 'plain', name: 'Plain', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Plain' }] },
        files: { 'main.js': REPORTING('plain').replace(/reearth/g, 'app') + frame },
      };
      expect((await h.admin('POST', '/api/projects/settings/plugins', { files: { 'reearth.yml': MANIFEST, 'main.js': REPORTING('titled') } })).status).toBe(
        201,
      );
      expect((await h.admin('POST', '/api/projects/settings/plugins', plain)).status).toBe(201);
    },
  });

  const reports = (name: string) =>
    fx.tab.consoleMessages
      .filter((m) => m.text.includes(`REPORT ${name} `))
      .map((m) => JSON.parse(m.text.slice(m.text.indexOf(`REPORT ${name} `) + `REPORT ${name} `.length)) as [string, unknown]);

  it('edits a schema form and a JSON area, saves the scene, and the plugins hear update without a restart', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor/settings?tab=widgets#token=${ADMIN_TOKEN}`);
    await expect.poll(() => reports('titled').length, { timeout: 120_000 }).toBe(1);
    expect(reports('titled')[0]).toEqual(['start', {}]);

    // The schema's form: a group with a text, a number and a switch.
    await page.locator('[data-testid="widget-settings-titled-main"] summary').click();
    await page.getByTestId('widget-settings-titled-main-default-title').fill('Hello');
    await page.getByTestId('widget-settings-titled-main-default-size').fill('12');
    await page.getByTestId('widget-settings-titled-main-default-bold').check();
    await page.getByTestId('widget-settings-titled-main-save').click();
    const property = { default: { title: 'Hello', size: 12, bold: true } };
    await expect.poll(() => reports('titled').at(-1), { timeout: 60_000 }).toEqual(['update', property]);
    // One start only: the plugin kept running.
    expect(reports('titled').filter((r) => r[0] === 'start')).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await (await fx.h.admin('GET', '/api/projects/settings/scene')).json()).widgets.find((w: { pluginId: string }) => w.pluginId === 'titled')?.property,
        { timeout: 60_000 },
      )
      .toEqual(property);

    // Typed and not saved: kept while other widgets' changes redraw the list.
    await page.getByTestId('widget-settings-titled-main-default-title').fill('Unsaved');

    // No schema: JSON. Invalid JSON is shown and nothing is saved or sent.
    await page.locator('[data-testid="widget-settings-plain-main"] summary').click();
    const json = page.getByTestId('widget-settings-plain-main-json');
    await json.fill('{"colour": ');
    await page.getByTestId('widget-settings-plain-main-save').click();
    await expect.poll(() => page.getByTestId('widget-settings-plain-main-error').textContent()).toContain('Invalid JSON');
    const widgetFrame = page.locator('iframe[data-plugin="plain/main"]');
    expect(await widgetFrame.boundingBox()).toMatchObject({ width: 100, height: 30 });
    await json.fill('{"width": 150, "height": 60}');
    await page.getByTestId('widget-settings-plain-main-save').click();
    await expect.poll(() => reports('plain').at(-1), { timeout: 60_000 }).toEqual(['update', { width: 150, height: 60 }]);
    expect(reports('plain').filter((r) => r[0] === 'update')).toHaveLength(1);
    expect(await page.getByTestId('widget-settings-plain-main-error').isHidden()).toBe(true);
    // app.ui.resize and app.ui.close on the real page.
    await expect.poll(async () => (await widgetFrame.boundingBox())?.width).toBe(150);
    expect((await widgetFrame.boundingBox())?.height).toBe(60);
    // Extended (Re:Earth's extended widget): the frame spans its zone, by resize and by show.
    const zoneWidth = () => widgetFrame.evaluate((e) => e.closest('.orbis-zone')!.getBoundingClientRect().width);
    // Whether the frame spans its zone, both read now (the editor's globe may change width as the sidebar changes).
    const spansZone = async () => Math.abs((await widgetFrame.boundingBox())!.width - (await zoneWidth())) < 1;
    const save = async (property: object) => {
      await json.fill(JSON.stringify(property));
      await page.getByTestId('widget-settings-plain-main-save').click();
      // The next edit comes at once, as a user's would: the save's answer redraws the tab without taking the form's focus.
      await expect.poll(() => reports('plain').at(-1), { timeout: 30_000 }).toEqual(['update', property]);
    };
    await save({ extend: true });
    await expect.poll(spansZone).toBe(true);
    expect(await zoneWidth()).toBeGreaterThan(150);
    expect((await widgetFrame.boundingBox())?.height).toBe(60);
    // A resize that does not say `extended` keeps it.
    await save({ taller: 70 });
    await expect.poll(async () => (await widgetFrame.boundingBox())?.height).toBe(70);
    await expect.poll(spansZone).toBe(true);
    await save({ width: 120, height: 40 });
    await expect.poll(async () => (await widgetFrame.boundingBox())?.width).toBe(120);
    await save({ extendedShow: true });
    await expect.poll(spansZone).toBe(true);
    await expect.poll(async () => (await widgetFrame.boundingBox())?.height).toBe(30);
    await json.fill('{"close": true}');
    await page.getByTestId('widget-settings-plain-main-save').click();
    await expect.poll(() => reports('plain').at(-1)?.[0], { timeout: 60_000 }).toBe('close');
    expect(await widgetFrame.count()).toBe(0);
    // app.extension.widget: the top-right corner (no area, no widgetLayout) in Re:Earth's terms, and
    // `extended` as each update found the frame: after the resize to 150, extend, taller, 120, extendedShow.
    const logged = (prefix: string) =>
      fx.tab.consoleMessages
        .filter((m) => m.text.includes(`${prefix} `))
        .map((m) => JSON.parse(m.text.slice(m.text.indexOf(`${prefix} `) + prefix.length + 1)));
    expect(logged('LAYOUT')).toEqual([{ location: { zone: 'inner', section: 'right', area: 'top' }, align: 'start' }]);
    expect(logged('EXTENDED').map((e: { horizontally: boolean; vertically: boolean }) => [e.horizontally, e.vertically])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, false],
      [false, false],
      [true, false],
    ]);
    expect(await page.getByTestId('widget-settings-titled-main-default-title').inputValue()).toBe('Unsaved');
    expect(await page.locator('[data-testid="widget-settings-titled-main"]').getAttribute('open')).not.toBeNull();
  });

  it('keeps what is typed while a save is on its way: the form that saved stays, with its focus and its text', async () => {
    const { page } = fx.tab;
    const savedProperty = async () =>
      (await (await fx.h.admin('GET', '/api/projects/settings/scene')).json()).widgets.find((w: { pluginId: string }) => w.pluginId === 'plain')?.property;
    // The last test's save reaches the server first.
    await expect.poll(savedProperty, { timeout: 60_000 }).toEqual({ close: true });
    const json = page.getByTestId('widget-settings-plain-main-json');
    const focused = () => page.evaluate('document.activeElement?.dataset.testid');
    await json.fill('{"note": "first"}');
    // A keyboard user, fast: Tab to "Save settings", Enter, Shift+Tab back into the area, and a new text.
    await json.focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('widget-settings-plain-main-save');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('widget-settings-plain-main-save');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('{"note": "second"}');
    // The save is acknowledged (the live scene, docs/collaboration.md) while the new text is typed.
    await expect.poll(savedProperty, { timeout: 60_000 }).toEqual({ note: 'first' });
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    // The save and its acknowledgement redrew the tab: what was typed since is still there, where it was typed.
    expect(await json.inputValue()).toBe('{"note": "second"}');
    expect(await focused()).toBe('widget-settings-plain-main-json');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(savedProperty, { timeout: 60_000 }).toEqual({ note: 'second' });
    fx.tab.assertClean();
  });
});
