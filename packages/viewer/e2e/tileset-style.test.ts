import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { paletteOf } from '../src/editor/panels/layer/palettes.js';
import { buildingTileset, type TileBuilding } from './building-tileset.js';
import { LIGHT_PROPERTY, useBrowserAndServer } from './fixture.js';
import { dominantColorIn, type ExpectedColor, isCloseTo, type Pixels, type Rgba, screenshotPixels } from './pixels.js';
import { shot } from './shots.js';
import { uploadTileset } from './tileset-upload.js';

/*
 * Issue 42 item 6 (docs/editor.md, docs/viewer.md): the style panel of a 3D Tiles layer lists its
 * buildings' attributes, read from the tiles loaded, and colours them by a PLATEAU preset (measured
 * height in classes, flood depth in MLIT's ranks, a building without a depth keeping its white) and
 * filters them by one (`show`), on the globe at once without loading the tileset again; the published
 * page draws them alike. Three box buildings in a row along 35.7°N, judged by pixels.
 */
const LAT = 35.7;
const CENTRE_LNG = 139.7;
const SPACING = 2;
const HEIGHT = 670_000;
const DEPTH = 'uro:BuildingRiverFloodingRiskAttribute_uro:depth';
const buildings: TileBuilding[] = [
  { lng: CENTRE_LNG - SPACING, lat: LAT, properties: { gml_id: 'bldg-low', 'bldg:measuredHeight': 8, 'bldg:usage': '住宅', [DEPTH]: 0.2 } },
  { lng: CENTRE_LNG, lat: LAT, properties: { gml_id: 'bldg-mid', 'bldg:measuredHeight': 45, 'bldg:usage': '商業施設', [DEPTH]: 4 } },
  { lng: CENTRE_LNG + SPACING, lat: LAT, properties: { gml_id: 'bldg-tall', 'bldg:measuredHeight': 150, 'bldg:usage': '住宅' } },
];
const names = [...new Set(buildings.flatMap((b) => Object.keys(b.properties)))];
const viridis = paletteOf('Viridis', 'sequential').colours;
const HEIGHT_REF = '${feature["bldg:measuredHeight"]}';
/** The height preset's rule, as docs/editor.md gives it: classes from 10, 20, 30, 60 and 120 m on Viridis. */
const byHeight = {
  conditions: [
    [`${HEIGHT_REF} < 10`, `color('${viridis[0]}')`],
    [`${HEIGHT_REF} >= 10 && ${HEIGHT_REF} < 20`, `color('${viridis[1]}')`],
    [`${HEIGHT_REF} >= 20 && ${HEIGHT_REF} < 30`, `color('${viridis[2]}')`],
    [`${HEIGHT_REF} >= 30 && ${HEIGHT_REF} < 60`, `color('${viridis[4]}')`],
    [`${HEIGHT_REF} >= 60 && ${HEIGHT_REF} < 120`, `color('${viridis[5]}')`],
    [`${HEIGHT_REF} >= 120`, `color('${viridis[6]}')`],
  ],
};

const hex = (c: string): ExpectedColor => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as ExpectedColor;
const WHITE: ExpectedColor = [255, 255, 255];

/**
 * Where each building's middle is in the viewer, as fractions of its width: the camera looks
 * straight down, and CesiumJS's 60° field of view spans the wider side of the view.
 */
function buildingsAt(pixels: Pixels): { fx: number; fy: number }[] {
  const aspect = pixels.width / pixels.height;
  const halfWidthM = HEIGHT * Math.tan(Math.PI / 6) * (aspect >= 1 ? 1 : aspect);
  const metresPerDegree = 111_320 * Math.cos((LAT * Math.PI) / 180);
  return buildings.map((b) => ({ fx: 0.5 + ((b.lng - CENTRE_LNG) * metresPerDegree) / (2 * halfWidthM), fy: 0.5 }));
}

function colorAt(pixels: Pixels, p: { fx: number; fy: number }): Rgba {
  return dominantColorIn(pixels, { x: Math.round(pixels.width * p.fx) - 5, y: Math.round(pixels.height * p.fy) - 5, width: 10, height: 10 });
}

/** Waits until each building shows its colour (`{not}`: any colour but that one, as where it is hidden). */
async function waitForBuildings(page: Page, expected: (ExpectedColor | { not: ExpectedColor })[], what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last: Rgba[] = [];
  while (Date.now() < deadline) {
    const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
    last = buildingsAt(pixels).map((p) => colorAt(pixels, p));
    if (expected.every((e, i) => ('not' in e ? !isCloseTo(last[i]!, e.not, 60) : isCloseTo(last[i]!, e, 60)))) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`${what}: ${last.map((c) => `[${c.join(', ')}]`).join(' ')}`);
}

describe('3D Tiles styled by their attributes in Chromium', () => {
  const fx = useBrowserAndServer({ viewport: { width: 1200, height: 700 } });

  it('colours PLATEAU-shaped buildings by a preset and filters them, in the editor and on the published page', async () => {
    const { h, tab } = fx;
    await h.project('city');
    const tilesetUrl = await uploadTileset(h.url, 'city', buildingTileset(buildings, 1.5), 'city.zip');
    const scene = {
      property: LIGHT_PROPERTY,
      camera: { lng: CENTRE_LNG, lat: LAT, height: HEIGHT, heading: 0, pitch: -90, roll: 0 },
      layers: [{ id: 'city', title: 'Buildings', type: '3dtiles', url: tilesetUrl, visible: true, infobox: { title: '${gml_id}' } }],
      widgets: [],
      story: { pages: [] },
    };
    expect((await h.admin('PUT', '/api/projects/city/scene', scene)).status).toBe(200);
    const saved = async () => (await (await h.admin('GET', '/api/projects/city/scene')).json()).layers[0].appearance;

    const { page } = tab;
    await page.goto(`${h.url}/editor/city?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await waitForBuildings(page, [WHITE, WHITE, WHITE], 'three white buildings before any style');

    // The panel lists the attributes of the loaded tiles' buildings, and the presets the tileset has.
    await page.getByTestId('style-panel-city').locator('summary').click();
    const optionTexts = (id: string) => page.getByTestId(id).locator('option').allTextContents();
    await expect.poll(() => optionTexts('style-property-city')).toEqual([...names].sort());
    expect(await optionTexts('style-preset-city')).toEqual([
      'choose a preset',
      'Measured height (bldg:measuredHeight)',
      'Use (bldg:usage)',
      `Flood depth (${DEPTH})`,
    ]);

    // Measured height: 8, 45 and 150 m fall in the first, fifth and sixth classes of Viridis.
    await page.getByTestId('style-preset-city').selectOption('height');
    await waitForBuildings(page, [hex(viridis[0]!), hex(viridis[4]!), hex(viridis[6]!)], 'buildings coloured by measured height');
    await expect.poll(saved, { timeout: 60_000 }).toEqual({ '3dtiles': { color: byHeight } });
    // The colour form reads the preset as classes between chosen breaks, and lists them as the legend does.
    expect(await page.getByTestId('style-method-city').inputValue()).toBe('breaks');
    expect(await page.getByTestId('style-breaks-city').inputValue()).toBe('10, 20, 30, 60, 120');
    expect(await page.getByTestId('style-classes-list-city').locator('li').count()).toBe(6);
    await shot(page, 'editor-tileset-style');

    // Flood depth: 0.2 m and 4 m in MLIT's colours; the building with no depth keeps its white.
    await page.getByTestId('style-preset-city').selectOption('flood');
    const flood = paletteOf('MLIT flood depth', 'sequential').colours;
    await waitForBuildings(page, [hex(flood[0]!), hex(flood[2]!), WHITE], 'buildings coloured by flood depth');

    // A filter: only buildings of 30 m or more.
    await page.getByTestId('style-filter-property-city').selectOption('bldg:measuredHeight');
    await page.getByTestId('style-filter-operator-city').selectOption('>=');
    await page.getByTestId('style-filter-value-city').fill('30');
    await page.getByTestId('style-filter-value-city').press('Enter');
    await waitForBuildings(page, [{ not: hex(flood[0]!) }, hex(flood[2]!), WHITE], 'the 8 m building hidden by the filter');
    await expect.poll(async () => (await saved())['3dtiles'].show, { timeout: 60_000 }).toEqual({ expression: `${HEIGHT_REF} >= 30` });

    // Back to height for the published page: it draws the same style.
    await page.getByTestId('style-preset-city').selectOption('height');
    await expect.poll(async () => (await saved())['3dtiles'].color, { timeout: 60_000 }).toEqual(byHeight);
    tab.assertClean();
    expect((await h.admin('POST', '/api/projects/city/publish')).status).toBe(200);
    const visitor = await fx.open({ width: 480, height: 320 });
    await visitor.page.goto(`${h.url}/p/city`);
    await visitor.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    await waitForBuildings(
      visitor.page,
      [{ not: hex(viridis[0]!) }, hex(viridis[4]!), hex(viridis[6]!)],
      'the published page: tall buildings by height, the low one filtered out',
    );
    await shot(visitor.page, 'published-plateau');
    // The legend lists the height classes (a small window: it starts folded).
    const legend = visitor.page.getByTestId('legend').locator('details');
    await legend.locator('summary').click();
    await expect.poll(() => visitor.page.getByTestId('legend').getByTestId('legend-row').allTextContents()).toHaveLength(6);
    expect((await visitor.page.getByTestId('legend').getByTestId('legend-row').first().textContent())?.trim()).toBe('bldg:measuredHeight < 10');
    visitor.assertClean();
  });
});
