import { FILE_LAYER_TYPES } from '@orbis/scene/checks';
import { describe, expect, it } from 'vitest';
import { drawnType } from './drawn-layer.js';

describe('the type the engine draws a scene layer as (docs/contract.md §13)', () => {
  it('draws every GIS file type, and a CSV of WKT geometries, as GeoJSON: the path of every vector layer', () => {
    for (const type of FILE_LAYER_TYPES) expect(drawnType({ type }), type).toBe('geojson');
    expect(drawnType({ type: 'csv', data: { wktColumn: 'WKT' } })).toBe('geojson');
  });

  it('draws every other type as itself', () => {
    expect(drawnType({ type: 'csv', data: { latColumn: 'lat', lngColumn: 'lng' } })).toBe('csv');
    for (const type of ['geojson', 'czml', 'kml', 'mvt'] as const) expect(drawnType({ type })).toBe(type);
  });
});
