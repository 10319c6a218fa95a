import { describe, expect, it } from 'vitest';
import { fromOpenMapTiles, OTHER_LAYER, schemaOf, toStreetLayers } from './openmaptiles-schema.js';

describe('the street style reads OpenMapTiles archives by Protomaps\' layer names (docs/viewer.md "Basemaps")', () => {
  it('tells the schema by the layer names only OpenMapTiles has', () => {
    expect(schemaOf(['water', 'transportation', 'building'])).toBe('openmaptiles');
    expect(schemaOf(['earth', 'water', 'roads', 'landuse'])).toBe('protomaps');
    expect(schemaOf(['water', 'landcover'])).toBe('protomaps');
  });

  it.each([
    ['transportation', { class: 'motorway' }, 'roads', { kind: 'highway', kind_detail: 'motorway' }],
    ['transportation', { class: 'primary' }, 'roads', { kind: 'major_road' }],
    ['transportation', { class: 'tertiary' }, 'roads', { kind: 'major_road' }],
    ['transportation', { class: 'service' }, 'roads', { kind: 'minor_road' }],
    ['transportation', { class: 'path' }, 'roads', { kind: 'path' }],
    ['transportation', { class: 'rail' }, 'roads', { kind: 'rail' }],
    ['transportation', { class: 'ferry' }, 'roads', { kind: 'other' }],
    ['transportation_name', { class: 'primary', name: 'Uchibori-dori' }, 'roads', { kind: 'major_road', name: 'Uchibori-dori', label_only: true }],
    ['water', { class: 'ocean' }, 'water', { kind: 'ocean' }],
    ['water', { class: 'river' }, 'water', { kind: 'water' }],
    ['waterway', { class: 'river' }, 'water', { kind: 'river' }],
    ['waterway', { class: 'ditch' }, 'water', { kind: 'stream' }],
    ['park', { class: 'park' }, 'landuse', { kind: 'park' }],
    ['park', { class: 'national_park' }, 'landuse', { kind: 'national_park' }],
    ['landcover', { class: 'wood' }, 'landuse', { kind: 'wood' }],
    ['landcover', { class: 'farmland' }, 'landcover', { kind: 'farmland' }],
    ['landuse', { class: 'hospital' }, 'landuse', { kind: 'hospital' }],
    ['building', {}, 'buildings', { kind: 'building' }],
    ['place', { class: 'city', name: 'Tokyo' }, 'places', { kind: 'locality', min_zoom: 4, population_rank: 10 }],
    ['place', { class: 'village' }, 'places', { kind: 'locality', min_zoom: 10 }],
    ['place', { class: 'state' }, 'places', { kind: 'region' }],
    ['place', { class: 'suburb' }, 'places', { kind: 'neighbourhood' }],
    ['boundary', { admin_level: 2 }, 'boundaries', { kind: 'country', kind_detail: 2 }],
    ['boundary', { admin_level: 4 }, 'boundaries', { kind: 'region', kind_detail: 4 }],
  ])('%s %j → %s %j', (layer, props, to, expected) => {
    const mapped = fromOpenMapTiles(layer, props);
    expect(mapped?.layer).toBe(to);
    expect(mapped?.props).toMatchObject({ ...props, ...expected });
  });

  it("gathers the layers neither schema names into the neutral default's layer, and keeps Protomaps' own", () => {
    const feature = (props: Record<string, string>) => ({ props, bbox: { minX: 0, minY: 0, maxX: 1, maxY: 1 }, geomType: 3, geom: [], numVertices: 0 });
    const layers = new Map([
      ['roads', [feature({ kind: 'highway' })]],
      ['ski_runs', [feature({})]],
      ['transit', [feature({})]],
    ]);
    expect([...toStreetLayers(layers, 'protomaps').keys()]).toEqual(['roads', OTHER_LAYER, 'transit']);
    expect(fromOpenMapTiles('aerodrome_label', {})).toBeUndefined();
    const omt = toStreetLayers(
      new Map([
        ['transportation', [feature({ class: 'minor' })]],
        ['aerodrome_label', [feature({})]],
      ]),
      'openmaptiles',
    );
    expect([...omt.keys()]).toEqual(['roads', OTHER_LAYER]);
    expect(omt.get('roads')![0]!.props).toEqual({ class: 'minor', kind: 'minor_road', kind_detail: 'minor' });
  });
});
