import { Readable } from 'node:stream';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyScene, reports as reportsOf, SAY, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { type Rgba } from './pixels.js';
import { colorAt, viewerPixels } from './viewer-pixels.js';

/** A one-feature FeatureCollection: a square `d` degrees either side of (lng, lat). */
const square = (lng: number, lat: number, d: number, id: string) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id,
      properties: { id },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [lng - d, lat - d],
            [lng + d, lat - d],
            [lng + d, lat + d],
            [lng - d, lat + d],
            [lng - d, lat - d],
          ],
        ],
      },
    },
  ],
});

/** The scene's own layer: a green square 12° east of the view's centre. */
const ZONE = square(152, 35.5, 3, 'zone');

/**
 * Grows, moves and replaces its own layer's data and a scene layer's with `layers.override(id,
 * {data})`, as Re:Earth's "Override Layer Data" preset does. Its UI frame sends the steps.
 */
const OVERRIDER = `
${SAY}
const square = ${square.toString()};
// More points than the page draws as entities: the batched vector path (docs/viewer.md, "Large layers").
const grid = (n) => ({ type: 'FeatureCollection', features: Array.from({ length: n * n }, (_, i) => ({
  type: 'Feature', id: 'g' + i, properties: { i },
  geometry: { type: 'Point', coordinates: [140 - 4 + (8 * (i % n)) / n, 35.5 - 4 + (8 * Math.floor(i / n)) / n] },
})) });
const id = app.layers.add({ type: 'simple', data: { type: 'geojson', value: { type: 'FeatureCollection', features: [] } }, marker: { pointColor: '#ff0000', pointSize: 12 } });
let loads = 0;
app.layers.on('load', ({ layerId }) => say('load ' + layerId + ' ' + (layerId === id ? ++loads : ''), true));
app.layers.on('select', (layerId, featureId) => say('selected', [layerId === id ? 'mine' : layerId, featureId]));
const steps = {
  grid: () => app.layers.override(id, { data: { type: 'geojson', value: grid(72) } }),
  again: () => app.layers.override(id, { data: { value: grid(72) } }),
  polygon: () => app.layers.override(id, { data: { value: square(140, 35.5, 3, 'area') }, polygon: { fillColor: '#0000ff' } }),
  scene: () => app.layers.override('zone', { data: { value: square(128, 35.5, 3, 'zone') } }),
  find: () => [app.layers.findById(id).data.value.features.length, app.layers.findById('zone').data.value.features[0].geometry.coordinates[0][0]],
};
app.ui.on('message', (m) => { try { say(m.step, steps[m.step]() ?? true); } catch (e) { say(m.step, e.name + ': ' + e.message); } });
app.ui.show('<p>steps</p>', { width: 60, height: 24 });
`;

const isRed = ([r, g, b]: Rgba) => r > 180 && g < 80 && b < 80;
const isBlue = ([r, g, b]: Rgba) => b > 180 && r < 80 && g < 80;
const isGreen = ([r, g, b]: Rgba) => g > 150 && r < 80 && b < 80;

describe('docs/contract.md §8: layers.override with data draws the layer again from it', () => {
  let frame: Frame;
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      const project = await h.project('layer-data');
      const [zone] = await h.server.ctx.assets.add(project, [{ name: 'zone.geojson', stream: Readable.from([Buffer.from(JSON.stringify(ZONE))]) }], true);
      await h.admin('PUT', '/api/projects/layer-data/scene', {
        ...emptyScene(),
        layers: [{ id: 'zone', title: 'Zone', type: 'geojson', assetId: zone!.id, visible: true, appearance: { polygon: { fillColor: '#00ff00' } } }],
      });
      expect((await h.admin('POST', '/api/projects/layer-data/plugins', widgetPlugin('overrider', OVERRIDER))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/layer-data/publish')).status).toBe(200);
    },
    // The globe and the plugin come up before the tests, within the hook's longer limit: the
    // plugin's own layer has loaded (plugins start after the globe's first frame).
    onPage: async (tab, h) => {
      const first = tab.page.waitForEvent('console', { predicate: (m) => m.text().includes('REPORT ["load overrider-layer-1 1",true]'), timeout: 240_000 });
      await tab.page.goto(`${h.url}/p/layer-data`);
      await first;
      const element = tab.page.locator('iframe[data-plugin="overrider/main"].orbis-widget');
      frame = (await (await element.elementHandle())!.contentFrame())!;
    },
  });

  const reports = () => reportsOf(fx.tab, 'overrider/main');
  const step = async (name: string) => {
    await frame.evaluate(`parent.postMessage(${JSON.stringify({ step: name })}, '*')`);
    await expect.poll(() => name in reports(), { timeout: 30_000 }).toBe(true);
    return reports()[name];
  };
  const loaded = (what: string) => expect.poll(() => reports()[`load ${what}`], { timeout: 120_000 }).toBe(true);
  /** The viewer's colour `dx` pixels right of its centre, once `ok` holds for it. */
  const colourTurns = (dx: number, ok: (c: Rgba) => boolean) =>
    expect.poll(async () => ok(colorAt(await viewerPixels(fx.tab.page), 0.5 + dx / 640, 0.5)), { timeout: 60_000 }).toBe(true);

  const id = 'overrider-layer-1';
  const viewer = () => fx.tab.page.getByTestId('viewer');
  let selected = '';

  it('redraws a plugin layer on the batched path, keeping the selected feature while its id stays', async () => {
    await step('grid');
    await loaded(`${id} 2`);
    await colourTurns(0, isRed);
    const box = (await viewer().boundingBox())!;
    await fx.tab.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => (reports().selected as string[] | undefined)?.[0], { timeout: 30_000 }).toBe('mine');
    const [, featureId] = reports().selected as [string, string];
    selected = JSON.stringify([{ layerId: id, featureId }]);
    expect(await viewer().getAttribute('data-selected')).toBe(selected);
    // The same features again: the selection stays (and is drawn again).
    await step('again');
    await loaded(`${id} 3`);
    await expect.poll(() => viewer().getAttribute('data-selected')).toBe(selected);
  });

  it('redraws it on the entity path from other data: the old drawing and the selection go', async () => {
    expect(selected).not.toBe('');
    // A polygon with another id, on the entity path, blue: the points are gone, so is the selection.
    await step('polygon');
    await loaded(`${id} 4`);
    await colourTurns(0, isBlue);
    await expect.poll(() => viewer().getAttribute('data-selected')).toBe('[]');
    await expect.poll(() => reports().selected, { timeout: 30_000 }).toEqual([null, null]);
  });

  it('redraws a scene layer from inline data in place of its asset, and lists the new data', async () => {
    await colourTurns(100, isGreen);
    await step('scene');
    await loaded('zone ');
    await colourTurns(-100, isGreen);
    await colourTurns(100, (c) => !isGreen(c));
    expect(await step('find')).toEqual([1, [125, 32.5]]);
    fx.tab.assertClean();
  });
});
