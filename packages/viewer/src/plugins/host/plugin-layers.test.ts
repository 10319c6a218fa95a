import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { PluginHost } from '../plugin-host.js';
import type { InstalledPlugin } from '../viewer-services.js';
import { loadQuickJs } from '../quickjs/quickjs.js';
import { runPlugins, widgetPlugin as plugin } from '../../../testing/test-services.js';

const AREA = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'a',
      properties: { n: 1 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    },
  ],
};
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('app.layers against a test engine', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(plugins: InstalledPlugin[]) {
    const started = runPlugins(module, plugins);
    host = started.host;
    return started;
  }

  it("lists the scene's layers as plain copies, and finds them", () => {
    const { lines, layers } = run([
      plugin(
        'p',
        `
      const all = app.layers.layers;
      console.log(all.map((l) => [l.id, l.visible]));
      all[0].title = 'changed'; all.pop();
      console.log([app.layers.layers.length, app.layers.findById('landmarks').title, app.layers.findById('nope') === undefined]);
      console.log(app.layers.findByIds('city', 'nope', 'landmarks').map((l) => l && l.id));
      console.log([app.layers.find((l) => l.type === '3dtiles').id, app.layers.findAll((l) => l.visible).map((l) => l.id)]);
      try { app.layers.find('x'); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    expect(lines()).toEqual([
      [
        ['landmarks', true],
        ['city', false],
      ],
      [2, 'Landmarks', true],
      ['city', null, 'landmarks'],
      ['city', ['landmarks']],
      'TypeError',
    ]);
    expect(layers.scene[0]!.title).toBe('Landmarks');
  });

  it("takes Re:Earth's call forms: find's parents (none), a condition on getFeaturesInScreenRect, the edit event", () => {
    const { lines, errors } = run([
      plugin(
        'p',
        `
      console.log(app.layers.find((l, i, parents) => Array.isArray(parents) && parents.length === 0 && i === 1).id);
      console.log(app.layers.findAll((l, i, parents) => parents.length === 0).length);
      console.log(app.layers.getFeaturesInScreenRect([90, 90, 20, 20], (f) => f.properties.height > 300).map((f) => f.id));
      console.log(app.layers.getFeaturesInScreenRect([90, 90, 20, 20], (f) => f.properties.height > 400));
      try { app.layers.getFeaturesInScreenRect([90, 90, 20, 20], 'tall'); } catch (e) { console.log(e.message); }
      const off = app.layers.on('edit', () => console.log('edited'));
      console.log(typeof off);
    `,
      ),
    ]);
    expect(errors()).toEqual([]);
    expect(lines()).toEqual(['city', 2, ['tower'], [], 'layers.getFeaturesInScreenRect: condition must be a function', 'function']);
  });

  it("adds layers in Orbis's form and Re:Earth's, fires load, never touches the scene, deletes only its own", async () => {
    const fake = run([
      plugin(
        'p',
        `
        app.layers.on('load', (e) => console.log(['load', e.layerId]));
        const a = app.layers.add({ type: 'geojson', title: 'Area', data: { value: ${JSON.stringify(AREA)} }, appearance: { polygon: { fillColor: 'red' } } });
        const b = app.layers.add({ type: 'simple', data: { type: 'geojson', url: 'https://example.org/b.geojson' }, polygon: { fillColor: { expression: "color('blue')" } } });
        const c = app.layers.add({ type: '3dtiles', assetId: 'ast_city' });
        globalThis.mine = [a, b, c];
        console.log(mine);
        console.log(app.layers.findById(b));
        for (const bad of [{ type: 'shp', url: 'x' }, { type: '3dtiles', assetId: 'nope' }, 'layer']) { try { app.layers.add(bad); } catch (e) { console.log([e.name, e.message]); } }
      `,
      ),
      plugin(
        'q',
        `app.viewer.on('click', () => { try { app.layers.delete(app.layers.layers.find((l) => l.pluginId === 'p').id); } catch (e) { console.log([e.name, e.message]); } try { app.layers.delete('landmarks'); } catch (e) { console.log(e.message); } console.log(app.layers.add({ type: '3dtiles', url: 'https://example.org/q/tileset.json' })); });`,
      ),
    ]);
    const [ids] = fake.lines() as [string[]];
    expect(ids).toEqual(['p-layer-1', 'p-layer-2', 'p-layer-3']);
    expect(fake.lines()[1]).toEqual({
      id: 'p-layer-2',
      title: 'Plugin layer',
      type: 'geojson',
      url: 'https://example.org/b.geojson',
      data: { type: 'geojson', url: 'https://example.org/b.geojson' },
      visible: true,
      appearance: { polygon: { fillColor: { expression: "color('blue')" } } },
      polygon: { fillColor: { expression: "color('blue')" } },
      pluginId: 'p',
    });
    expect(fake.lines().slice(2)).toEqual([
      ['TypeError', 'layers.add: layer.type must be one of geojson, czml, kml, 3dtiles, gltf, imagery, wms, csv, gpx, mvt, geotiff, not "shp"'],
      ['TypeError', 'layers.add: layer.assetId "nope" is no asset this page shows'],
      ['TypeError', 'layers.add: layer must be an object, not "layer"'],
    ]);
    expect(fake.layers.calls.filter((c) => c.op === 'add').map((c) => c.args[0])).toEqual([
      { id: 'p-layer-1', type: 'geojson', inline: AREA, visible: true, appearance: { polygon: { fillColor: 'red' } } },
      {
        id: 'p-layer-2',
        type: 'geojson',
        url: 'https://example.org/b.geojson',
        visible: true,
        appearance: { polygon: { fillColor: { expression: "color('blue')" } } },
      },
      { id: 'p-layer-3', type: '3dtiles', url: 'https://example.org/city/tileset.json', visible: true },
    ]);
    await tick();
    expect(fake.lines().slice(5)).toEqual([
      ['load', 'p-layer-1'],
      ['load', 'p-layer-2'],
      ['load', 'p-layer-3'],
    ]);
    // The scene is untouched: the plugin's layers live on the page only.
    expect(fake.layers.scene.map((l) => l.id)).toEqual(['landmarks', 'city']);
    fake.host.emit('click', {});
    expect(fake.lines('q/main')).toEqual([
      ['TypeError', 'layers.delete: "p-layer-1" was added by another plugin'],
      'layers.delete: "landmarks" is not a layer this plugin added',
      // Each plugin counts its own layers: q's first is 1, whatever p added before it.
      'q-layer-1',
    ]);
    expect(fake.layers.calls.filter((c) => c.op === 'remove')).toEqual([]);
    fake.host.stopPlugin('p');
    expect(fake.layers.calls.filter((c) => c.op === 'remove').map((c) => c.args[0])).toEqual(ids);
  });

  it("takes Re:Earth's named 3D Tiles sources: listed as 3dtiles layers, drawn from their tileset, or failing to load without stopping the plugin", async () => {
    const fake = run([
      plugin(
        'p',
        `
        app.layers.on('load', (e) => console.log(['load', e.layerId]));
        const ids = [
          app.layers.add({ type: 'simple', data: { type: 'reearth-buildings' } }),
          app.layers.add({ type: 'simple', data: { type: 'google-photorealistic', serviceTokens: { googleMapApiKey: 'put_your_api_key' } } }),
          app.layers.add({ type: 'simple', data: { type: 'google-photorealistic' } }),
        ];
        console.log(ids.map((id) => [app.layers.findById(id).type, app.layers.findById(id).data]));
        console.log('went on');
        app.viewer.on('click', () => console.log(app.layers.layers.map((l) => l.id)));
      `,
      ),
    ]);
    expect(fake.lines().slice(0, 2)).toEqual([
      [
        ['3dtiles', { type: 'reearth-buildings' }],
        ['3dtiles', { type: 'google-photorealistic', serviceTokens: { googleMapApiKey: 'put_your_api_key' } }],
        ['3dtiles', { type: 'google-photorealistic' }],
      ],
      'went on',
    ]);
    expect(fake.layers.calls.filter((c) => c.op === 'add').map((c) => c.args[0])).toEqual([
      { id: 'p-layer-1', type: '3dtiles', url: 'https://buildings.reearth.land/tileset.json', visible: true },
      {
        id: 'p-layer-2',
        type: '3dtiles',
        url: 'https://tile.googleapis.com/v1/3dtiles/root.json?key=put_your_api_key',
        visible: true,
        data: { serviceTokens: { googleMapApiKey: 'put_your_api_key' } },
      },
      {
        id: 'p-layer-3',
        type: '3dtiles',
        visible: true,
        problem: 'a "google-photorealistic" layer needs data.serviceTokens.googleMapApiKey (a Google Map Tiles API key)',
      },
    ]);
    await tick();
    // The one without a key fails to load (the engine reports why): it stays listed and fires no load.
    expect(fake.lines().slice(2)).toEqual([
      ['load', 'p-layer-1'],
      ['load', 'p-layer-2'],
    ]);
    fake.host.emit('click', {});
    expect(fake.lines().slice(4)).toEqual([['landmarks', 'city', 'p-layer-1', 'p-layer-2', 'p-layer-3']]);
  });

  it("takes Re:Earth's raster shapes (tiles, tms) as imagery, and a geotiff layer of a GeoTIFF the scene shows, by asset or URL, through the server's tiles in its own style (docs/rasters.md)", () => {
    const fake = run([
      plugin(
        'p',
        `
        app.layers.add({ type: 'simple', data: { type: 'tiles', url: 'https://t.example.org/{z}/{x}/{y}.png' } });
        app.layers.add({ type: 'simple', data: { type: 'tms', url: 'https://t.example.org/tms/{z}/{x}/{y}.png' } });
        app.layers.add({ type: 'geotiff', assetId: 'ast_dem', data: { hillshade: true } });
        app.layers.add({ type: 'simple', data: { type: 'geotiff', url: 'https://example.org/dem-cog.tif', ramp: ['red', 'blue'], breaks: [100] } });
        app.layers.add({ type: 'geotiff', url: 'https://example.org/other.tif' });
        console.log('went on');
      `,
      ),
    ]);
    expect(fake.lines()).toEqual(['went on']);
    const tiles = '/api/p/demo/rasters/ast_dem/{z}/{x}/{y}.png';
    expect(fake.layers.calls.filter((c) => c.op === 'add').map((c) => c.args[0])).toEqual([
      { id: 'p-layer-1', type: 'imagery', url: 'https://t.example.org/{z}/{x}/{y}.png', visible: true },
      { id: 'p-layer-2', type: 'imagery', url: 'https://t.example.org/tms/{z}/{x}/{reverseY}.png', visible: true },
      { id: 'p-layer-3', type: 'geotiff', url: tiles, visible: true, data: { hillshade: true } },
      { id: 'p-layer-4', type: 'geotiff', url: tiles, visible: true, data: { ramp: ['red', 'blue'], breaks: [100] } },
      {
        id: 'p-layer-5',
        type: 'geotiff',
        visible: true,
        problem: 'a geotiff layer shows a GeoTIFF that a geotiff layer of the scene shows (by its assetId or URL): "https://example.org/other.tif" is none',
      },
    ]);
  });

  it('deletes its own layers; shows and hides any layer, firing visible once per change', async () => {
    const fake = run([
      plugin(
        'p',
        `
      app.layers.on('visible', (e) => console.log(['visible', e]));
      const id = app.layers.add({ type: 'geojson', url: 'https://example.org/a.geojson' });
      app.layers.hide(id, 'landmarks');
      app.layers.hide('landmarks');
      app.layers.show('city');
      console.log(app.layers.layers.map((l) => [l.id, l.visible]));
      try { app.layers.show('nope'); } catch (e) { console.log([e.name, e.message]); }
      try { app.layers.hide(3); } catch (e) { console.log([e.name, e.message]); }
      app.layers.delete(id);
      console.log(app.layers.layers.map((l) => l.id));
      try { app.layers.delete(id); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    // Events a plugin's own call causes reach it in the next task (never inside its call).
    await tick();
    expect(fake.lines()).toEqual([
      [
        ['landmarks', false],
        ['city', true],
        ['p-layer-1', false],
      ],
      ['TypeError', 'layers.show: there is no layer "nope"'],
      ['TypeError', 'layers.hide: ids must be a list of strings, not [3]'],
      ['landmarks', 'city'],
      'TypeError',
      ['visible', { layerId: 'p-layer-1', visible: false }],
      ['visible', { layerId: 'landmarks', visible: false }],
      ['visible', { layerId: 'city', visible: true }],
    ]);
    expect(fake.layers.calls.filter((c) => c.op === 'setVisible').map((c) => c.args)).toEqual([
      ['p-layer-1', false],
      ['landmarks', false],
      ['city', true],
    ]);
    expect(fake.layers.scene.map((l) => l.visible)).toEqual([true, false]);
  });

  it('selects features, reads them back, hears select from the page, with once and unsubscribe', async () => {
    const fake = run([
      plugin(
        'p',
        `
      const off = app.layers.on('select', (layerId, featureId) => console.log(['select', layerId, featureId]));
      app.layers.on('select', (layerId) => console.log(['once', layerId === undefined]), { once: true });
      app.layers.select('landmarks', 'tower');
      console.log([app.layers.selected.id, app.layers.selectedFeature]);
      console.log([app.layers.findFeatureById('landmarks', 'tower').properties.name, app.layers.findFeaturesByIds('landmarks', ['tower', 'nope'])[1] === undefined]);
      console.log(app.layers.getFeaturesInScreenRect([90, 90, 20, 20]).map((f) => f.id));
      console.log(app.layers.getFeaturesInScreenRect([0, 0, 10, 10]));
      app.layers.selectFeatures([{ layerId: 'landmarks', featureId: ['tower'] }]);
      app.layers.select();
      console.log([app.layers.selected === undefined, app.layers.selectedFeature === undefined]);
      app.viewer.on('click', () => off());
      for (const bad of [() => app.layers.select(3), () => app.layers.select('nope', 'x'), () => app.layers.selectFeatures([{ layerId: 'landmarks', featureId: 'tower' }]), () => app.layers.getFeaturesInScreenRect([1, 2]), () => app.layers.findFeatureById('landmarks')])
        try { bad(); console.log('no'); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    await tick();
    expect(fake.lines()).toEqual([
      ['landmarks', { id: 'tower', layerId: 'landmarks', properties: { name: 'Tokyo Tower', height: 333 } }],
      ['Tokyo Tower', true],
      ['tower'],
      [],
      [true, true],
      'TypeError',
      'TypeError',
      'TypeError',
      'TypeError',
      'TypeError',
      // Its own selections, heard in the next task: select, selectFeatures, and the clearing select().
      ['select', 'landmarks', 'tower'],
      ['once', false],
      ['select', 'landmarks', 'tower'],
      ['select', null, null],
    ]);
    fake.layers.click({ layerId: 'landmarks', featureId: 'tower' });
    fake.layers.click();
    fake.host.emit('click', {});
    fake.layers.click({ layerId: 'landmarks', featureId: 'tower' });
    // The user's clicks: a feature, then empty globe (both undefined); then the plugin unsubscribed.
    expect(fake.lines().slice(14)).toEqual([
      ['select', 'landmarks', 'tower'],
      ['select', null, null],
    ]);
  });

  it('brings layers to the front and sends them back', () => {
    const fake = run([
      plugin(
        'p',
        `app.layers.bringToFront('landmarks'); app.layers.sendToBack('city'); try { app.layers.bringToFront('nope'); } catch (e) { console.log(e.message); }`,
      ),
    ]);
    expect(fake.layers.calls.filter((c) => c.op === 'order').map((c) => c.args)).toEqual([
      ['landmarks', 'front'],
      ['city', 'back'],
    ]);
    expect(fake.lines()).toEqual(['layers.bringToFront: there is no layer "nope"']);
  });

  it('overrides a layer per plugin, merged as overrideProperty merges; null removes; the engine restyles', async () => {
    const fake = run([
      plugin(
        'p',
        `
        app.layers.override('landmarks', { title: 'Sights', polygon: { fillColor: 'blue', strokeColor: 'white' } });
        app.layers.override('landmarks', { appearance: { polygon: { strokeColor: null } }, visible: false });
        console.log(app.layers.findById('landmarks'));
        for (const bad of [['landmarks', { url: 'x' }], ['landmarks', { polygon: { fillColor: { expression: '1 +' } } }], ['nope', {}], [3, {}], ['landmarks', 'x']])
          try { app.layers.override(...bad); console.log('no'); } catch (e) { console.log([e.name, e.message]); }
        app.viewer.on('click', () => { app.layers.override('landmarks', null); console.log(app.layers.findById('landmarks')); });
      `,
      ),
      plugin('q', `app.layers.override('landmarks', { polygon: { fillColor: 'green' } });`),
    ]);
    const [first, ...bad] = fake.lines() as [unknown, ...[string, string][]];
    expect(first).toEqual({
      id: 'landmarks',
      title: 'Sights',
      type: 'geojson',
      url: 'https://example.org/landmarks.geojson',
      visible: false,
      appearance: { polygon: { fillColor: 'blue' } },
    });
    expect(bad.map(([name]) => name)).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(bad[0]![1]).toBe(
      'layers.override: patch.url cannot be overridden; these can: title, visible, appearance, infobox, data, marker, polyline, polygon, model, 3dtiles',
    );
    expect(bad[2]![1]).toBe('layers.override: there is no layer "nope"');
    // q's override came later: it wins where both set a field.
    expect(fake.layers.calls.filter((c) => c.op === 'restyle').map((c) => c.args[1])).toEqual([
      { polygon: { fillColor: 'blue', strokeColor: 'white' } },
      { polygon: { fillColor: 'blue' } },
      { polygon: { fillColor: 'green' } },
    ]);
    fake.host.emit('click', {});
    expect(fake.lines().at(-1)).toEqual({
      id: 'landmarks',
      title: 'Landmarks',
      type: 'geojson',
      url: 'https://example.org/landmarks.geojson',
      visible: true,
      appearance: { polygon: { fillColor: 'green' } },
    });
    await tick();
    expect(fake.layers.scene[0]).toEqual({ id: 'landmarks', title: 'Landmarks', type: 'geojson', url: 'https://example.org/landmarks.geojson', visible: true });
  });

  it("lists every plugin's overrides, merged in order, as Re:Earth's layers.overridden", () => {
    const fake = run([
      plugin(
        'p',
        `
        console.log(app.layers.overridden);
        app.layers.override('landmarks', { title: 'Sights', polygon: { fillColor: 'blue' } });
        app.viewer.on('click', () => { console.log(app.layers.overridden); app.layers.override('landmarks', null); console.log(app.layers.overridden); });
      `,
      ),
      plugin(
        'q',
        `app.layers.override('landmarks', { polygon: { fillColor: 'green', strokeColor: 'white' } }); app.layers.override('city', { visible: true });`,
      ),
    ]);
    fake.host.emit('click', {});
    expect(fake.errors()).toEqual([]);
    expect(fake.lines()).toEqual([
      [],
      [
        { id: 'landmarks', title: 'Sights', appearance: { polygon: { fillColor: 'green', strokeColor: 'white' } } },
        { id: 'city', visible: true },
      ],
      [
        { id: 'landmarks', appearance: { polygon: { fillColor: 'green', strokeColor: 'white' } } },
        { id: 'city', visible: true },
      ],
    ]);
  });

  it("overrides a layer's data (Re:Earth's {type, url, value}): the engine draws it again, load fires, the selection keeps what is still there", async () => {
    const POINT = { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'pt', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }] };
    const fake = run([
      plugin(
        'p',
        `
        app.layers.on('load', (e) => console.log(['load', e.layerId]));
        const a = app.layers.add({ type: 'simple', data: { type: 'geojson', value: { type: 'FeatureCollection', features: [] } }, polygon: { fillColor: 'red' } });
        app.layers.override(a, { data: { type: 'geojson', value: ${JSON.stringify(AREA)} } });
        app.layers.override(a, { polygon: { fillColor: 'blue' } });
        console.log(app.layers.findById(a).data);
        // A scene layer: a url, then inline data in its place (its url goes), then back to the scene's own.
        app.layers.override('landmarks', { data: { url: 'https://example.org/other.geojson' } });
        app.layers.override('landmarks', { data: { value: ${JSON.stringify(POINT)} } });
        console.log(app.layers.findById('landmarks').data);
        // The same data again is a refresh: drawn again too.
        app.layers.override('landmarks', { data: { value: ${JSON.stringify(POINT)} } });
        for (const bad of [{ data: { type: 'shp' } }, { data: { url: '' } }, { data: 'x' }, { data: { url: 'https://example.org/x', value: {} } }]) {
          try { app.layers.override(a, bad); console.log('no'); } catch (e) { console.log([e.name, e.message]); }
        }
        try { app.layers.override('city', { data: { value: {} } }); } catch (e) { console.log([e.name, e.message]); }
        app.viewer.on('click', () => app.layers.override('landmarks', { data: null }));
      `,
      ),
    ]);
    expect(fake.lines().slice(0, 2)).toEqual([{ type: 'geojson', value: AREA }, { value: POINT }]);
    expect(fake.lines().slice(2, 7)).toEqual([
      [
        'TypeError',
        'layers.override: patch.data.type must be one of geojson, czml, kml, 3dtiles, gltf, imagery, wms, csv, gpx, mvt, geotiff, tiles, tms, reearth-buildings, osm-buildings, google-photorealistic, not "shp"',
      ],
      ['TypeError', 'layers.override: patch.data.url must be a non-empty string'],
      ['TypeError', 'layers.override: patch.data must be {type?, url?, value?} or null'],
      ['TypeError', 'layers.override: patch.data takes url or value, not both'],
      ['TypeError', 'layers.override: patch.data inline data is GeoJSON or CZML, not 3dtiles'],
    ]);
    // The wrong inline data changed nothing: the 3D Tiles layer was never drawn again.
    const reloads = () => fake.layers.calls.filter((c) => c.op === 'reload').map((c) => c.args[0]);
    expect(reloads()).toEqual([
      { id: 'p-layer-1', type: 'geojson', inline: AREA, visible: true, appearance: { polygon: { fillColor: 'red' } } },
      { id: 'landmarks', type: 'geojson', url: 'https://example.org/other.geojson', visible: true },
      { id: 'landmarks', type: 'geojson', inline: POINT, visible: true },
      { id: 'landmarks', type: 'geojson', inline: POINT, visible: true },
    ]);
    await tick();
    // The fill changed while the new data loaded: restyled once it was in.
    expect(fake.layers.calls.filter((c) => c.op === 'restyle').map((c) => c.args)).toEqual([
      ['p-layer-1', { polygon: { fillColor: 'blue' } }],
      ['p-layer-1', { polygon: { fillColor: 'blue' } }],
    ]);
    expect(fake.lines().slice(7)).toEqual([
      ['load', 'p-layer-1'],
      ['load', 'p-layer-1'],
      ['load', 'landmarks'],
      ['load', 'landmarks'],
      ['load', 'landmarks'],
    ]);
    // Of two selected features only one is in the data drawn again: the other leaves the selection.
    const both = [
      { layerId: 'landmarks', featureId: 'tower' },
      { layerId: 'landmarks', featureId: 'gone' },
    ];
    fake.layers.layers.select(both);
    fake.host.emit('click', {});
    await tick();
    expect(reloads().at(-1)).toEqual({ id: 'landmarks', type: 'geojson', url: 'https://example.org/landmarks.geojson', visible: true });
    expect(fake.layers.calls.filter((c) => c.op === 'select').map((c) => c.args[0])).toEqual([both, [both[0]]]);
    expect(fake.layers.scene[0]).toEqual({ id: 'landmarks', title: 'Landmarks', type: 'geojson', url: 'https://example.org/landmarks.geojson', visible: true });
  });

  it('tells plugins of scene layers added (load) and removed (visible: false), so that a layer list follows the scene', async () => {
    const fake = run([
      plugin(
        'p',
        `
      const list = (e) => console.log([e.layerId, e.visible ?? 'loaded', app.layers.layers.map((l) => l.id)]);
      app.layers.on('load', list);
      app.layers.on('visible', list);
    `,
      ),
    ]);
    fake.layers.scene.splice(1, 1);
    fake.layers.scene.push({ id: 'parks', title: 'Parks', type: 'geojson', url: 'https://example.org/parks.geojson', visible: true });
    fake.host.sceneLayersChanged({ loaded: ['parks'], removed: ['city'] });
    await tick();
    expect(fake.errors()).toEqual([]);
    expect(fake.lines()).toEqual([
      ['city', false, ['landmarks', 'parks']],
      ['parks', 'loaded', ['landmarks', 'parks']],
    ]);
  });

  it('takes every plugin layer off the page when the plugins stop (the editor restarts them)', () => {
    const fake = run([plugin('p', `app.layers.add({ type: 'geojson', url: 'https://example.org/a.geojson' });`)]);
    fake.host.stopAll();
    expect(fake.layers.calls.filter((c) => c.op === 'remove').map((c) => c.args[0])).toEqual(['p-layer-1']);
    // The page's selection no longer reaches stopped plugins' layer list.
    fake.layers.click({ layerId: 'landmarks', featureId: 'tower' });
  });
});
