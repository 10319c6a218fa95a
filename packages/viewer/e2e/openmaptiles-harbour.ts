import { TileType } from 'pmtiles';
import { mvtTiles } from '../testing/mvt-tiles.js';
import { writePmtiles } from '../testing/pmtiles-writer.js';

/** The middle of the test's harbour town: land, with the sea south of it and a motorway north of it. */
export const HARBOUR = { lng: 135.19, lat: 34.68 };

const { lng, lat } = HARBOUR;
const box = (w: number, s: number, e: number, n: number, properties: Record<string, unknown>) => ({
  type: 'Feature' as const,
  properties,
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lng + w, lat + s],
        [lng + e, lat + s],
        [lng + e, lat + n],
        [lng + w, lat + n],
        [lng + w, lat + s],
      ],
    ],
  },
});
const line = (properties: Record<string, unknown>, ...offsets: [number, number][]) => ({
  type: 'Feature' as const,
  properties,
  geometry: { type: 'LineString' as const, coordinates: offsets.map(([x, y]) => [lng + x, lat + y]) },
});
const point = (properties: Record<string, unknown>, x: number, y: number) => ({
  type: 'Feature' as const,
  properties,
  geometry: { type: 'Point' as const, coordinates: [lng + x, lat + y] },
});
const MOTORWAY = [
  [-0.05, 0.0045],
  [0.05, 0.0045],
] as [number, number][];
const AVENUE = [
  [-0.01, -0.003],
  [-0.01, 0.03],
] as [number, number][];
const LAYERS = ['water', 'waterway', 'landcover', 'park', 'transportation', 'transportation_name', 'building', 'place', 'water_name'];

/**
 * A harbour town's streets in OpenMapTiles' layers and `class` values, levels 10 to 14: what a map
 * maker gets from `pmtiles extract` of an OpenMapTiles build (planetiler's, for one), made here
 * from invented GeoJSON (no map data, no outside service; the layout is this file's). Offsets
 * are degrees from {@link HARBOUR}: the sea south of −0.003, a motorway at +0.0045, an avenue at
 * −0.010, a park and a wood between the middle and the motorway, buildings by the quay, a river.
 */
export const HARBOUR_STREETS = writePmtiles({
  tileType: TileType.Mvt,
  tiles: mvtTiles(
    {
      water: [box(-0.05, -0.04, 0.05, -0.003, { class: 'ocean' })],
      waterway: [line({ class: 'river', name: 'Test River' }, [0.012, 0.03], [0.012, -0.003])],
      landcover: [box(-0.008, 0.0005, -0.002, 0.0035, { class: 'wood', subclass: 'forest' })],
      park: [box(0.003, 0.0005, 0.009, 0.0035, { class: 'park', name: 'Quay Park' })],
      transportation: [
        line({ class: 'motorway', ramp: 0 }, ...MOTORWAY),
        line({ class: 'primary' }, ...AVENUE),
        line({ class: 'minor' }, [-0.03, -0.0008], [0.03, -0.0008]),
      ],
      transportation_name: [
        line({ class: 'motorway', name: 'Harbour Expressway', ref: 'E1' }, ...MOTORWAY),
        line({ class: 'primary', name: 'Harbour Avenue' }, ...AVENUE),
      ],
      building: [-0.007, -0.005, -0.003, 0.003, 0.005].map((x) => box(x, -0.0025, x + 0.0012, -0.0014, { render_height: 10 })),
      // Well inside the tiles of levels 14 to 16 that draw it: a label that would cross a tile's edge is left out.
      place: [point({ class: 'town', name: 'Harbourtown', rank: 10 }, 0.0005, 0.0015)],
      water_name: [point({ class: 'bay', name: 'Test Bay' }, 0, -0.008)],
    },
    [10, 11, 12, 13, 14],
  ),
  bounds: [lng - 0.05, lat - 0.04, lng + 0.05, lat + 0.03],
  center: [lng, lat, 14],
  // As planetiler's OpenMapTiles archives say it: `vector_layers` tells the schema.
  metadata: {
    name: 'Test Harbour',
    attribution: '<a href="https://example.org/harbour">© Test Harbour Streets</a>',
    vector_layers: LAYERS.map((id) => ({ id, fields: {} })),
  },
});
