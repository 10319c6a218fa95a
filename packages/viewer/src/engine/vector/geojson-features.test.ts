import { describe, expect, it } from 'vitest';
import { featureName, geojsonFeatures, visitGeometry } from './geojson-features.js';

describe('geojsonFeatures', () => {
  it('reads a FeatureCollection, a Feature and a bare geometry', () => {
    const point = { type: 'Point', coordinates: [1, 2] };
    expect(geojsonFeatures({ type: 'FeatureCollection', features: [{ type: 'Feature', id: 7, properties: { a: 1 }, geometry: point }] })).toEqual([
      { id: 7, properties: { a: 1 }, geometry: point },
    ]);
    expect(geojsonFeatures({ type: 'Feature', properties: null, geometry: null })).toEqual([{ id: undefined, properties: {}, geometry: null }]);
    expect(geojsonFeatures(point)).toEqual([{ properties: {}, geometry: point }]);
  });

  it('names what is wrong', () => {
    expect(() => geojsonFeatures(null)).toThrow('not an object');
    expect(() => geojsonFeatures({ type: 'FeatureCollection' })).toThrow('no "features" array');
    expect(() => geojsonFeatures({})).toThrow('no "type"');
  });
});

describe('featureName', () => {
  it('follows CesiumJS GeoJsonDataSource: title, then name, then keys containing them', () => {
    expect(featureName({ name: 'N', title: 'T' })).toBe('T');
    expect(featureName({ Name: 'N', my_title: 'M' })).toBe('N');
    expect(featureName({ station_name: 'S', other: 1 })).toBe('S');
    expect(featureName({ name: '', label: 'x' })).toBeUndefined();
  });
});

describe('visitGeometry', () => {
  it('visits every part of multi-geometries and collections', () => {
    const seen: string[] = [];
    visitGeometry(
      {
        type: 'GeometryCollection',
        geometries: [
          { type: 'MultiPoint', coordinates: [[0, 0], [1, 1], ['bad']] },
          {
            type: 'MultiLineString',
            coordinates: [
              [
                [0, 0],
                [1, 1],
              ],
            ],
          },
          {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 0],
                ],
              ],
              [
                [
                  [2, 2],
                  [3, 2],
                  [3, 3],
                  [2, 2],
                ],
              ],
            ],
          },
        ],
      },
      { point: () => seen.push('point'), line: () => seen.push('line'), polygon: () => seen.push('polygon') },
    );
    expect(seen).toEqual(['point', 'point', 'line', 'polygon', 'polygon']);
  });
});
