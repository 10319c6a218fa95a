import { afterAll, describe, expect, it } from 'vitest';
import { addMember, PASSWORD, signIn } from '../../server/src/test/team.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';
import { newPage, type TestPage } from './browser.js';

/**
 * docs/collaboration.md: two people edit one map at the same moment, in two browsers, live: each
 * sees the other's layer without a reload, and who else is there; a reader sees every change and
 * can make none; undo undoes one's own change only; nothing is lost after a reload.
 */
describe('two editors, one map, live (docs/contract.md §15)', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 720, height: 480 },
    setUp: async (h) => {
      await h.project('team');
      expect((await h.admin('PUT', '/api/projects/team/scene', emptyScene())).status).toBe(200);
      for (const [name, role] of [
        ['Ana', 'owner'],
        ['Ben', 'writer'],
        ['Rita', 'reader'],
      ] as const) {
        const email = `${name.toLowerCase()}@example.org`;
        expect((await h.admin('POST', '/api/users', { email, name, password: PASSWORD })).status).toBe(201);
        await addMember(h, 'team', email, role);
      }
    },
  });
  /** Opens the editor in `tab` signed in as `name` (the session cookie of a sign-in). */
  const openAs = async (tab: TestPage, name: string) => {
    const cookie = await signIn(fx.h.url, `${name.toLowerCase()}@example.org`);
    const [cookieName, value] = cookie.split('=') as [string, string];
    await tab.page.context().addCookies([{ name: cookieName, value, url: fx.h.url }]);
    await tab.page.goto(`${fx.h.url}/editor/team?tab=map`);
    await tab.page.getByTestId('map-panel').waitFor();
  };
  const addUrlLayer = async (tab: TestPage, url: string) => {
    await tab.page.getByTestId('layer-url').fill(url);
    await tab.page.getByTestId('add-url-layer').click();
  };
  const titles = (tab: TestPage) =>
    tab.page.locator('[data-testid^="layer-title-"]').evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value).sort());
  const storedTitles = async () =>
    ((await (await fx.h.admin('GET', '/api/projects/team/scene')).json()) as { layers: { title: string }[] }).layers.map((l) => l.title).sort();
  const layerIdOf = (tab: TestPage, title: string) =>
    tab.page.locator('[data-testid^="layer-title-"]').evaluateAll(
      (inputs, wanted) =>
        inputs
          .find((i) => (i as unknown as { value: string }).value === wanted)
          ?.closest('li')
          ?.getAttribute('data-layer'),
      title,
    );
  const present = (tab: TestPage) =>
    tab.page
      .getByTestId('presence')
      .locator('.peer')
      .evaluateAll((badges) => badges.map((b) => b.getAttribute('title')).sort());

  let ana: TestPage;
  let ben: TestPage;
  let rita: TestPage;
  // Ben's and Rita's tabs live through every step (the fixture's `open` tabs close after each test).
  afterAll(async () => {
    await ben?.close();
    await rita?.close();
  });

  it('shows each editor the other layer added at the same moment, without a reload, and who else is there', async () => {
    ana = fx.tab;
    const viewport = { width: 720, height: 480 };
    [ben, rita] = await Promise.all([newPage(fx.browser, viewport), newPage(fx.browser, viewport)]);
    await Promise.all([openAs(ana, 'Ana'), openAs(ben, 'Ben'), openAs(rita, 'Rita')]);
    await expect.poll(() => present(ana), { timeout: 30_000 }).toEqual(['Ben is editing', 'Rita is editing']);
    expect(await present(ben)).toEqual(['Ana is editing', 'Rita is editing']);
    // Both add at once: neither editor has the other's layer when it adds its own.
    await Promise.all([addUrlLayer(ana, `${fx.h.url}/from-ana.geojson`), addUrlLayer(ben, `${fx.h.url}/from-ben.geojson`)]);
    const both = ['from-ana.geojson', 'from-ben.geojson'];
    for (const tab of [ana, ben, rita]) await expect.poll(() => titles(tab), { timeout: 30_000 }).toEqual(both);
    await expect.poll(storedTitles, { timeout: 30_000 }).toEqual(both);
    await expect.poll(() => ana.page.getByTestId('save-status').getAttribute('data-state')).toBe('saved');
    // Focus on a layer's row tells the others which layer one is on.
    const benLayer = await layerIdOf(ben, 'from-ben.geojson');
    await ben.page.getByTestId(`layer-title-${benLayer}`).focus();
    await expect
      .poll(() => ana.page.getByTestId(`layer-peers-${benLayer}`).locator('.peer').getAttribute('title'), { timeout: 30_000 })
      .toBe('Ben is on this layer');
  });

  it('gives a reader every change live and no way to make one', async () => {
    // A write through the API (a script, the CLI) reaches every open editor too.
    const scene = (await (await fx.h.admin('GET', '/api/projects/team/scene')).json()) as { layers: { title: string }[] };
    scene.layers.find((l) => l.title === 'from-ana.geojson')!.title = 'renamed by a script';
    expect((await fx.h.admin('PUT', '/api/projects/team/scene', scene)).status).toBe(200);
    for (const tab of [ana, ben, rita]) await expect.poll(() => titles(tab), { timeout: 30_000 }).toContain('renamed by a script');
    await rita.page.getByTestId('read-only').first().waitFor();
    expect(await rita.page.getByTestId('add-url-layer').isDisabled()).toBe(true);
  });

  it("undoes one's own change with Ctrl+Z, never a teammate's, and redoes it", async () => {
    await ana.page.locator('body').click({ position: { x: 5, y: 5 } });
    await addUrlLayer(ana, `${fx.h.url}/second-from-ana.geojson`);
    await expect.poll(() => titles(ben), { timeout: 30_000 }).toContain('second-from-ana.geojson');
    // Out of the address field, whose own undo would take the key first (undo-keys.ts). Not a click on
    // the panel's corner: with the new layer's row the page scrolls, and the tabs can cover that corner.
    type Focus = { document: { activeElement: { blur?: () => void } | null } };
    await ana.page.evaluate(() => (globalThis as unknown as Focus).document.activeElement?.blur?.());
    await ana.page.keyboard.press('Control+z');
    for (const tab of [ana, ben]) await expect.poll(() => titles(tab), { timeout: 30_000 }).not.toContain('second-from-ana.geojson');
    // Ben's layer stays: Ana's undo is of her own changes only.
    expect(await titles(ana)).toContain('from-ben.geojson');
    await ana.page.keyboard.press('Control+Shift+z');
    for (const tab of [ana, ben]) await expect.poll(() => titles(tab), { timeout: 30_000 }).toContain('second-from-ana.geojson');
  });

  it('flies to a new layer whose data is out of view, and not to one in view', async () => {
    const { page } = ana;
    // A square over Lima: far from the scene's view over Japan.
    const square = (lng: number, lat: number) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [lng, lat],
                  [lng + 1, lat],
                  [lng + 1, lat + 1],
                  [lng, lat + 1],
                  [lng, lat],
                ],
              ],
            },
          },
        ],
      });
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'lima.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(square(-77.5, -12.5)) },
      { name: 'tokyo.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(square(139.5, 35.5)) },
    ]);
    const viewLongitude = async () => {
      // A story page takes the current view: read it back from the scene.
      await page.getByTestId('tab-story').click();
      await page.getByTestId('story-add').click();
      await page.getByTestId('tab-map').click();
      await expect.poll(() => ana.page.getByTestId('save-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('saved');
      const scene = (await (await fx.h.admin('GET', '/api/projects/team/scene')).json()) as { story: { pages: { camera: { lng: number } }[] } };
      return scene.story.pages.at(-1)!.camera.lng;
    };
    await page.getByTestId('add-layer-tokyo.geojson').click();
    await page.waitForTimeout(2000);
    expect(await viewLongitude()).toBeGreaterThan(120);
    await page.getByTestId('add-layer-lima.geojson').click();
    await expect.poll(viewLongitude, { timeout: 60_000 }).toBeCloseTo(-77, 0);
  });

  it('shows on each story page who is on it', async () => {
    // The pages the last test added from the view: Ben goes to the first one's card.
    const scene = (await (await fx.h.admin('GET', '/api/projects/team/scene')).json()) as { story: { pages: { id: string }[] } };
    const [first, second] = scene.story.pages.map((p) => p.id) as [string, string];
    await ana.page.getByTestId('tab-story').click();
    await ben.page.getByTestId('tab-story').click();
    await ben.page.getByTestId(`story-title-${first}`).focus();
    const onPage = (id: string) =>
      ana.page
        .getByTestId(`page-peers-${id}`)
        .locator('.peer')
        .evaluateAll((badges) => badges.map((b) => b.getAttribute('title')));
    await expect.poll(() => onPage(first), { timeout: 30_000 }).toEqual(['Ben is on this page']);
    expect(await onPage(second)).toEqual([]);
    // Another page's card: the badge moves with him.
    await ben.page.getByTestId(`story-expand-${second}`).focus();
    await expect.poll(() => onPage(second), { timeout: 30_000 }).toEqual(['Ben is on this page']);
    expect(await onPage(first)).toEqual([]);
    for (const tab of [ana, ben]) await tab.page.getByTestId('tab-map').click();
  });

  it('keeps every change after a reload', async () => {
    await expect.poll(() => ana.page.getByTestId('save-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('saved');
    await ben.page.reload();
    await ben.page.getByTestId('map-panel').waitFor();
    await expect
      .poll(() => titles(ben), { timeout: 30_000 })
      .toEqual(['from-ben.geojson', 'lima.geojson', 'renamed by a script', 'second-from-ana.geojson', 'tokyo.geojson'].sort());
    for (const tab of [ana, ben, rita]) tab.assertClean();
  });
});
