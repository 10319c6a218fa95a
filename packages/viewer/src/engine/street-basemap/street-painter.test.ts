import { namedFlavor } from '@protomaps/basemaps';
import type { Feature } from 'geojson';
import { TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { type LayerFeatures, mvtTiles } from '../../../testing/mvt-tiles.js';
import { bytesSource, writePmtiles } from '../../../testing/pmtiles-writer.js';
import { recordingCanvas } from '../../../testing/recording-canvas.js';
import { openPmtiles } from '../pmtiles-archive.js';
import { STREET_BACKGROUND } from './street-style.js';
import { openStreetPainter, type StreetPainter } from './street-painter.js';

const light = namedFlavor('light');
const NEUTRAL_FILL = '#d6d3ce';

/** Global pixel coordinates of a point at zoom z (256-pixel web Mercator tiles). */
function pixel(lng: number, lat: number, z: number): [number, number] {
  const rad = (lat * Math.PI) / 180;
  const size = 256 * 2 ** z;
  return [((lng + 180) / 360) * size, ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size];
}

// A few streets by a lake, in the z14 tile 14/14552/6451 (west of Tokyo station), whose corner is 139.7461°E, 35.6890°N.
const Z = 14;
const [TX, TY] = [14552, 6451];
const square = (w: number, s: number, e: number, n: number): Feature => ({
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  },
});
const line = (props: Record<string, unknown>, ...coords: [number, number][]): Feature => ({
  type: 'Feature',
  properties: props,
  geometry: { type: 'LineString', coordinates: coords },
});
const point = (props: Record<string, unknown>, lng: number, lat: number): Feature => ({
  type: 'Feature',
  properties: props,
  geometry: { type: 'Point', coordinates: [lng, lat] },
});
const with_ = (f: Feature, props: Record<string, unknown>): Feature => ({ ...f, properties: props });
const LAKE = square(139.7475, 35.68, 139.75, 35.683);
const PARK = square(139.757, 35.681, 139.76, 35.684);
const ODD = square(139.752, 35.686, 139.754, 35.688);
const HIGHWAY: [number, number][] = [
  [139.746, 35.685],
  [139.768, 35.685],
];
const MINOR: [number, number][] = [
  [139.755, 35.677],
  [139.755, 35.688],
];
const MIDDLE: [number, number] = [139.7535, 35.6835];
const EDGE: [number, number] = [139.7679, 35.678];

const PROTOMAPS: LayerFeatures = {
  earth: [square(139.7, 35.64, 139.8, 35.72)],
  water: [with_(LAKE, { kind: 'lake' })],
  landuse: [with_(PARK, { kind: 'park' })],
  roads: [line({ kind: 'highway', name: 'Shuto' }, ...HIGHWAY), line({ kind: 'minor_road' }, ...MINOR)],
  places: [
    point({ kind: 'locality', name: 'Middletown', min_zoom: 4, population_rank: 10 }, ...MIDDLE),
    point({ kind: 'locality', name: 'Edgetown', min_zoom: 4 }, ...EDGE),
  ],
  mystery: [ODD],
};
const OPENMAPTILES: LayerFeatures = {
  water: [with_(LAKE, { class: 'lake' })],
  park: [with_(PARK, { class: 'park' })],
  transportation: [line({ class: 'motorway' }, ...HIGHWAY), line({ class: 'minor' }, ...MINOR)],
  transportation_name: [line({ class: 'motorway', name: 'Shuto' }, ...HIGHWAY)],
  place: [point({ class: 'city', name: 'Middletown' }, ...MIDDLE), point({ class: 'town', name: 'Edgetown' }, ...EDGE)],
  mystery: [ODD],
};

function painterOf(layers: LayerFeatures, metadata: Record<string, unknown> = {}): Promise<StreetPainter> {
  return openStreetPainter(openPmtiles(bytesSource(writePmtiles({ tileType: TileType.Mvt, tiles: mvtTiles(layers, [Z]), metadata }))), 'en');
}

async function painted(painter: StreetPainter, z: number, x: number, y: number) {
  const { canvas, ctx } = recordingCanvas();
  const drawn = await painter.paint(z, x, y, canvas);
  const origin = [x * 256, y * 256];
  // What was drawn over a point, topmost first.
  const at = (lng: number, lat: number) => {
    const [px, py] = pixel(lng, lat, z).map((v, i) => v - origin[i]!) as [number, number];
    return ctx.drawn.filter((d) => d.op !== 'text' && d.minX <= px + 1 && d.maxX >= px - 1 && d.minY <= py + 1 && d.maxY >= py - 1).reverse();
  };
  return { drawn, ctx, at, texts: ctx.drawn.filter((d) => d.op === 'text').map((d) => d.text) };
}

describe('the street basemap painter (docs/contract.md §14, docs/viewer.md "Basemaps")', () => {
  for (const [schema, layers] of [
    ['Protomaps', PROTOMAPS],
    ['OpenMapTiles', OPENMAPTILES],
  ] as const) {
    it(`paints a ${schema} archive: land, water, park, roads by class, and a layer it does not know in the neutral default`, async () => {
      const { drawn, ctx, at } = await painted(await painterOf(layers), Z, TX, TY);
      expect(drawn).toBe(true);
      expect(ctx.drawn[0]).toMatchObject({ op: 'fill', style: STREET_BACKGROUND, minX: 0, minY: 0, maxX: 256, maxY: 256 });
      expect(at(139.7487, 35.6815)[0]).toMatchObject({ op: 'fill', style: light.water });
      expect(at(139.7585, 35.6825)[0]).toMatchObject({ op: 'fill', style: light.park_b, alpha: 1 });
      expect(at(139.753, 35.687)[0]).toMatchObject({ op: 'fill', style: NEUTRAL_FILL });
      const highway = at(139.75, 35.685).find((d) => d.op === 'stroke')!;
      const minor = at(139.755, 35.68).find((d) => d.op === 'stroke')!;
      expect([highway.style, minor.style]).toEqual([light.major, light.major]);
      // Roads by class: at z14 a highway is drawn wider than a minor road; a name line is not drawn at all.
      expect(highway.lineWidth).toBeGreaterThan(minor.lineWidth * 1.5);
      expect(ctx.drawn.filter((d) => d.op === 'stroke' && d.style === light.major)).toHaveLength(2);
    });

    it(`labels a ${schema} archive's places inside the tile, and leaves out a label the tile's edge would cut`, async () => {
      const { texts } = await painted(await painterOf(layers), Z, TX, TY);
      expect(texts).toContain('Middletown');
      expect(texts).not.toContain('Edgetown');
    });
  }

  it("finds the schema in the metadata's layers when it lists them, else in each tile's", async () => {
    // An OpenMapTiles tile of water and wood alone: by its layer names it could be either schema.
    const natural = { water: [with_(LAKE, { class: 'lake' })], landcover: [with_(PARK, { class: 'wood' })] };
    const woodIn = async (painter: Promise<StreetPainter>) => (await painted(await painter, Z, TX, TY)).at(139.7585, 35.6825)[0]!.style;
    const byMetadata = await woodIn(painterOf(natural, { vector_layers: [{ id: 'water' }, { id: 'transportation' }] }));
    expect(await woodIn(painterOf({ ...natural, transportation: [line({ class: 'minor' }, ...MINOR)] }))).toBe(byMetadata);
    expect(await woodIn(painterOf(natural))).not.toBe(byMetadata);
  });

  it("draws a tile past the archive's deepest level from its ancestor there, scaled, where the ancestor puts it", async () => {
    const painter = await painterOf(PROTOMAPS);
    // 16/58209/25806 is the tile of z16 that holds the lake's middle, two levels past the archive's z14.
    const [px, py] = pixel(139.7487, 35.6815, 16);
    const [x, y] = [Math.floor(px / 256), Math.floor(py / 256)];
    const transform = painter.dataTileOf(16, x, y);
    expect(transform.dataTile).toEqual({ z: Z, x: TX, y: TY });
    expect(transform.scale).toBe(4);
    const { drawn, at } = await painted(painter, 16, x, y);
    expect(drawn).toBe(true);
    expect(at(139.7487, 35.6815)[0]).toMatchObject({ op: 'fill', style: light.water });
    // Only there: beside the lake, in the tiles of z16 and z15 that hold that point, is land.
    for (const z of [16, 15]) {
      const [bx, by] = pixel(139.751, 35.6815, z).map((v) => Math.floor(v / 256));
      expect((await painted(painter, z, bx!, by!)).at(139.751, 35.6815)[0]).toMatchObject({ op: 'fill', style: light.earth });
    }
    // Widths follow the level drawn, not the level read.
    const [hx, hy] = pixel(139.7487, 35.685, 16).map((v) => Math.floor(v / 256));
    const highway = (await painted(painter, 16, hx!, hy!)).at(139.7487, 35.685).find((d) => d.op === 'stroke');
    expect(highway?.lineWidth).toBeGreaterThan((await painted(painter, Z, TX, TY)).at(139.7487, 35.685).find((d) => d.op === 'stroke')!.lineWidth);
    expect(painter.dataTileOf(Z - 1, TX >> 1, TY >> 1)).toMatchObject({ dataTile: { z: Z - 1, x: TX >> 1, y: TY >> 1 }, scale: 1 });
  });

  it('has nothing to draw where the archive has no tile, so the globe shows the level above there', async () => {
    const { drawn, ctx } = await painted(await painterOf(PROTOMAPS), Z, TX + 5, TY);
    expect(drawn).toBe(false);
    expect(ctx.drawn).toEqual([]);
  });
});
