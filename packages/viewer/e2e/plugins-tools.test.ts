import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { spatialIdFromLngLatHeight, spatialIdSpace } from '../../geo/src/index.js';
import { LIGHT_PROPERTY, reportLines, SAY, useBrowserAndServer } from './fixture.js';
import { isCloseTo, type Pixels, screenshotPixels } from './pixels.js';

const FLIGHT = readFileSync(new URL('../../server/demo-data/flight-hnd-cts.czml', import.meta.url), 'utf8');

/** A plugin driven by steps from its own UI frame: it reports what app.sketch, app.spatialId and app.timeline tell it. */
const DRIVER = `
${SAY}
app.ui.show('<p style="color:#fff;margin:0">tools</p>', { width: 60, height: 24 });
app.sketch.on('create', (e) => say('create', e));
app.sketch.on('update', (e) => say('update', e));
app.sketch.on('toolChange', (t) => say('toolChange', t === undefined ? 'none' : t));
app.spatialId.on('spacePick', (s) => say('spacePick', s));
let ticks = 0;
const steps = {
  sketch: () => { app.sketch.setTool('polygon'); return [app.sketch.tool, app.viewer.interactionMode.mode]; },
  locate: (m) => m.at.map(([x, y]) => app.viewer.tools.getLocationFromScreenCoordinate(x, y)),
  marker: () => { app.sketch.overrideOptions({ appearance: { marker: { pointColor: '#ff00ff', pointSize: 24 } }, autoResetInteractionMode: true }); app.sketch.setTool('marker'); return app.viewer.interactionMode.mode; },
  mode: () => app.viewer.interactionMode.mode,
  pick: () => { app.sketch.setTool(undefined); app.spatialId.pickSpace({ zoom: 10, color: 'rgba(255,0,255,0.5)' }); return app.viewer.interactionMode.mode; },
  clock: () => [app.timeline.startTime.toISOString(), app.timeline.stopTime.toISOString(), app.timeline.currentTime.toISOString(), app.timeline.speed, app.timeline.isPlaying],
  play: () => {
    app.timeline.on('tick', (d) => { ticks += 1; if (ticks === 5) say('ticks', [ticks, d instanceof Date, d.toISOString()]); });
    app.timeline.on('commit', (c) => say('commit', c));
    app.timeline.setSpeed(600);
    app.timeline.play();
    return app.timeline.isPlaying;
  },
  pause: () => { app.timeline.pause(); return [app.timeline.isPlaying, app.timeline.currentTime.toISOString()]; },
};
app.ui.on('message', (m) => { try { say(m.step, steps[m.step](m)); } catch (e) { say(m.step, e.name + ': ' + e.message); } });
`;

/** The centre of the flight's orange point on screen, or undefined where it is not in view. */
function orangeCentre(pixels: Pixels): { x: number; y: number } | undefined {
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (isCloseTo(pixels.at(x, y), [255, 80, 0], 40)) [sx, sy, n] = [sx + x, sy + y, n + 1];
    }
  }
  return n >= 6 ? { x: sx / n, y: sy / n } : undefined;
}

describe('app.sketch, app.spatialId and app.timeline in Chromium with the real engine', () => {
  let frame: Frame;

  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      const project = await h.project('tools');
      const [flight] = await h.server.ctx.assets.add(project, [{ name: 'flight.czml', stream: Readable.from([Buffer.from(FLIGHT)]) }], true);
      await h.admin('PUT', '/api/projects/tools/scene', {
        property: LIGHT_PROPERTY,
        // Haneda, where the flight starts, a little below the middle: clear of the page's name and the timeline bar.
        camera: { lng: 140.7, lat: 36.2, height: 1_400_000, heading: 0, pitch: -90, roll: 0 },
        layers: [{ id: 'flight', title: 'Flight', type: 'czml', assetId: flight!.id, visible: true }],
        widgets: [],
        story: { pages: [] },
      });
      const manifest = { id: 'tools', name: 'Tools', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Tools' }] };
      expect((await h.admin('POST', '/api/projects/tools/plugins', { manifest, files: { 'main.js': DRIVER } })).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/tools/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/p/tools`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
      const element = tab.page.locator('iframe[data-plugin="tools/main"]');
      frame = (await (await element.elementHandle())!.contentFrame())!;
    },
  });

  const reports = (name: string) =>
    reportLines(fx.tab, 'tools/main')
      .filter(([n]) => n === name)
      .map(([, v]) => v);
  /** Sends a step from the plugin's own UI frame and waits for its answer. */
  const step = async (name: string, extra: object = {}): Promise<unknown> => {
    const before = reports(name).length;
    await frame.evaluate(`parent.postMessage(${JSON.stringify({ step: name, ...extra })}, '*')`);
    await expect.poll(() => reports(name).length, { timeout: 60_000 }).toBeGreaterThan(before);
    return reports(name).at(-1);
  };
  const viewerBox = async () => (await fx.tab.page.getByTestId('viewer').boundingBox())!;

  it('sketches a polygon with real mouse clicks and receives its GeoJSON Feature', async () => {
    expect(await step('sketch')).toEqual(['polygon', 'sketch']);
    await expect.poll(() => reports('toolChange')).toEqual(['polygon']);
    // Left of the flight's path, which the last test watches.
    const at: [number, number][] = [
      [30, 50],
      [140, 50],
      [85, 150],
    ];
    const places = (await step('locate', { at })) as { lng: number; lat: number }[];
    const box = await viewerBox();
    await fx.tab.page.mouse.click(box.x + at[0]![0], box.y + at[0]![1]);
    await fx.tab.page.mouse.move(box.x + 100, box.y + 100);
    await fx.tab.page.mouse.click(box.x + at[1]![0], box.y + at[1]![1]);
    await fx.tab.page.mouse.dblclick(box.x + at[2]![0], box.y + at[2]![1]);
    await expect.poll(() => reports('create').length, { timeout: 60_000 }).toBe(1);
    const event = reports('create')[0] as {
      layerId: string;
      featureId: string;
      feature: { type: string; geometry: { type: string; coordinates: number[][][] }; properties: { type: string; extrudedHeight: number } };
    };
    expect(event.layerId).toBe('sketch');
    expect(event.featureId).toMatch(/^sketch-\d+$/);
    expect(event.feature.type).toBe('Feature');
    expect(event.feature.geometry.type).toBe('Polygon');
    expect(event.feature.properties).toMatchObject({ type: 'polygon', extrudedHeight: 0 });
    const ring = event.feature.geometry.coordinates[0]!;
    expect(ring).toHaveLength(4);
    expect(ring[3]).toEqual(ring[0]);
    ring.slice(0, 3).forEach(([lng, lat], i) => {
      expect(lng).toBeCloseTo(places[i]!.lng, 6);
      expect(lat).toBeCloseTo(places[i]!.lat, 6);
    });
    await expect.poll(() => fx.tab.page.getByTestId('viewer').getAttribute('data-last-sketch')).toBe('polygon');
  });

  it('drags a vertex of the drawn polygon with the real mouse and receives update with the changed Feature', async () => {
    const created = reports('create')[0] as { featureId: string };
    const [from, to]: [[number, number], [number, number]] = [
      [140, 50],
      [115, 95],
    ];
    const [place] = (await step('locate', { at: [to] })) as { lng: number; lat: number }[];
    const box = await viewerBox();
    await fx.tab.page.mouse.move(box.x + from[0], box.y + from[1]);
    await fx.tab.page.mouse.down();
    await fx.tab.page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
    await fx.tab.page.mouse.up();
    await expect.poll(() => reports('update').length, { timeout: 60_000 }).toBe(1);
    const event = reports('update')[0] as {
      layerId: string;
      featureId: string;
      feature: { id: string; geometry: { coordinates: number[][][] }; properties: { type: string; positions: number[][] } };
    };
    // Re:Earth's update payload: the create payload's shape, for the same feature.
    expect(event.layerId).toBe('sketch');
    expect(event.featureId).toBe(created.featureId);
    expect(event.feature.id).toBe(created.featureId);
    expect(event.feature.properties.type).toBe('polygon');
    const ring = event.feature.geometry.coordinates[0]!;
    expect(ring).toHaveLength(4);
    expect(ring[1]![0]).toBeCloseTo(place!.lng, 6);
    expect(ring[1]![1]).toBeCloseTo(place!.lat, 6);
    // The camera held still while the vertex moved: the other vertices are where they were drawn.
    const before = (reports('create')[0] as { feature: { geometry: { coordinates: number[][][] } } }).feature.geometry.coordinates[0]!;
    expect([ring[0], ring[2]]).toEqual([before[0], before[2]]);
    expect(event.feature.properties.positions).toHaveLength(3);
    expect(Math.hypot(...event.feature.properties.positions[1]!)).toBeGreaterThan(6_300_000);
    expect(await fx.tab.page.getByTestId('viewer').getAttribute('data-last-sketch-edit')).toBe(created.featureId);
    if (process.env.ORBIS_SCREENSHOTS) await fx.tab.page.screenshot({ path: `${process.env.ORBIS_SCREENSHOTS}/sketch-edited.png` });
  });

  it("draws a marker as Re:Earth's sketch appearance says, then goes back to the default mode (autoResetInteractionMode)", async () => {
    expect(await step('marker')).toBe('sketch');
    await expect.poll(() => reports('toolChange').at(-1)).toBe('marker');
    const box = await viewerBox();
    const at = { x: 60, y: 250 };
    await fx.tab.page.mouse.click(box.x + at.x, box.y + at.y);
    await expect.poll(() => reports('create').length, { timeout: 60_000 }).toBe(2);
    // One shape, and the mode is back to default with the tool put away.
    await expect.poll(() => reports('toolChange').at(-1)).toBe('none');
    expect(await step('mode')).toBe('default');
    // A 24 px magenta point where the click was (the default is a 10 px point in the sketch colour).
    await expect
      .poll(
        async () => {
          const pixels = await screenshotPixels(fx.tab.page, fx.tab.page.getByTestId('viewer'));
          return [-8, 0, 8].every((dx) => isCloseTo(pixels.at(at.x + dx, at.y), [255, 0, 255], 40));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it('picks a voxel with a click and receives its Spatial ID, as @orbis/geo computes it', async () => {
    expect(await step('pick')).toBe('spatialId');
    await expect.poll(() => reports('toolChange').at(-1)).toBe('none');
    const [place] = (await step('locate', { at: [[100, 260]] })) as { lng: number; lat: number }[];
    const box = await viewerBox();
    await fx.tab.page.mouse.click(box.x + 100, box.y + 260);
    await expect.poll(() => reports('spacePick').length, { timeout: 60_000 }).toBe(1);
    const expected = spatialIdSpace(spatialIdFromLngLatHeight(place!.lng, place!.lat, 0, 10));
    const got = reports('spacePick')[0] as typeof expected;
    // Ids and hashes exactly; the page's trigonometry may differ from Node's in the last bit.
    const { center, vertices, ...ids } = got;
    const { center: c, vertices: v, ...expectedIds } = expected;
    expect(ids).toEqual(expectedIds);
    expect(Object.keys(center).sort()).toEqual(['alt', 'height', 'lat', 'lng']);
    for (const key of ['lng', 'lat', 'alt', 'height'] as const) expect(center[key]).toBeCloseTo(c[key], 9);
    expect(vertices).toHaveLength(8);
    vertices.forEach((corner, i) => corner.forEach((n, j) => expect(n).toBeCloseTo(v[i]![j]!, 9)));
    expect(await fx.tab.page.getByTestId('viewer').getAttribute('data-spatial-id')).toBe(expected.zfxyStr);
  });

  it('shows the timeline bar for the CZML layer, plays with ticks, and the flight moves', async () => {
    const bar = fx.tab.page.getByTestId('timeline');
    await bar.waitFor({ state: 'visible' });
    // The scene's clock is applied once its layers have loaded: ask until the plugin sees it.
    await expect
      .poll(() => step('clock'), { timeout: 30_000 })
      .toEqual(['2026-11-21T00:00:00.000Z', '2026-11-21T01:30:00.000Z', '2026-11-21T00:00:00.000Z', 60, false]);
    await expect.poll(() => fx.tab.page.getByTestId('timeline-time').textContent()).toContain('00:00:00 UTC');
    const viewer = fx.tab.page.getByTestId('viewer');
    // The flight is drawn once its CZML has loaded and a frame has been rendered: wait for it.
    let before: ReturnType<typeof orangeCentre>;
    await expect.poll(async () => (before = orangeCentre(await screenshotPixels(fx.tab.page, viewer))), { timeout: 60_000 }).toBeDefined();
    expect(await step('play')).toBe(true);
    await expect.poll(() => reports('ticks').length, { timeout: 30_000 }).toBe(1);
    const [count, isDate] = reports('ticks')[0] as [number, boolean, string];
    expect([count, isDate]).toEqual([5, true]);
    // The plugin's console lines come from its worker, possibly after the tick's.
    await expect
      .poll(() => reports('commit'))
      .toEqual([
        { source: 'pluginAPI', id: 'tools/main' },
        { source: 'pluginAPI', id: 'tools/main' },
      ]);
    expect(await bar.getAttribute('data-playing')).toBe('true');
    // The flight has moved north (up the screen) as the clock plays.
    await expect
      .poll(
        async () => {
          const now = orangeCentre(await screenshotPixels(fx.tab.page, viewer));
          return now !== undefined && before!.y - now.y > 15;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // The bar's own button pauses: plugins hear a commit from widgetContext.
    await fx.tab.page.getByTestId('timeline-play').click();
    await expect.poll(() => reports('commit').at(-1)).toEqual({ source: 'widgetContext' });
    const [playing, current] = (await step('pause')) as [boolean, string];
    expect(playing).toBe(false);
    expect(Date.parse(current)).toBeGreaterThan(Date.parse('2026-11-21T00:00:00Z'));
    fx.tab.assertClean();
  });
});
