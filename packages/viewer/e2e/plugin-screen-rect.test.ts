import { describe, expect, it } from 'vitest';
import { emptyScene, reports as reportsOf, SAY, useBrowserAndServer, widgetPlugin } from './fixture.js';

/**
 * A plugin's polygon that fills the view (every vertex off screen), hidden, shown, overridden and
 * restored, asked for after each step with the whole screen as the rectangle (issue 39 C.7), and a
 * line that crosses the view with both ends off screen.
 */
const PLUGIN = `
${SAY}
const zone = { type: 'FeatureCollection', features: [
  { type: 'Feature', id: 'zone', properties: { name: 'zone' }, geometry: { type: 'Polygon', coordinates: [[[137, 33], [142, 33], [142, 38], [137, 38], [137, 33]]] } },
] };
const road = { type: 'FeatureCollection', features: [
  { type: 'Feature', id: 'road', properties: { name: 'road' }, geometry: { type: 'LineString', coordinates: [[130, 35.6], [150, 35.4]] } },
] };
const added = app.layers.add({ type: 'geojson', data: { value: zone } });
const line = app.layers.add({ type: 'geojson', data: { value: road } });
const inRect = () => { const { width, height } = app.viewer.viewport; return app.layers.getFeaturesInScreenRect([0, 0, width, height]).map((f) => f.id).sort(); };
const steps = [
  ['added', () => {}],
  ['hidden', () => app.layers.hide(added)],
  ['shown', () => app.layers.show(added)],
  ['overridden', () => app.layers.override(added, { polygon: { fillColor: '#ff000080' } })],
  ['restored', () => app.layers.override(added, null)],
];
let loaded = 0;
app.layers.on('load', ({ layerId }) => {
  if (layerId !== added && layerId !== line) return;
  if (++loaded < 2) return;
  app.camera.flyTo({ lng: 139.5, lat: 35.5, height: 150000, heading: 0, pitch: -Math.PI / 2, roll: 0 }, { duration: 0 });
  const next = (i) => {
    if (i >= steps.length) return;
    steps[i][1]();
    setTimeout(() => { say(steps[i][0], inRect()); next(i + 1); }, 300);
  };
  setTimeout(() => next(0), 300);
});
`;

describe('layers.getFeaturesInScreenRect with shapes larger than the view (docs/plugin-api.md)', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 480, height: 360 },
    setUp: async (h) => {
      await h.project('rect');
      await h.admin('PUT', '/api/projects/rect/scene', emptyScene());
      expect((await h.admin('POST', '/api/projects/rect/plugins', widgetPlugin('rect', PLUGIN))).status).toBe(201);
      expect((await h.admin('POST', '/api/projects/rect/publish')).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/p/rect`);
      await tab.page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    },
  });

  it('lists a polygon that fills the view and a line across it, through hide, show, override and restore', async () => {
    const reports = () => reportsOf(fx.tab, 'rect/main');
    await expect.poll(() => Object.keys(reports()), { timeout: 120_000 }).toContain('restored');
    expect(reports()).toEqual({ added: ['road', 'zone'], hidden: ['road'], shown: ['road', 'zone'], overridden: ['road', 'zone'], restored: ['road', 'zone'] });
  });
});
