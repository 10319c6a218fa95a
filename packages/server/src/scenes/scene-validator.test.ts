import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { defaultScene } from '@orbis/scene';
import { validateScene } from './scene-validator.js';

const good = () => ({
  ...defaultScene(),
  property: { terrain: { enabled: false }, tiles: [{ type: 'default', opacity: 0.8 }], sky: { atmosphere: true }, globe: { baseColor: '#224466' } },
  layers: [
    { id: 'l1', title: 'Wards', type: 'geojson', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true },
    {
      id: 'l2',
      title: 'Tiles',
      type: '3dtiles',
      url: 'https://example.org/tileset.json',
      visible: false,
      appearance: { '3dtiles': { color: { expression: "color('red')" }, pointSize: 4 } },
    },
    {
      id: 'l3',
      title: 'Wards',
      type: 'geojson',
      url: '/files/demo/x/wards.geojson',
      visible: true,
      appearance: {
        polygon: {
          fillColor: {
            conditions: [
              ['${population} > 1000', "color('red')"],
              ['true', 'rgba(0, 0, 255, 0.5)'],
            ],
          },
          strokeColor: 'white',
          extrudedHeight: { expression: '${population} / 10' },
          heightReference: 'clamp',
        },
        marker: { pointColor: 'rgba(255,0,0,0.5)', pointSize: 8, label: true, labelText: { expression: '${name}' }, style: 'point' },
      },
      infobox: {
        title: '${name}',
        fields: [
          { label: 'Population', value: '${population}', format: 'number' },
          { label: 'Site', value: '${site}', format: 'url' },
        ],
        blocks: [{ pluginId: 'charts', extensionId: 'bars', property: { max: 10 } }],
      },
    },
    { id: 'l4', title: 'Stations', type: 'csv', url: 'https://example.org/s.csv', visible: true, data: { latColumn: 'Y', lngColumn: 'X' } },
    { id: 'l5', title: 'Radar', type: 'wms', url: 'https://example.org/wms', visible: true, data: { layers: 'radar' } },
    { id: 'l6', title: 'Tiles', type: 'imagery', url: 'https://example.org/{z}/{x}/{y}.png', visible: true, data: { maximumLevel: 5 } },
    { id: 'l7', title: 'Shops', type: 'geojson', model: 'shops', visible: true },
    { id: 'l8', title: 'Track', type: 'gpx', url: 'https://example.org/t.gpx', visible: true },
  ],
  widgets: [{ pluginId: 'hello', extensionId: 'main', enabled: true, area: 'top-left', property: { default: { imageUrl: 'https://example.org/a.png' } } }],
  story: {
    pages: [{ id: 'p1', title: 'Start', text: '', camera: defaultScene().camera, layers: ['l1'], blocks: [{ pluginId: 'charts', extensionId: 'live' }] }],
  },
});

function errorOf(doc: unknown): InputError {
  try {
    validateScene(doc);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError');
}

describe('validateScene', () => {
  it('accepts a full scene and the default scene', () => {
    expect(validateScene(good())).toEqual(good());
    const gis = good() as { layers: unknown[] };
    gis.layers.push({ id: 'g1', title: 'Wards', type: 'geopackage', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true, data: { table: 'wards' } });
    gis.layers.push({ id: 'g2', title: 'WKT', type: 'csv', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true, data: { wktColumn: 'geom' } });
    // The same from a URL (docs/contract.md §13): the server reads the file and answers its WGS84 GeoJSON.
    gis.layers.push({ id: 'g3', title: 'Wards', type: 'shapefile', url: 'https://example.org/wards.zip', visible: true });
    gis.layers.push({ id: 'g4', title: 'WKT', type: 'csv', url: 'https://example.org/shapes.csv', visible: true, data: { wktColumn: 'geom' } });
    gis.layers.push({
      id: 'g5',
      title: 'Buildings',
      type: 'mvt',
      url: 'https://example.org/tiles/{z}/{x}/{y}.pbf',
      visible: true,
      data: { layers: ['building'], minimumLevel: 10, maximumLevel: 16 },
    });
    gis.layers.push({ id: 'g6', title: 'Trees', type: 'mvt', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true });
    // docs/contract.md §17: a GeoTIFF's tiles, one band by a ramp with breaks.
    gis.layers.push({
      id: 'g7',
      title: 'Depth',
      type: 'geotiff',
      assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
      visible: true,
      data: { bands: [1], nodata: -9999, ramp: ['#eff3ff', 'rgb(107,174,214)', 'navy'], breaks: [0.5, 2], opacity: 0.8 },
    });
    gis.layers.push({ id: 'g8', title: 'Relief', type: 'geotiff', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true, data: { hillshade: true } });
    gis.layers.push({ id: 'g9', title: 'Ortho', type: 'geotiff', url: 'https://example.org/ortho-cog.tif', visible: true, data: { bands: [1, 2, 3] } });
    expect(validateScene(gis)).toEqual(gis);
    expect(validateScene(defaultScene())).toEqual(defaultScene());
  });

  it('accepts the basemaps of docs/contract.md §14, bottom first, with zoom levels', () => {
    const s = good();
    s.property.tiles = [
      { type: 'japan_gsi_standard', zoomLevel: [2, 18] },
      { type: 'open_street_map', opacity: 0.5 },
      { type: 'esri_world_topo' },
      { type: 'black_marble' },
      { type: 'pmtiles', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
    ] as never;
    expect(validateScene(s)).toEqual(s);
  });

  it.each([
    [(s: any) => (s.layers[0].type = 'dwg'), 'layers[0].type', /one of/],
    [(s: any) => (s.layers[0].data = { table: 'roads' }), 'layers[0].data.table', /only to geopackage/],
    [
      (s: any) => (s.layers[3] = { ...s.layers[3], url: undefined, model: 'shops', data: { wktColumn: 'geom' } }),
      'layers[3].data.wktColumn',
      /not to a content model/,
    ],
    [(s: any) => (s.layers[3].data.wktColumn = 'geom'), 'layers[3].data.wktColumn', /latColumn and lngColumn/],
    [(s: any) => (s.layers[4].data.layers = ['radar']), 'layers[4].data.layers', /WMS layer names/],
    [(s: any) => ((s.layers[5].type = 'mvt'), (s.layers[5].url = 'https://example.org/t.pbf')), 'layers[5].url', /\{z\}, \{x\} and \{y\}/],
    [(s: any) => ((s.layers[5].type = 'mvt'), (s.layers[5].data = { layers: 'roads' })), 'layers[5].data.layers', /array of names/],
    [
      (s: any) => ((s.layers[5].type = 'mvt'), (s.layers[5].data = { minimumLevel: 9, maximumLevel: 5 })),
      'layers[5].data.minimumLevel',
      /deeper than maximumLevel/,
    ],
    [(s: any) => (s.layers[5].data = { minimumLevel: 2 }), 'layers[5].data.minimumLevel', /only to mvt/],
    [
      (s: any) => (s.layers[0] = { ...s.layers[0], type: 'geotiff', data: { ramp: ['red', 'blue'], breaks: [1, 2] } }),
      'layers[0].data.breaks',
      /2 breaks make 3 classes, and the ramp has 2 colours/,
    ],
    [
      (s: any) => (s.layers[0] = { ...s.layers[0], type: 'geotiff', data: { ramp: ['red', 'blue', 'green'], breaks: [3, 2] } }),
      'layers[0].data.breaks',
      /must ascend/,
    ],
    [
      (s: any) => (s.layers[0] = { ...s.layers[0], type: 'geotiff', data: { bands: [1, 2, 3], hillshade: true } }),
      'layers[0].data.hillshade',
      /colour one band/,
    ],
    [(s: any) => (s.layers[0] = { ...s.layers[0], type: 'geotiff', data: { bands: [1, 2] } }), 'layers[0].data.bands', /one band .* three .* or four/],
    [(s: any) => (s.layers[0] = { ...s.layers[0], type: 'geotiff', data: { ramp: ['reddish'] } }), 'layers[0].data.ramp[0]', /match|colour/],
    [
      (s: any) => (s.layers[1] = { id: 'l2', title: 'Ortho', type: 'geotiff', url: '/files/ortho.tif', visible: true }),
      'layers[1].url',
      /http or https URL of a GeoTIFF/,
    ],
    [(s: any) => (s.layers[0].data = { hillshade: true }), 'layers[0].data.hillshade', /only to geotiff/],
    [(s: any) => (s.property.terrain = { enabled: true, type: 'dem' }), 'property.terrain.assetId', /required: the elevation GeoTIFF/],
    [
      (s: any) => (s.property.terrain = { enabled: true, type: 'gsi', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
      'property.terrain.assetId',
      /only to terrain type "dem"/,
    ],
    [(s: any) => delete s.camera, 'camera', /required/],
    [(s: any) => (s.camera.lat = 91), 'camera.lat', /at most 90/],
    [(s: any) => (s.camera.lng = 'east'), 'camera.lng', /number/],
    [(s: any) => (s.property.terrain.enabled = 'yes'), 'property.terrain.enabled', /true or false/],
    [(s: any) => (s.property.terain = {}), 'property.terain', /not a known field/],
    [(s: any) => (s.property.tiles[0].opacity = 2), 'property.tiles[0].opacity', /at most 1/],
    [(s: any) => (s.layers[2].infobox.fields[0].format = 'currency'), 'layers[2].infobox.fields[0].format', /one of/],
    [(s: any) => (s.property.tiles[0].type = 'google_maps'), 'property.tiles[0].type', /one of/],
    [(s: any) => (s.property.tiles[0].zoomLevel = [2]), 'property.tiles[0].zoomLevel', /2/],
    [(s: any) => (s.property.tiles[0].type = 'pmtiles'), 'property.tiles[0].assetId', /required: the PMTiles archive/],
    [
      (s: any) => (s.property.tiles[0] = { type: 'pmtiles', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', url: 'https://example.org/a.pmtiles' }),
      'property.tiles[0].url',
      /named by assetId/,
    ],
    [(s: any) => (s.property.tiles[0].assetId = '01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'property.tiles[0].assetId', /only to pmtiles/],
    [(s: any) => (s.property.tiles[0] = { type: 'pmtiles', assetId: 'streets' }), 'property.tiles[0].assetId', /match/],
    [(s: any) => (s.property.globe.baseColor = 'red'), 'property.globe.baseColor', /match/],
    [(s: any) => (s.layers[1].url = 'javascript:alert(1)'), 'layers[1].url', /match/],
    [(s: any) => (s.layers[1].assetId = '01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'layers[1]', /exactly one/],
    [(s: any) => delete s.layers[0].assetId, 'layers[0]', /exactly one/],
    [(s: any) => (s.layers[1].id = 'l1'), 'layers[1].id', /repeats/],
    [(s: any) => (s.story.pages[0].camera.pitch = -91), 'story.pages[0].camera.pitch', /at least -90/],
    [(s: any) => (s.extra = 1), 'extra', /not a known field/],
    [
      (s: any) => (s.layers[2].appearance.polygon.fillColor.conditions[1][0] = 'foo('),
      'layers[2].appearance.polygon.fillColor.conditions[1][0]',
      /style expression/,
    ],
    [
      (s: any) => (s.layers[2].appearance.polygon.fillColor.conditions[0][1] = 'nocolor(1)'),
      'layers[2].appearance.polygon.fillColor.conditions[0][1]',
      /Unexpected function call "nocolor"/,
    ],
    [
      (s: any) => (s.layers[2].appearance.polygon.extrudedHeight.expression = '${a} +'),
      'layers[2].appearance.polygon.extrudedHeight.expression',
      /style expression/,
    ],
    [(s: any) => (s.layers[2].appearance.polygon.fillColor = 'reddish'), 'layers[2].appearance.polygon.fillColor', /CSS colour/],
    [(s: any) => (s.layers[2].appearance.polygon.fillColor = 5), 'layers[2].appearance.polygon.fillColor', /a CSS colour, \{"expression"/],
    [(s: any) => (s.layers[2].appearance.polygon.fillColor = {}), 'layers[2].appearance.polygon.fillColor', /\{"conditions"/],
    [
      (s: any) => (s.layers[2].appearance.polygon.fillColor = { expression: 'true', extra: 1 }),
      'layers[2].appearance.polygon.fillColor.extra',
      /not a known field/,
    ],
    [
      (s: any) => (s.layers[2].appearance.polygon.heightReference = 'floating'),
      'layers[2].appearance.polygon.heightReference',
      /one of "none", "clamp", "relative"/,
    ],
    [(s: any) => (s.layers[2].appearance.polygon.fillColor.conditions[0] = ['true']), 'layers[2].appearance.polygon.fillColor.conditions[0]', /at least 2/],
    [(s: any) => (s.layers[2].appearance.marker.pointSize = -1), 'layers[2].appearance.marker.pointSize', /at least 0/],
    [(s: any) => (s.layers[2].appearance.circle = {}), 'layers[2].appearance.circle', /not a known field/],
    [(s: any) => (s.layers[2].infobox.title = '${name'), 'layers[2].infobox.title', /Unmatched/],
    [(s: any) => (s.layers[2].infobox.fields[0].label = ''), 'layers[2].infobox.fields[0].label', /empty/],
    [(s: any) => (s.layers[3].data.latColumn = 3), 'layers[3].data.latColumn', /string/],
    [(s: any) => (s.layers[3].data.layers = 'x'), 'layers[3].data.layers', /only to wms/],
    [(s: any) => delete s.layers[4].data, 'layers[4].data.layers', /required/],
    [(s: any) => (s.layers[5].data.maximumLevel = 1.5), 'layers[5].data.maximumLevel', /whole number/],
    [(s: any) => (s.layers[6].model = 'assets'), 'layers[6].model', /match/],
    [(s: any) => (s.layers[6].url = 'https://example.org/a'), 'layers[6]', /exactly one/],
    [(s: any) => (s.layers[6].type = 'kml'), 'layers[6].model', /geojson/],
    [(s: any) => (s.widgets[0].property = []), 'widgets[0].property', /object/],
    [(s: any) => (s.widgets[0].area = 'middle'), 'widgets[0].area', /one of/],
    [(s: any) => (s.story.pages[0].layers = ['bad id']), 'story.pages[0].layers[0]', /match/],
    [(s: any) => (s.layers[2].infobox.blocks[0].pluginId = 'a b'), 'layers[2].infobox.blocks[0].pluginId', /match/],
    [(s: any) => (s.layers[2].infobox.blocks[0].property = 'x'), 'layers[2].infobox.blocks[0].property', /object/],
    [(s: any) => delete s.story.pages[0].blocks[0].extensionId, 'story.pages[0].blocks[0].extensionId', /required/],
    // docs/contract.md §18's layer fields.
    [(s: any) => (s.layers[0].cluster = { radius: 40 }), 'layers[0].cluster.enabled', /required/],
    [(s: any) => (s.layers[0].filters = [{ property: 'kind', type: 'between' }]), 'layers[0].filters[0].type', /one of/],
    [(s: any) => (s.layers[0].heatmap = { ramp: ['red', 'not a colour'] }), 'layers[0].heatmap.ramp[1]', /colou?r/],
    [(s: any) => (s.layers[0].data = { time: { end: 'x' } }), 'layers[0].data.time.property', /required/],
    [(s: any) => (s.groups = [{ id: 'g', title: 'G', opacity: 2 }]), 'groups[0].opacity', /at most 1/],
    [(s: any) => (s.layers[0].group = 'missing'), 'layers[0].group', /no group/],
  ])('names the bad field: %#', (mutate, path, message) => {
    const doc = good();
    mutate(doc);
    const err = errorOf(doc);
    expect(err.field).toBe(path);
    expect(err.message.startsWith(`${path}: `)).toBe(true);
    expect(err.message).toMatch(message);
  });

  it('accepts docs/contract.md §18 layer fields: groups, clusters, heat maps, time from a property, filters', () => {
    const doc = good() as { layers: Record<string, unknown>[]; groups?: unknown };
    doc.groups = [{ id: 'shelters', title: 'Shelters', visible: true, opacity: 0.8 }];
    Object.assign(doc.layers[0]!, {
      group: 'shelters',
      cluster: { enabled: true, radius: 50, maxZoom: 15 },
      filters: [{ property: 'capacity', type: 'range', label: 'Capacity' }],
      data: { time: { property: 'opened', duration: 86400 } },
    });
    Object.assign(doc.layers[3]!, { heatmap: { radius: 30, ramp: ['rgba(0,0,255,0)', 'yellow', '#ff0000'] } });
    expect(validateScene(doc)).toEqual(doc);
  });

  it('accepts a docs/contract.md §18 sketch layer, its features inline, and refuses one that breaks its rules', () => {
    const doc = good() as { layers: Record<string, unknown>[] };
    const zone = {
      type: 'Feature',
      id: 'f1',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [139.7, 35.6],
            [139.8, 35.6],
            [139.8, 35.7],
            [139.7, 35.6],
          ],
        ],
      },
      properties: { name: 'Zone A', extrudedHeight: 30 },
    };
    const sketch = {
      id: 'drawn',
      title: 'Drawing',
      type: 'sketch',
      visible: true,
      data: { value: { type: 'FeatureCollection', features: [zone] }, fields: [{ name: 'name', type: 'text' }] },
      appearance: {
        polygon: {
          extrudedHeight: {
            conditions: [
              ['${extrudedHeight} === undefined', '0'],
              ['true', '${extrudedHeight}'],
            ],
          },
        },
      },
    };
    doc.layers.push(sketch);
    expect(validateScene(doc)).toEqual(doc);
    doc.layers[4] = { ...sketch, data: { value: { type: 'FeatureCollection', features: [{ ...zone, properties: { name: { nested: true } } }] } } };
    expect(errorOf(doc).message).toMatch(/layers\/4\/data\/value|layers\[4\]\.data\.value/);
    doc.layers[4] = { ...sketch, url: 'https://example.org/a.geojson' };
    expect(errorOf(doc).message).toMatch(/exactly one of "url", "assetId", "model" and "data.value"/);
    doc.layers[4] = { ...sketch, type: 'geojson' };
    expect(errorOf(doc).message).toMatch(/data.value.*applies only to sketch layers/);
  });

  it('refuses what is not an object', () => {
    for (const doc of [null, [], 'scene', 3]) expect(errorOf(doc).message).toMatch(/must be an object/);
  });
});
