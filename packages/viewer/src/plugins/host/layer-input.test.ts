import { describe, expect, it } from 'vitest';
import { toPluginLayer } from './layer-input.js';

const AREA = { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'a', properties: { n: 1 }, geometry: { type: 'Point', coordinates: [139, 35] } }] };

describe("toPluginLayer: Orbis's form and Re:Earth's give the same layer", () => {
  it("takes Orbis's form with a URL, an asset or inline GeoJSON", () => {
    expect(toPluginLayer({ type: 'geojson', url: 'https://example.org/a.geojson' })).toEqual({
      title: 'Plugin layer',
      type: 'geojson',
      url: 'https://example.org/a.geojson',
      visible: true,
    });
    expect(toPluginLayer({ type: '3dtiles', assetId: 'ast_1', title: 'City', visible: false })).toEqual({
      title: 'City',
      type: '3dtiles',
      assetId: 'ast_1',
      visible: false,
    });
    expect(
      toPluginLayer({ type: 'geojson', data: { value: AREA }, appearance: { polygon: { fillColor: { conditions: [['${n} > 0', "color('red')"]] } } } }),
    ).toEqual({
      title: 'Plugin layer',
      type: 'geojson',
      data: { value: AREA },
      visible: true,
      appearance: { polygon: { fillColor: { conditions: [['${n} > 0', "color('red')"]] } } },
    });
  });

  it("takes Re:Earth's simple layer: data, top-level appearance keys, {expression} and {expression: {conditions}}", () => {
    const reearth = {
      type: 'simple',
      title: 'Area',
      data: { type: 'geojson', value: AREA },
      polygon: { fillColor: { expression: "color('red')" }, strokeColor: { expression: { conditions: [['true', "color('blue')"]] } } },
      marker: { pointSize: 12 },
    };
    expect(toPluginLayer(reearth)).toEqual({
      title: 'Area',
      type: 'geojson',
      data: { type: 'geojson', value: AREA },
      visible: true,
      appearance: {
        polygon: { fillColor: { expression: "color('red')" }, strokeColor: { conditions: [['true', "color('blue')"]] } },
        marker: { pointSize: 12 },
      },
      polygon: reearth.polygon,
      marker: reearth.marker,
    });
    const orbis = toPluginLayer({ type: 'geojson', url: 'https://example.org/a.geojson', title: 'T', appearance: { marker: { pointColor: 'red' } } });
    const fromReearth = toPluginLayer({
      type: 'simple',
      title: 'T',
      data: { type: 'geojson', url: 'https://example.org/a.geojson' },
      marker: { pointColor: 'red' },
    });
    expect({ ...fromReearth, data: undefined, marker: undefined }).toEqual({ ...orbis, data: undefined, marker: undefined });
  });

  it("keeps Re:Earth's whole data: CSV columns, geojson, service tokens, time, updates, parameters", () => {
    const data = {
      type: 'csv',
      url: 'https://example.org/shelters.csv',
      csv: { latColumn: 'Y', lngColumn: 'X', heightColumn: 2, idColumn: 'code', noHeader: false },
      geojson: { useAsResource: true },
      serviceTokens: { googleMapApiKey: 'k' },
      time: { property: 'at', interval: 1000, updateClockOnLoad: true },
      updateInterval: 5000,
      parameters: { transparent: true },
      jsonProperties: ['tags'],
    };
    const layer = toPluginLayer({ type: 'simple', data });
    expect(layer).toEqual({ title: 'Plugin layer', type: 'csv', url: data.url, data, visible: true });
    expect(layer.data).not.toBe(data);
    // Inline data is kept as given, not copied (a plugin's large GeoJSON is copied once, when added).
    expect(toPluginLayer({ type: 'simple', data: { type: 'geojson', value: AREA, idProperty: 'n' } }).data).toEqual({
      type: 'geojson',
      value: AREA,
      idProperty: 'n',
    });
  });

  it("takes a WMS layer's data.layers as a string or an array, in either form", () => {
    expect(toPluginLayer({ type: 'simple', data: { type: 'wms', url: 'https://example.org/wms', layers: ['radar', 'clouds'] } }).data).toEqual({
      type: 'wms',
      url: 'https://example.org/wms',
      layers: ['radar', 'clouds'],
    });
    expect(toPluginLayer({ type: 'simple', data: { type: 'wms', url: 'https://example.org/wms', layers: 'radar' } }).data).toEqual({
      type: 'wms',
      url: 'https://example.org/wms',
      layers: 'radar',
    });
    expect(toPluginLayer({ type: 'wms', url: 'https://example.org/wms', data: { layers: ['radar'] } }).data).toEqual({ layers: ['radar'] });
  });

  it("takes Re:Earth's named 3D Tiles sources as 3dtiles layers, with no URL", () => {
    expect(toPluginLayer({ type: 'simple', data: { type: 'reearth-buildings' } })).toEqual({
      title: 'Plugin layer',
      type: '3dtiles',
      data: { type: 'reearth-buildings' },
      visible: true,
    });
    const google = { type: 'google-photorealistic', serviceTokens: { googleMapApiKey: 'k' } };
    expect(toPluginLayer({ type: 'simple', data: google })).toEqual({ title: 'Plugin layer', type: '3dtiles', data: google, visible: true });
    expect(toPluginLayer({ type: 'simple', data: { type: 'osm-buildings' } }).type).toBe('3dtiles');
  });

  it('names the wrong field in a TypeError', () => {
    const cases: [unknown, string | ReturnType<typeof expect.stringMatching>][] = [
      [null, 'layers.add: layer must be an object'],
      [
        { type: 'shapefile', url: 'x' },
        'layers.add: layer.type must be one of geojson, czml, kml, 3dtiles, gltf, imagery, wms, csv, gpx, mvt, geotiff, not "shapefile"',
      ],
      [
        { type: 'simple', data: { type: 'shapefile', url: 'x' } },
        'layers.add: layer.data.type must be one of geojson, czml, kml, 3dtiles, gltf, imagery, wms, csv, gpx, mvt, geotiff, tiles, tms, reearth-buildings, osm-buildings, google-photorealistic, not "shapefile"',
      ],
      [
        { type: 'simple', data: { type: 'reearth-buildings', value: {} } },
        'layers.add: layer.data.value does not apply to a "reearth-buildings" layer: its tiles are the source\'s own',
      ],
      [
        { type: 'simple', data: { type: 'wms', url: 'a', layers: [1] } },
        'layers.add: layer.data.layers must be a layer name, names comma-separated, or an array of names',
      ],
      [
        { type: 'simple', data: { type: 'csv', url: 'a', csv: 'lat' } },
        'layers.add: layer.data.csv must be {latColumn?, lngColumn?, heightColumn?, idColumn?, noHeader?, disableTypeConversion?}',
      ],
      [
        { type: 'simple', data: { type: 'csv', url: 'a', csv: { latColumn: -1 } } },
        'layers.add: layer.data.csv.latColumn must be a column name or a 0-based column index',
      ],
      [{ type: 'simple', data: { type: 'csv', url: 'a', csv: { noHeader: 'yes' } } }, 'layers.add: layer.data.csv.noHeader must be a boolean'],
      [
        { type: 'geojson', url: 'a', appearance: { polygon: { fillColor: { expression: "color('red'" } } } },
        expect.stringMatching(/^layers\.add: layer\.appearance\.polygon\.fillColor\.expression is not a style expression: /),
      ],
      [
        { type: 'simple', data: { type: 'geojson', url: 'a' }, polygon: { fillColor: { expression: { conditions: [['${a} >', 'true']] } } } },
        expect.stringMatching(/^layers\.add: layer\.polygon\.fillColor\.expression\.conditions\[0\]\[0\] is not a style expression/),
      ],
      [
        { type: 'geojson', url: 'a', appearance: { marker: { pointColor: 'reddish' } } },
        'layers.add: layer.appearance.marker.pointColor must be a CSS colour, not "reddish"',
      ],
      [{ type: 'geojson' }, 'layers.add: layer needs exactly one of url, assetId or data: {value}'],
      [{ type: 'geojson', url: 'a', assetId: 'b' }, 'layers.add: layer needs exactly one of url, assetId or data: {value}'],
      [{ type: 'geojson', url: 3 }, 'layers.add: layer.url must be a non-empty string'],
      [{ type: '3dtiles', data: { value: {} } }, 'layers.add: layer.data inline data is GeoJSON or CZML, not 3dtiles'],
      [{ type: 'geojson', url: 'a', data: 'x' }, "layers.add: layer.data must be an object: {value} with the data inline, or the type's settings"],
      [{ type: 'geojson', url: 'a', visible: 'yes' }, 'layers.add: layer.visible must be a boolean'],
      [
        { type: 'geojson', url: 'a', appearance: { paint: {} } },
        'layers.add: layer.appearance.paint is not an appearance key; keys: marker, polyline, polygon, model, 3dtiles',
      ],
      [
        { type: 'geojson', url: 'a', appearance: { marker: { pointColor: { conditions: [['a']] } } } },
        'layers.add: layer.appearance.marker.pointColor.conditions[0] must be [condition, value], two strings',
      ],
      [{ type: 'simple', data: { type: 'geojson' } }, 'layers.add: layer.data needs exactly one of url or value'],
      [
        { type: 'simple', data: { type: 'geojson', url: 'a' }, marker: { pointColor: { expression: 3 } } },
        'layers.add: layer.marker.pointColor.expression must be a string or {conditions: [[condition, value], …]}',
      ],
      [{ type: 'geojson', url: 'a', infobox: { fields: [{ label: 'x' }] } }, 'layers.add: layer.infobox.fields[0] must be {label, value}, two strings'],
    ];
    for (const [input, message] of cases) {
      let thrown: unknown;
      try {
        toPluginLayer(input);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(TypeError);
      expect((thrown as Error).message).toEqual(message);
    }
  });
});
