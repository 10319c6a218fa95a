import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness } from '../../server/src/test/harness.js';
import { PALETTES, paletteOf } from '../src/editor/panels/layer/palettes.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';
import { dominantColorIn, type ExpectedColor, isCloseTo, type Pixels, type Rgba, screenshotPixels } from './pixels.js';

/*
 * The editor's style panel (docs/contract.md §7 through the Map tab): it offers the geometry kinds the layer
 * has; colouring by a property (categories, then classes of a number with a palette, opacity and
 * outline) shows on the globe at once, lists its classes as the legend reads them, and is saved as
 * conditions; the expression field refuses what CesiumJS cannot read, as the user types, and
 * applies what it can.
 */
const zones = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { category: 'park', rating: 2 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-12, 0],
            [10, 0],
            [10, 20],
            [-12, 20],
            [-12, 0],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { category: 'shop', rating: 4.5 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 0],
            [32, 0],
            [32, 20],
            [10, 20],
            [10, 0],
          ],
        ],
      },
    },
  ],
};
const hex = (c: string): ExpectedColor => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as ExpectedColor;
const WEST = { fx: 0.3, fy: 0.5 };
const EAST = { fx: 0.7, fy: 0.5 };

function colorAt(pixels: Pixels, p: { fx: number; fy: number }): Rgba {
  return dominantColorIn(pixels, { x: Math.round(pixels.width * p.fx) - 5, y: Math.round(pixels.height * p.fy) - 5, width: 10, height: 10 });
}

async function waitForColours(page: Page, west: ExpectedColor, east: ExpectedColor, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last: Pixels | undefined;
  while (Date.now() < deadline) {
    last = await screenshotPixels(page, page.getByTestId('viewer'));
    if (isCloseTo(colorAt(last, WEST), west, 60) && isCloseTo(colorAt(last, EAST), east, 60)) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`${what}: west ${colorAt(last!, WEST)}, east ${colorAt(last!, EAST)}`);
}

/** A project `alias` with the zones uploaded (private) and `layers(assetId)` in its scene; resolves with the asset's id. */
async function zonesProject(
  h: Harness,
  alias: string,
  layers: (assetId: string) => unknown[] = (assetId) => [{ id: 'zones', title: 'Zones', type: 'geojson', assetId, visible: true }],
) {
  await h.project(alias);
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(zones)]), 'zones.geojson');
  const res = await fetch(`${h.url}/api/projects/${alias}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  const body = await res.json();
  const assetId = (Array.isArray(body) ? body[0] : body).id as string;
  const scene = {
    property: LIGHT_PROPERTY,
    camera: { lng: 10, lat: 10, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
    layers: layers(assetId),
    widgets: [],
    story: { pages: [] },
  };
  expect((await h.admin('PUT', `/api/projects/${alias}/scene`, scene)).status).toBe(200);
  return assetId;
}

describe('the style panel in Chromium', () => {
  const fx = useBrowserAndServer({ viewport: { width: 900, height: 600 } });

  it('colours a layer by a property, and by an expression checked as it is typed', async () => {
    const { h, tab } = fx;
    await zonesProject(h, 'panel');

    const { page } = tab;
    await page.goto(`${h.url}/editor/panel?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    const saved = async () => (await (await h.admin('GET', '/api/projects/panel/scene')).json()).layers[0].appearance;

    await page.getByTestId('style-panel-zones').locator('summary').click();
    // Polygons only: the panel offers what the layer has (once it has drawn itself open).
    await expect
      .poll(() =>
        page
          .getByTestId('style-target-zones')
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value)),
      )
      .toEqual(['polygon']);
    const okabe = PALETTES[0]!.colours;
    await page.getByTestId('style-mode-zones').selectOption('categorical');
    await page.getByTestId('style-property-zones').selectOption('category');
    await waitForColours(page, hex(okabe[0]!), hex(okabe[1]!), 'park and shop take the first two category colours');
    await expect.poll(saved, { timeout: 60_000 }).toEqual({
      polygon: {
        fillColor: {
          conditions: [
            ["${category} === 'park'", `color('${okabe[0]}')`],
            ["${category} === 'shop'", `color('${okabe[1]}')`],
            ['true', "color('#999999')"],
          ],
        },
      },
    });

    // Classes of a number, on a colour-blind-safe ramp: the rows read as the legend does.
    const viridis = paletteOf('Viridis', 'sequential').colours;
    await page.getByTestId('style-mode-zones').selectOption('graduated');
    await page.getByTestId('style-property-zones').selectOption('rating');
    await page.getByTestId('style-palette-zones').selectOption('Viridis');
    await waitForColours(page, hex(viridis[0]!), hex(viridis[6]!), "the low rating takes the ramp's first colour, the high one its last");
    expect(await page.getByTestId('style-classes-list-zones').locator('li').allTextContents()).toEqual(['rating < 4.5', 'rating ≥ 4.5']);
    await page.getByTestId('style-opacity-zones').fill('50');
    await page.getByTestId('style-stroke-width-zones').fill('3');
    await page.getByTestId('style-stroke-width-zones').dispatchEvent('change');
    await expect.poll(saved, { timeout: 60_000 }).toEqual({
      polygon: {
        fillColor: {
          conditions: [
            ['${rating} < 4.5', `color('${viridis[0]}', 0.5)`],
            ['${rating} >= 4.5', `color('${viridis[6]}', 0.5)`],
          ],
        },
        stroke: true,
        strokeColor: '#ffffff',
        strokeWidth: 3,
      },
    });

    // Breaks the map maker types: a word is refused and nothing saved; numbers give the classes, and the histogram shows them.
    await page.getByTestId('style-method-zones').selectOption('breaks');
    const breaks = page.getByTestId('style-breaks-zones');
    await breaks.fill('3, lots');
    await breaks.dispatchEvent('change');
    await expect.poll(() => page.getByTestId('style-breaks-error-zones').textContent()).toMatch(/^"lots" is not a number/);
    await breaks.fill('3');
    await breaks.dispatchEvent('change');
    await expect
      .poll(async () => (await saved()).polygon.fillColor, { timeout: 60_000 })
      .toEqual({
        conditions: [
          ['${rating} < 3', `color('${viridis[0]}', 0.5)`],
          ['${rating} >= 3', `color('${viridis[6]}', 0.5)`],
        ],
      });
    expect(await page.getByTestId('style-classes-list-zones').locator('li').allTextContents()).toEqual(['rating < 3', 'rating ≥ 3']);
    expect(await page.getByTestId('style-histogram-zones').getByRole('img').getAttribute('aria-label')).toBe(
      'Histogram of rating: 2 values from 2 to 4.5; classes break at 3',
    );
    if (process.env.ORBIS_SHOTS) {
      await page.setViewportSize({ width: 640, height: 480 });
      await page.getByTestId('style-histogram-zones').scrollIntoViewIfNeeded();
      await shot(page, 'editor-style-breaks');
      await page.setViewportSize({ width: 900, height: 600 });
    }

    // Half an expression: refused as it is typed, nothing saved; the whole one applies.
    const input = page.getByTestId('style-expression-zones');
    await input.fill("${category} === 'park' ? color('#ff0000') : color('#0000ff'");
    await expect.poll(() => page.getByTestId('style-expression-error-zones').textContent()).toMatch(/Not an expression CesiumJS can read/);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(600);
    expect((await saved()).polygon.fillColor).toHaveProperty('conditions');
    await input.fill("${category} === 'park' ? color('#ff0000') : color('#0000ff')");
    await waitForColours(page, [255, 0, 0], [0, 0, 255], 'the expression colours park red and shop blue');
    expect(await page.getByTestId('style-expression-error-zones').textContent()).toBe('');
    await expect
      .poll(async () => (await saved()).polygon.fillColor, { timeout: 60_000 })
      .toEqual({ expression: "${category} === 'park' ? color('#ff0000') : color('#0000ff')" });
    await page.screenshot({ path: '/tmp/orbis-style-panel.png' });
    tab.assertClean();
  });

  /*
   * Issue 36 item 6: after a reload the panel shows what the scene holds, not its defaults, and a
   * change in it overwrites nothing else; a panel open and half-typed keeps its typing, its focus
   * and its open state while a teammate (here a script's PUT /scene) changes another layer and
   * another field of the same layer.
   */
  it("shows the stored style after a load, and keeps what is being typed through a teammate's change", async () => {
    const { h, tab } = fx;
    await h.project('restyle');
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(zones)]), 'zones.geojson');
    const res = await fetch(`${h.url}/api/projects/restyle/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    const body = await res.json();
    const assetId = (Array.isArray(body) ? body[0] : body).id as string;
    const viridis = paletteOf('Viridis', 'sequential').colours;
    const classes = (...breaks: number[]) => {
      const colours = breaks.length === 1 ? [viridis[0], viridis[6]] : [viridis[0], viridis[3], viridis[6]];
      return [
        [`\${rating} < ${breaks[0]}`, `color('${colours[0]}', 0.5)`],
        ...breaks.slice(1).map((b, i) => [`\${rating} >= ${breaks[i]} && \${rating} < ${b}`, `color('${colours[i + 1]}', 0.5)`]),
        [`\${rating} >= ${breaks[breaks.length - 1]}`, `color('${colours[breaks.length]}', 0.5)`],
      ];
    };
    const styled = { polygon: { fillColor: { conditions: classes(3) }, stroke: true, strokeColor: '#ffffff', strokeWidth: 3 } };
    const scene = {
      property: LIGHT_PROPERTY,
      camera: { lng: 10, lat: 10, height: 6_000_000, heading: 0, pitch: -90, roll: 0 },
      layers: [
        { id: 'zones', title: 'Zones', type: 'geojson', assetId, visible: true, appearance: styled },
        { id: 'other', title: 'Other', type: 'geojson', assetId, visible: true },
      ],
      widgets: [],
      story: { pages: [] },
    };
    expect((await h.admin('PUT', '/api/projects/restyle/scene', scene)).status).toBe(200);
    const stored = async () =>
      (await (await h.admin('GET', '/api/projects/restyle/scene')).json()) as { layers: { id: string; title: string; appearance?: typeof styled }[] };
    const saved = async () => (await stored()).layers[0]!.appearance;

    const { page } = tab;
    const open = async (load: () => Promise<unknown>) => {
      await load();
      await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
      await page.getByTestId('style-panel-zones').locator('summary').click();
    };
    const shown = async () => ({
      mode: await page.getByTestId('style-mode-zones').inputValue(),
      property: await page.getByTestId('style-property-zones').inputValue(),
      palette: await page.getByTestId('style-palette-zones').inputValue(),
      method: await page.getByTestId('style-method-zones').inputValue(),
      breaks: await page.getByTestId('style-breaks-zones').inputValue(),
      opacity: await page.getByTestId('style-opacity-zones').inputValue(),
      width: await page.getByTestId('style-stroke-width-zones').inputValue(),
    });
    await open(() => page.goto(`${h.url}/editor/restyle?tab=map#token=${ADMIN_TOKEN}`));
    // What the scene holds, not the panel's defaults.
    expect(await shown()).toEqual({ mode: 'graduated', property: 'rating', palette: 'Viridis', method: 'breaks', breaks: '3', opacity: '50', width: '3' });
    expect(await page.getByTestId('style-classes-list-zones').locator('li').allTextContents()).toEqual(['rating < 3', 'rating ≥ 3']);
    // Changing one thing changes that thing only.
    await page.getByTestId('style-stroke-colour-zones').fill('#00ff00');
    await expect.poll(saved, { timeout: 60_000 }).toEqual({ polygon: { ...styled.polygon, strokeColor: '#00ff00' } });

    // Half-typed breaks; meanwhile a teammate renames the other layer and widens this one's outline.
    const breaks = page.getByTestId('style-breaks-zones');
    await breaks.fill('3, 4');
    const teammate = await stored();
    teammate.layers[1]!.title = 'Renamed by a teammate';
    teammate.layers[0]!.appearance!.polygon.strokeWidth = 6;
    expect((await h.admin('PUT', '/api/projects/restyle/scene', teammate)).status).toBe(200);
    await expect.poll(() => page.getByTestId('layer-title-other').inputValue(), { timeout: 30_000 }).toBe('Renamed by a teammate');
    await expect.poll(() => page.getByTestId('style-stroke-width-zones').inputValue(), { timeout: 30_000 }).toBe('6');
    expect(await page.getByTestId('style-panel-zones').getAttribute('open')).toBe('');
    expect(await breaks.inputValue()).toBe('3, 4');
    expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('style-breaks-zones');
    // Committed, it joins the teammate's change.
    await breaks.press('Enter');
    const restyled = { polygon: { fillColor: { conditions: classes(3, 4) }, stroke: true, strokeColor: '#00ff00', strokeWidth: 6 } };
    await expect.poll(saved, { timeout: 60_000 }).toEqual(restyled);

    // After a reload: the stored style again.
    await open(() => page.reload());
    expect(await shown()).toEqual({ mode: 'graduated', property: 'rating', palette: 'Viridis', method: 'breaks', breaks: '3, 4', opacity: '50', width: '6' });
    expect(await page.getByTestId('style-stroke-colour-zones').inputValue()).toBe('#00ff00');
    expect(await saved()).toEqual(restyled);
    tab.assertClean();
  });

  /*
   * A native select cuts the chosen option's text that does not fit its box: in the editor's 340 px
   * sidebar every select of a layer's panels holds its longest option whole (its text, measured in
   * the select's own font, within its box less its padding and the arrow's room).
   */
  it('shows the whole text of every option of the layer panels’ selects in the 340 px sidebar', async () => {
    const { h, tab } = fx;
    await zonesProject(h, 'fit');
    const { page } = tab;
    await page.goto(`${h.url}/editor/fit?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await page.getByTestId('style-panel-zones').locator('summary').click();
    // Colours by category: the palette's select shows, with "Okabe–Ito (colour-blind safe)" first.
    await page.getByTestId('style-mode-zones').selectOption('categorical');
    await page.getByTestId('style-property-zones').selectOption('category');
    await page.getByTestId('style-palette-zones').waitFor();
    for (const summary of await page.locator('[data-testid$="-panel-zones"] > summary').all()) {
      if (!(await summary.evaluate((s) => (s.parentElement as unknown as { open: boolean }).open))) await summary.click();
    }
    const { measured, cut } = await page.locator('[data-testid$="-panel-zones"] select').evaluateAll((selects) => {
      // The page's own globals (this file is compiled without the DOM's types).
      const { document, getComputedStyle } = globalThis as unknown as {
        document: { createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } } };
        getComputedStyle(element: unknown): { fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string };
      };
      const context = document.createElement('canvas').getContext('2d');
      const shown = selects
        .filter((s) => (s as unknown as { offsetParent: unknown }).offsetParent !== null)
        .map((s) => ({
          select: s as unknown as { clientWidth: number; options: ArrayLike<{ text: string }>; dataset: { testid?: string } },
          style: getComputedStyle(s),
        }));
      return {
        measured: shown.map(({ select }) => select.dataset.testid),
        cut: shown.flatMap(({ select, style }) => {
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          // The box less its padding and the room Chromium keeps for the arrow.
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return Array.from(select.options)
            .filter((o) => context.measureText(o.text).width > room)
            .map((o) => `${select.dataset.testid}: "${o.text}" needs ${Math.ceil(context.measureText(o.text).width)} px of ${Math.floor(room)}`);
        }),
      };
    });
    // The style panel's selects were measured, the palette's among them, and none cuts an option.
    expect(measured).toEqual(expect.arrayContaining(['style-target-zones', 'style-mode-zones', 'style-property-zones', 'style-palette-zones']));
    expect(cut).toEqual([]);
    await shot(page, 'editor-style-panel-selects');
    tab.assertClean();
  });
});
