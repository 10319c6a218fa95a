import { PNG } from 'pngjs';
import { TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { mvtTiles } from '../testing/mvt-tiles.js';
import { writePmtiles } from '../testing/pmtiles-writer.js';
import { seriousAxeViolations } from './axe.js';
import { emptyScene, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { HARBOUR, HARBOUR_STREETS } from './openmaptiles-harbour.js';
import { shot } from './shots.js';
import type { Pixels } from './pixels.js';
import { colorAt, viewerReady, waitForPixels } from './viewer-pixels.js';

/** A 256-pixel tile of one colour: what the test's own "OpenStreetMap" serves for every tile. */
function solidTile([r, g, b]: [number, number, number]): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

const magenta = (c: number[]) => c[0]! > 180 && c[1]! < 90 && c[2]! > 180;
const orange = (c: number[]) => c[0]! > 200 && c[1]! > 90 && c[1]! < 170 && c[2]! < 60;

/** A world tile orange in its northern half and blue in its southern half: drawn upside down, Japan would be blue. */
function northOrangeTile(): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set(i < png.data.length / 2 ? [255, 128, 0, 255] : [0, 0, 255, 255], i);
  return PNG.sync.write(png);
}

/** The project's own street basemap: a PMTiles archive of one world tile, made here (no outside service). */
const STREETS = writePmtiles({
  tileType: TileType.Png,
  tiles: [{ z: 0, x: 0, y: 0, data: northOrangeTile() }],
  metadata: { attribution: '<a href="https://example.org/streets">© Test Streets</a>' },
});
/** The middle of the test's town: a lake there, a motorway north of it, a park south of it. */
const TOWN = { lng: 139.75, lat: 35.68 };
const box = (w: number, s: number, e: number, n: number, properties: Record<string, unknown>) => ({
  type: 'Feature' as const,
  properties,
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  },
});
const road = (properties: Record<string, unknown>, ...coordinates: [number, number][]) => ({
  type: 'Feature' as const,
  properties,
  geometry: { type: 'LineString' as const, coordinates },
});
/**
 * A town's streets as a vector archive in Protomaps' basemap layers, levels 10 to 14: what a map
 * maker gets from `pmtiles extract` of a Protomaps build, made here from GeoJSON (no outside service).
 */
const TOWN_STREETS = writePmtiles({
  tileType: TileType.Mvt,
  tiles: mvtTiles(
    {
      earth: [box(139.7, 35.64, 139.8, 35.72, {})],
      water: [box(139.746, 35.677, 139.754, 35.683, { kind: 'lake', name: 'Test Pond' })],
      landuse: [box(139.74, 35.6735, 139.76, 35.676, { kind: 'park' })],
      roads: [
        road({ kind: 'highway', name: 'Test Expressway' }, [139.7, 35.6855], [139.8, 35.6855]),
        road({ kind: 'major_road', name: 'West Avenue' }, [139.74, 35.66], [139.74, 35.7]),
        road({ kind: 'minor_road' }, [139.76, 35.66], [139.76, 35.7]),
      ],
      places: [
        {
          type: 'Feature',
          properties: { kind: 'locality', name: 'Testtown', min_zoom: 4, population_rank: 10 },
          geometry: { type: 'Point', coordinates: [139.758, 35.681] },
        },
      ],
    },
    [10, 11, 12, 13, 14],
  ),
  bounds: [139.7, 35.64, 139.8, 35.72],
  center: [TOWN.lng, TOWN.lat, 14],
  metadata: {
    attribution: '<a href="https://example.org/town">© Test Town Streets</a>',
    vector_layers: ['earth', 'water', 'landuse', 'roads', 'places'].map((id) => ({ id })),
  },
});
/** A second raster archive, of one green tile. */
const PARKS = writePmtiles({ tileType: TileType.Png, tiles: [{ z: 0, x: 0, y: 0, data: solidTile([0, 160, 0]) }] });
let streetsId = '';
let townId = '';
let harbourId = '';

describe('basemaps (docs/contract.md §14)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('streets');
      streetsId = await uploadPublicAsset(h, 'streets', 'streets.pmtiles', STREETS);
      townId = await uploadPublicAsset(h, 'streets', 'town.pmtiles', TOWN_STREETS);
      harbourId = await uploadPublicAsset(h, 'streets', 'harbour.pmtiles', HARBOUR_STREETS);
      await uploadPublicAsset(h, 'streets', 'parks.pmtiles', PARKS);
      // No atmosphere or lighting: the basemap's own colour shows.
      const scene = emptyScene();
      expect(
        (
          await h.admin('PUT', '/api/projects/streets/scene', {
            ...scene,
            property: { ...scene.property, sky: { atmosphere: false }, globe: { showGroundAtmosphere: false } },
          })
        ).status,
      ).toBe(200);
    },
    onPage: async (tab, h) => {
      // The test is OpenStreetMap's tile server: every tile is magenta. Other hosts stay blocked.
      await tab.page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: solidTile([255, 0, 255]) }));
      await tab.page.goto(`${h.url}/editor/streets?tab=map#token=${ADMIN_TOKEN}`);
      await viewerReady(tab.page);
    },
  });

  it('picks OpenStreetMap in the Map tab: its tiles draw the globe, its credit shows, and the scene keeps it', async () => {
    const { page } = fx.tab;
    // The offline default first: Natural Earth II, and nothing asked of an outside host.
    expect(await page.getByTestId('basemap').inputValue()).toBe('default');
    const picker = page.getByTestId('basemap-picker');
    await picker.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('basemap').selectOption('open_street_map');
    await waitForPixels(page, (p) => magenta(colorAt(p, 0.5, 0.5)), 'the globe shows the OpenStreetMap tiles');
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain('OpenStreetMap contributors');
    expect(await page.getByTestId('basemap-credit').textContent()).toBe('Credit: © OpenStreetMap contributors');
    await expect
      .poll(() => page.getByTestId('basemap-preview').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 60_000 })
      .toBe(256);
    const saved = async () => ((await (await fx.h.admin('GET', '/api/projects/streets/scene')).json()) as { property: { tiles?: unknown } }).property.tiles;
    await expect.poll(saved, { timeout: 60_000 }).toEqual([{ type: 'open_street_map', opacity: 1 }]);

    // Off shows no basemap; picking one turns it on again.
    await page.getByTestId('imagery-show').uncheck();
    await expect.poll(saved, { timeout: 60_000 }).toEqual([]);
    await waitForPixels(page, (p) => !magenta(colorAt(p, 0.5, 0.5)), 'without a basemap the globe shows its own colour');
    await page.getByTestId('basemap').selectOption('open_street_map');
    await expect.poll(saved, { timeout: 60_000 }).toEqual([{ type: 'open_street_map', opacity: 1 }]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    fx.tab.assertClean();
  });

  it("says when a basemap's tiles cannot be loaded, and shows only the credits of what is drawn (docs/viewer.md)", async () => {
    const { page } = fx.tab;
    // No network for GSI: each tile fails, as offline.
    await page.route('https://cyberjapandata.gsi.go.jp/**', (route) => route.abort('internetdisconnected'));
    const credits = () => page.locator('.cesium-widget-credits').textContent();
    const notice = page.getByTestId('basemap-notice');
    await page.getByTestId('basemap').selectOption('japan_gsi_standard');
    await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toContain('Map tiles from cyberjapandata.gsi.go.jp could not be loaded');
    expect(await notice.isVisible()).toBe(true);
    // OpenStreetMap's credit went with its tiles.
    await expect.poll(credits, { timeout: 30_000 }).toContain('地理院タイル');
    expect(await credits()).not.toContain('OpenStreetMap');
    await shot(page, 'editor-basemap-offline');
    // The offline default: the notice and GSI's credit go.
    await page.getByTestId('basemap').selectOption('default');
    await expect.poll(() => notice.isHidden(), { timeout: 30_000 }).toBe(true);
    await expect.poll(credits, { timeout: 30_000 }).not.toContain('地理院タイル');
    await page.unroute('https://cyberjapandata.gsi.go.jp/**');
    // OpenStreetMap again, for the published page's test.
    await page.getByTestId('basemap').selectOption('open_street_map');
    const saved = async () => ((await (await fx.h.admin('GET', '/api/projects/streets/scene')).json()) as { property: { tiles?: unknown } }).property.tiles;
    await expect.poll(saved, { timeout: 60_000 }).toEqual([{ type: 'open_street_map', opacity: 1 }]);
    fx.tab.assertClean();
  });

  it('shows the basemap on the published page too', async () => {
    const { page } = fx.tab;
    expect((await fx.h.admin('POST', '/api/projects/streets/publish')).status).toBeLessThan(300);
    await page.goto(`${fx.h.url}/p/streets`);
    await viewerReady(page);
    await waitForPixels(page, (p) => magenta(colorAt(p, 0.5, 0.5)), 'the published globe shows the OpenStreetMap tiles');
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain('OpenStreetMap contributors');
    fx.tab.assertClean();
  });

  it('picks a raster PMTiles archive of the project: it draws its tiles with its attribution, in the editor and when published', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor/streets?tab=map`);
    await viewerReady(page);
    await page.getByTestId('basemap').selectOption('pmtiles');
    const archive = page.getByTestId('basemap-archive');
    const saved = async () => ((await (await fx.h.admin('GET', '/api/projects/streets/scene')).json()) as { property: { tiles?: unknown } }).property.tiles;
    await archive.selectOption({ label: 'streets.pmtiles' });
    await waitForPixels(page, (p) => orange(colorAt(p, 0.5, 0.5)), "the globe shows the archive's tiles");
    await expect.poll(saved, { timeout: 60_000 }).toEqual([{ type: 'pmtiles', assetId: streetsId, opacity: 1 }]);
    expect(await page.getByTestId('basemap-refusal').textContent()).toBe('');
    await expect.poll(() => page.getByTestId('basemap-credit').textContent(), { timeout: 60_000 }).toBe('Credit: © Test Streets');
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain('© Test Streets');
    await expect
      .poll(() => page.getByTestId('basemap-preview').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 60_000 })
      .toBe(256);
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect((await fx.h.admin('POST', '/api/projects/streets/publish')).status).toBeLessThan(300);
    await page.goto(`${fx.h.url}/p/streets`);
    await viewerReady(page);
    await waitForPixels(page, (p) => orange(colorAt(p, 0.5, 0.5)), "the published globe shows the archive's tiles");
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain('© Test Streets');
    fx.tab.assertClean();
  });

  it("keeps an object URL of an archive's preview only while the preview shows it", async () => {
    const { page } = fx.tab;
    await page.addInitScript(() => {
      const w = globalThis as unknown as { revokedUrls: string[] };
      w.revokedUrls = [];
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.revokeObjectURL = (url: string) => {
        w.revokedUrls.push(url);
        revoke(url);
      };
    });
    await page.goto(`${fx.h.url}/editor/streets?tab=map`);
    await viewerReady(page);
    const preview = page.getByTestId('basemap-preview');
    const revoked = () => page.evaluate(() => (globalThis as unknown as { revokedUrls: string[] }).revokedUrls);
    const shownBlob = async (not: string[]) => {
      await expect
        .poll(
          async () => {
            const src = await preview.getAttribute('src');
            return src?.startsWith('blob:') && !not.includes(src);
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      await expect
        .poll(() =>
          preview.evaluate(
            (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth,
          ),
        )
        .toBe(256);
      return (await preview.getAttribute('src'))!;
    };
    await page.getByTestId('basemap').selectOption('pmtiles');
    const archive = page.getByTestId('basemap-archive');
    await archive.selectOption({ label: 'streets.pmtiles' });
    const streets = await shownBlob([]);
    await archive.selectOption({ label: 'parks.pmtiles' });
    const parks = await shownBlob([streets]);
    expect(await revoked()).toContain(streets);
    // Another change redraws the picker (the opacity, saved): the preview keeps its URL.
    await page.getByTestId('imagery-opacity').evaluate(`(e) => { e.value = '0.8'; e.dispatchEvent(new Event('input', { bubbles: true })); }`);
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    expect(await preview.getAttribute('src')).toBe(parks);
    expect(await revoked()).not.toContain(parks);
    // Another kind of basemap: the archive's preview goes, and so does its URL.
    await page.getByTestId('basemap').selectOption('default');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/NaturalEarthII/);
    expect(await revoked()).toContain(parks);
    // Back to the archive: a new URL of the tile read before, which shows.
    await page.getByTestId('basemap').selectOption('pmtiles');
    await shownBlob([streets, parks]);
    fx.tab.assertClean();
  });

  /**
   * Straight down over `place` from 4 km (closer than the archives' deepest level, 14, so their
   * tiles are overzoomed), picks the archive `label` in the Map tab: `painted` holds on the globe,
   * the scene keeps it, its `credit` shows under the picker and on the globe, and its preview is
   * painted; then the same on the published page. `shots` names the two screenshots, taken with
   * what `inSight` scrolls to.
   */
  async function pickVectorArchive(o: {
    place: { lng: number; lat: number };
    label: string;
    assetId: string;
    credit: string;
    painted: (p: Pixels) => boolean;
    inSight: 'basemap' | 'basemap-preview';
    shots: [string, string];
  }) {
    const { page } = fx.tab;
    const scene = emptyScene({ ...o.place, height: 4_000, heading: 0, pitch: -90, roll: 0 });
    expect(
      (
        await fx.h.admin('PUT', '/api/projects/streets/scene', {
          ...scene,
          property: { ...scene.property, sky: { atmosphere: false }, globe: { showGroundAtmosphere: false } },
        })
      ).status,
    ).toBe(200);
    await page.goto(`${fx.h.url}/editor/streets?tab=map`);
    await viewerReady(page);
    await page.getByTestId('basemap').selectOption('pmtiles');
    await page.getByTestId('basemap-archive').selectOption({ label: o.label });
    await waitForPixels(page, o.painted, `the globe shows the streets of ${o.label}`);
    const saved = async () => ((await (await fx.h.admin('GET', '/api/projects/streets/scene')).json()) as { property: { tiles?: unknown } }).property.tiles;
    await expect.poll(saved, { timeout: 60_000 }).toEqual([{ type: 'pmtiles', assetId: o.assetId, opacity: 1 }]);
    expect(await page.getByTestId('basemap-refusal').textContent()).toBe('');
    await expect.poll(() => page.getByTestId('basemap-credit').textContent(), { timeout: 60_000 }).toBe(`Credit: ${o.credit}`);
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain(o.credit);
    // The preview is a tile painted at the archive's centre.
    await expect
      .poll(() => page.getByTestId('basemap-preview').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 60_000 })
      .toBe(256);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The picker's first row in the middle of the panel (below the tab row that stays in sight), or its preview and credit under the globe.
    await page.getByTestId(o.inSight).evaluate((el, block) => el.scrollIntoView({ block }), o.inSight === 'basemap' ? 'center' : 'end');
    await shot(page, o.shots[0]);

    expect((await fx.h.admin('POST', '/api/projects/streets/publish')).status).toBeLessThan(300);
    await page.goto(`${fx.h.url}/p/streets`);
    await viewerReady(page);
    await waitForPixels(page, o.painted, `the published globe shows the streets of ${o.label}`);
    await expect.poll(() => page.locator('.cesium-widget-credits').textContent(), { timeout: 30_000 }).toContain(o.credit);
    await shot(page, o.shots[1]);
    fx.tab.assertClean();
  }

  it("picks a vector PMTiles archive: the town's lake, motorway and park are painted where they are, with the archive's attribution, in the editor and when published", async () => {
    await pickVectorArchive({
      place: TOWN,
      label: 'town.pmtiles',
      assetId: townId,
      credit: '© Test Town Streets',
      painted: paintedTown,
      inSight: 'basemap-preview',
      shots: ['editor-basemap-vector', 'published-vector-basemap'],
    });
  });

  it("picks a vector archive in OpenMapTiles' layers: its sea, land, motorway, park, wood and buildings are painted in the same street style where they are, in the editor and when published", async () => {
    await pickVectorArchive({
      place: HARBOUR,
      label: 'harbour.pmtiles',
      assetId: harbourId,
      credit: '© Test Harbour Streets',
      painted: paintedHarbour,
      inSight: 'basemap',
      shots: ['editor-basemap-pmtiles', 'published-pmtiles'],
    });
  });
});

// Protomaps' light colours: water #80deea, roads #ffffff, parks #9cd3b4, land #e2dfda.
const water = (c: number[]) => c[0]! < 170 && c[1]! > 200 && c[2]! > 215;
const white = (c: number[]) => c[0]! > 245 && c[1]! > 245 && c[2]! > 245;
const park = (c: number[]) => c[0]! < 190 && c[1]! > 195 && c[1]! - c[0]! > 30 && c[2]! < 205;

/** The lake in the middle of the view, the motorway somewhere above it and the park somewhere below it (a road is a few pixels wide: each pixel of the middle column is looked at). */
function paintedTown(p: Pixels): boolean {
  const x = Math.round(p.width / 2);
  const column = (from: number, to: number) => Array.from({ length: Math.round((to - from) * p.height) }, (_, i) => p.at(x, Math.round(from * p.height) + i));
  // Not "no white below": the published page's title sits there, white.
  return water(colorAt(p, 0.5, 0.5)) && column(0.03, 0.45).some(white) && !column(0.03, 0.45).some(park) && column(0.55, 0.97).some(park);
}

// Protomaps' light land #e2dfda; buildings #cccccc at half opacity over it; a wood #d0ded0.
const near = (c: number[], [r, g, b]: [number, number, number], by: number) =>
  Math.abs(c[0]! - r) <= by && Math.abs(c[1]! - g) <= by && Math.abs(c[2]! - b) <= by;
const land = (c: number[]) => near(c, [0xe2, 0xdf, 0xda], 4);
const building = (c: number[]) => near(c, [215, 213, 211], 4);
const wood = (c: number[]) => near(c, [0xd0, 0xde, 0xd0], 6);

/**
 * The harbour of openmaptiles-harbour.ts seen from above (the view is about 0.05° of longitude
 * wide): land in the middle and west of it, the sea in the south-west, the motorway above the
 * middle, the wood north-west and the park north-east of the middle, a building south-west of it.
 * Where a feature is on the screen up and down depends on the page's height: a column is looked at.
 */
function paintedHarbour(p: Pixels): boolean {
  const column = (fx: number, from: number, to: number) =>
    Array.from({ length: Math.round((to - from) * p.height) }, (_, i) => p.at(Math.round(fx * p.width), Math.round(from * p.height) + i));
  return (
    land(colorAt(p, 0.5, 0.5)) &&
    land(colorAt(p, 0.25, 0.5)) &&
    water(colorAt(p, 0.25, 0.85)) &&
    column(0.5, 0.03, 0.45).some(white) &&
    column(0.62, 0.03, 0.5).some(park) &&
    column(0.4, 0.03, 0.5).some(wood) &&
    column(0.452, 0.5, 0.7).some(building)
  );
}
