import type { Feature, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { MAX_TILE_ZOOM, TILE_ID_PROPERTY, TILE_LAYER } from '@orbis/scene';
import { decodedTile, tileAround, tileUnits } from '../test/vector-tile-decoding.js';
import { BUFFER, THIN_ABOVE, TileFeatures, TileMaker, tiledFeature } from './tile-maker.js';

const point = (lng: number, lat: number, properties: Record<string, unknown> = {}, id?: string | number): Feature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [lng, lat] },
  ...(id === undefined ? {} : { id }),
});

describe('TileMaker (docs/contract.md §13 tiles)', () => {
  it('keeps integer ids, moves other ids to a property, and numbers features without one by their place', () => {
    expect(tiledFeature(point(0, 0, {}, 7), 3).id).toBe(7);
    const named = tiledFeature(point(0, 0, { a: 1 }, 'tree-9'), 3);
    expect(named.id).toBeUndefined();
    expect(named.properties).toEqual({ a: 1, [TILE_ID_PROPERTY]: 'tree-9' });
    expect(tiledFeature(point(0, 0, {}, -2), 3).properties![TILE_ID_PROPERTY]).toBe(-2);
    expect(tiledFeature(point(0, 0), 3).id).toBe(4);
  });

  it('cuts points and polygons into tiles with their properties, placed where they are', () => {
    const square: Feature = {
      type: 'Feature',
      id: 2,
      properties: { height: 30 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [139.7, 35.6],
            [139.71, 35.6],
            [139.71, 35.61],
            [139.7, 35.61],
            [139.7, 35.6],
          ],
        ],
      },
    };
    const maker = new TileMaker([tiledFeature(point(139.7671, 35.6812, { name: 'Tokyo Station', rating: 4.5 }), 0), square]);
    // Tokyo Station at zoom 10: tile 909/403.
    const features = decodedTile(maker.tile(10, 909, 403)!, 10, 909, 403);
    const station = features.find((f) => f.properties!.name === 'Tokyo Station')!;
    expect(station.id).toBe(1);
    expect(station.properties).toEqual({ name: 'Tokyo Station', rating: 4.5 });
    const [lng, lat] = (station.geometry as Point).coordinates as [number, number];
    expect(Math.abs(lng - 139.7671)).toBeLessThan(0.001);
    expect(Math.abs(lat - 35.6812)).toBeLessThan(0.001);
    const polygon = features.find((f) => f.id === 2)!;
    expect(polygon.geometry.type).toBe('Polygon');
    expect(polygon.properties).toEqual({ height: 30 });
    expect(maker.tile(10, 0, 0)).toBeUndefined();
    expect(maker.tile(MAX_TILE_ZOOM + 1, 0, 0)).toBeUndefined();
  });

  it('cuts a file holding malformed points (coordinates not an array, no geometry) as geojson-vt alone did, without failing', () => {
    const malformed = [{ coordinates: {} }, { coordinates: 5 }, { coordinates: true }].map((geometry, i): Feature => ({
      type: 'Feature',
      properties: { bad: i },
      geometry: { type: 'Point', ...geometry } as unknown as Point,
    }));
    const none = { type: 'Feature', properties: { bad: 'none' }, geometry: null } as unknown as Feature;
    const maker = new TileMaker([
      tiledFeature(point(139.7671, 35.6812, { name: 'Tokyo Station' }), 0),
      ...malformed.map((f, i) => tiledFeature(f, i + 1)),
      tiledFeature(none, 4),
    ]);
    const features = decodedTile(maker.tile(10, 909, 403)!, 10, 909, 403);
    expect(features.map((f) => f.properties!.name)).toContain('Tokyo Station');
  });

  it("cuts a shape that crosses a tile's edge a little past the edge, and keeps a side on the edge there", () => {
    // Two squares side by side, meeting on the meridian 0°, an edge of the tiles of every zoom from 1.
    const square = (id: number, west: number): Feature => ({
      type: 'Feature',
      id,
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, 1],
            [west + 2, 1],
            [west + 2, 3],
            [west, 3],
            [west, 1],
          ],
        ],
      },
    });
    const maker = new TileMaker([square(1, -2), square(2, -1)]);
    // At zoom 1, tile 0/0 is the north-west quarter: its right edge is the meridian.
    const units = tileUnits(maker.tile(1, 0, 0)!);
    const xs = (id: number) => units.get(id)!.map((p) => p.x);
    // Square 1 ends on the edge (4096); square 2, cut by it, ends BUFFER units past.
    expect(Math.max(...xs(1))).toBe(4096);
    expect(Math.max(...xs(2))).toBe(4096 + BUFFER);
  });

  it('thins dense points in tiles shallower than the deepest, and keeps every one at the deepest', () => {
    // 40,000 points in a 0.02° square around Tokyo Station: all inside one zoom-14 tile.
    const features = Array.from({ length: 40_000 }, (_, i) => tiledFeature(point(139.76 + (i % 200) * 0.0001, 35.675 + Math.floor(i / 200) * 0.0001), i));
    const maker = new TileMaker(features);
    const [fx, fy] = tileAround(8, 139.77, 35.685);
    const far = decodedTile(maker.tile(8, fx, fy)!, 8, fx, fy);
    expect(far.length).toBeGreaterThan(0);
    expect(far.length).toBeLessThanOrEqual(THIN_ABOVE);
    const [x0, y1] = tileAround(14, 139.76, 35.675);
    const [x1, y0] = tileAround(14, 139.78, 35.695);
    const deepest: [number, number, number][] = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) deepest.push([14, x, y]);
    const all = deepest.flatMap(([z, x, y]) => {
      const bytes = maker.tile(z, x, y);
      return bytes ? decodedTile(bytes, z, x, y) : [];
    });
    expect(new Set(all.map((f) => f.id)).size).toBe(40_000);
  });

  it('shows, in a thinned tile, real features with their properties, each shown again by the tiles of every deeper zoom', () => {
    // 120,000 points over 1° around Tokyo, and 5,000 spread over the world: levels kept in a tree
    // and read alone (the shallow zooms), and cells' firsts found among a tile's points (the deeper).
    const placeOf = (i: number): [number, number] =>
      i < 120_000 ? [139.5 + (i % 400) / 400, 35.2 + Math.floor(i / 400) / 300] : [((i * 7919) % 35_900) / 100 - 179.5, ((i * 104_729) % 16_000) / 100 - 80];
    const features = Array.from({ length: 125_000 }, (_, i) => tiledFeature(point(...placeOf(i), { i, name: `p${i}` }), i));
    const maker = new TileMaker(features);
    const shownAt = (z: number, lng: number, lat: number, span: number) => {
      const [x0, y1] = tileAround(z, lng, lat);
      const [x1, y0] = tileAround(z, lng + span, lat + span);
      const ids = new Set<number>();
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const bytes = maker.tile(z, x, y);
          for (const f of bytes ? decodedTile(bytes, z, x, y) : []) {
            const i = (f.id as number) - 1;
            // A real feature: its id, its properties, its place (within a tile unit).
            const [lng, lat] = (f.geometry as Point).coordinates as [number, number];
            const real = f.properties!.i === i && f.properties!.name === `p${i}` && Math.abs(lng - placeOf(i)[0]) < 360 / 2 ** z / 4096;
            if (!real) expect({ id: f.id, properties: f.properties, lng }).toEqual({ id: i + 1, properties: { i, name: `p${i}` }, lng: placeOf(i)[0] });
            // Only points in the tile's square count: its buffer's are its neighbours'.
            if (tileAround(z, lng, lat).join() === `${x},${y}`) ids.add(i);
          }
        }
      }
      return ids;
    };
    let shallower = shownAt(3, 139.5, 35.2, 1);
    expect(shallower.size).toBeLessThanOrEqual(THIN_ABOVE);
    for (let z = 4; z <= 10; z++) {
      const deeper = shownAt(z, 139.5, 35.2, 1);
      expect(
        [...shallower].filter((i) => i < 120_000 && !deeper.has(i)),
        `points gone at zoom ${z}`,
      ).toEqual([]);
      shallower = deeper;
    }
  });
});

/**
 * Whether a Point of a file is the first, in file order, of its cell of zoom z's grid (128 cells a
 * tile side, running on across tiles), worked out apart from the index: the rule a thinned tile
 * shows its points by. `places` are the file's Points (none across the antimeridian), in order.
 */
function firstsOfCells(places: [number, number][], z: number): Set<number> {
  // geojson-vt's projection to its storage space (convert.js), as point-index.ts keeps points.
  const world = 4096 * 2 ** MAX_TILE_ZOOM;
  const size = world / (2 ** z * 128);
  const taken = new Set<string>();
  const firsts = new Set<number>();
  for (const [i, [lng, lat]] of places.entries()) {
    const x = (lng / 360 + 0.5 - 0.5) * world;
    const sin = Math.sin((lat * Math.PI) / 180);
    const y = (0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI - 0.5) * world;
    const cell = `${Math.floor(x / size)},${Math.floor(y / size)}`;
    if (!taken.has(cell)) firsts.add(i);
    taken.add(cell);
  }
  return firsts;
}

/**
 * A tile as geojson-vt alone cut it, with every feature in its index, before points had their own
 * (the rules in tile-maker.ts). Thinned, a tile keeps the MultiPoints first of their cell of the
 * tile (`isMulti`), and the Points `shown` says are first of their cell of the zoom's grid.
 */
function cutByGeojsonVt(
  index: GeoJSONVT,
  z: number,
  x: number,
  y: number,
  thinning?: { isMulti(tags: unknown): boolean; shown(tags: unknown, z: number): boolean },
): Uint8Array | undefined {
  const tile = index.getTile(z, x, y);
  if (!tile || tile.features.length === 0) return undefined;
  let features = tile.features;
  const points = features.reduce((n, f) => n + (f.type === 1 ? f.geometry.length : 0), 0);
  if (z < MAX_TILE_ZOOM && points > THIN_ABOVE) {
    if (!thinning) throw new Error(`tile ${z}/${x}/${y} is thinned: say how`);
    const taken = new Set<number>();
    features = features.filter((f) => {
      if (f.type !== 1) return true;
      if (!thinning.isMulti(f.tags)) return thinning.shown(f.tags, z);
      const [px, py] = f.geometry[0] as [number, number];
      const key = Math.floor(py / 32) * 130 + Math.floor(px / 32);
      return taken.has(key) ? false : (taken.add(key), true);
    });
  }
  return vtpbf.fromGeojsonVt({ [TILE_LAYER]: { features } }, { version: 2, extent: 4096 });
}

/** The tiles around each place at each zoom: its own and its eight neighbours. */
function tilesAround(places: [number, number][], zooms: number[]): [number, number, number][] {
  const tiles = new Map<string, [number, number, number]>();
  for (const z of zooms) {
    for (const [lng, lat] of places) {
      const [cx, cy] = tileAround(z, Math.min(lng, 179.999), Math.max(-85, Math.min(85, lat)));
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) tiles.set(`${z}/${cx + dx}/${cy + dy}`, [z, cx + dx, cy + dy]);
    }
  }
  return [...tiles.values()].filter(([z, , y]) => y >= 0 && y < 2 ** z);
}

describe('TileMaker: points from their own index, cut as geojson-vt cut them', () => {
  const lineAt = (lng: number, lat: number): Feature => ({
    type: 'Feature',
    properties: { kind: 'line' },
    geometry: {
      type: 'LineString',
      coordinates: [
        [lng, lat],
        [lng + 0.3, lat + 0.2],
        [lng + 0.5, lat - 0.1],
      ],
    },
  });
  const squareAt = (lng: number, lat: number, id?: number | string): Feature => ({
    type: 'Feature',
    properties: { kind: 'square', height: 10 },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + 0.02, lat],
          [lng + 0.02, lat + 0.02],
          [lng, lat + 0.02],
          [lng, lat],
        ],
      ],
    },
    ...(id === undefined ? {} : { id }),
  });
  const multiPointAt = (lng: number, lat: number): Feature => ({
    type: 'Feature',
    properties: { kind: 'multi' },
    geometry: {
      type: 'MultiPoint',
      coordinates: [
        [lng, lat],
        [lng + 0.001, lat + 0.001],
      ],
    },
  });

  // A file of every kind: points (ids integer, string, negative, none; properties null), on tile
  // edges, across the antimeridian and near the poles, beside lines, polygons, MultiPoints and a
  // GeometryCollection (none of those across the antimeridian: see the next test but one).
  const places: [number, number][] = [
    [139.7671, 35.6812],
    [0, 0],
    [-0.0001, 0.0001],
    [90, 45],
    [-90, -45],
    [179.9, 10],
    [-179.95, 10],
    [180, 5],
    [-180, 5],
    [179.3, 20],
    [-179.3, 20],
    [12.5, 85],
    [-70, -85.05],
    [139.76, 35.68],
    [139.7601, 35.6801],
    [-74.006, 40.7128],
    // On the edges of zoom 1's buffers (8 units of 4096 from the meridian 0°).
    [0.3515625, 10],
    [-0.3515625, 10],
  ];
  const mixed: Feature[] = [];
  for (const [i, [lng, lat]] of places.entries()) {
    const id = [undefined, i, `p-${i}`, -i, 7.5][i % 5];
    mixed.push({ ...point(lng, lat, i % 4 === 3 ? (null as never) : { i, name: `place ${i}` }), ...(id === undefined ? {} : { id }) });
    if (Math.abs(lng) > 179) continue;
    if (i % 3 === 0) mixed.push(squareAt(lng - 0.01, lat - 0.01, i % 2 ? `square-${i}` : undefined));
    if (i % 3 === 1) mixed.push(lineAt(lng, lat));
    if (i % 3 === 2) mixed.push(multiPointAt(lng, lat));
  }
  mixed.push({
    type: 'Feature',
    properties: { kind: 'collection' },
    geometry: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [139.765, 35.68] },
        {
          type: 'LineString',
          coordinates: [
            [139.76, 35.67],
            [139.77, 35.69],
          ],
        },
      ],
    },
  });
  mixed.push(point(139.7672, 35.6813, { after: true }));

  const compare = (features: Feature[], tiles: [number, number, number][], thinning?: Parameters<typeof cutByGeojsonVt>[4]) => {
    const tiled = features.map((f, i) => tiledFeature(f, i));
    const maker = new TileMaker(tiled);
    const reference = new GeoJSONVT({ type: 'FeatureCollection', features: tiled }, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 0, buffer: BUFFER, extent: 4096 });
    let held = 0;
    for (const [z, x, y] of tiles) {
      const ours = maker.tile(z, x, y);
      const theirs = cutByGeojsonVt(reference, z, x, y, thinning);
      expect(ours === undefined, `tile ${z}/${x}/${y} empty`).toBe(theirs === undefined);
      if (ours && theirs) {
        held++;
        // The same features, in the same order, with the same ids, properties and tile units: the same bytes.
        expect(Buffer.from(ours).equals(Buffer.from(theirs)), `tile ${z}/${x}/${y}`).toBe(true);
      }
    }
    return held;
  };

  it('cuts a file of points, lines, polygons and MultiPoints to the same bytes as geojson-vt alone, at every zoom', () => {
    const zooms = Array.from({ length: MAX_TILE_ZOOM + 1 }, (_, z) => z);
    const held = compare(mixed, [...tilesAround(places, zooms), [1, -1, 0], [2, 4, 1], [3, 0, 8]]);
    expect(held).toBeGreaterThan(200);
  });

  it('thins a dense file of points and MultiPoints by the first point of each cell of the zoom, and keeps every point at the deepest zoom', () => {
    // 60,000 features in a 0.03° square around Tokyo Station, a MultiPoint and a polygon now and then.
    const placeOf = (i: number): [number, number] => [139.76 + (i % 250) * 0.00012, 35.675 + Math.floor(i / 250) * 0.00012];
    const isPoint = (i: number) => i % 997 !== 0 && i % 1499 !== 0;
    const dense = Array.from({ length: 60_000 }, (_, i): Feature => {
      const [lng, lat] = placeOf(i);
      return i % 997 === 0 ? multiPointAt(lng, lat) : i % 1499 === 0 ? squareAt(lng, lat, i) : point(lng, lat, { i });
    });
    // The Points in file order, and each one's feature.
    const pointFeatures = dense.flatMap((_, i) => (isPoint(i) ? [i] : []));
    const firsts = new Map<number, Set<number>>();
    const shown = (tags: unknown, z: number) => {
      if (!firsts.has(z)) firsts.set(z, new Set([...firstsOfCells(pointFeatures.map(placeOf), z)].map((k) => pointFeatures[k]!)));
      return firsts.get(z)!.has((tags as { i: number }).i);
    };
    const isMulti = (tags: unknown) => (tags as { kind?: string }).kind === 'multi';
    const held = compare(
      dense,
      tilesAround(
        [
          [139.76, 35.675],
          [139.79, 35.705],
          [139.775, 35.69],
        ],
        [0, 3, 6, 9, 11, 12, 13, 14],
      ),
      { isMulti, shown },
    );
    expect(held).toBeGreaterThan(20);
  });

  it('holds the same features where points and other shapes both cross the antimeridian, in another order', () => {
    // geojson-vt lists the copies of shapes it moved across the antimeridian before and after the
    // rest; the points' copies keep that order among the points, the shapes' among the shapes.
    const across = [point(179.9, 10, { a: 1 }), squareAt(-179.99, 9), lineAt(179.6, 11), point(-179.95, 10, { b: 2 }), multiPointAt(179.99, 12)].map((f, i) =>
      tiledFeature(f, i),
    );
    const maker = new TileMaker(across);
    const reference = new GeoJSONVT({ type: 'FeatureCollection', features: across }, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 0, buffer: BUFFER, extent: 4096 });
    const sorted = (bytes: Uint8Array, z: number, x: number, y: number) =>
      decodedTile(bytes, z, x, y)
        .map((f) => JSON.stringify(f))
        .sort();
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [5, 0, 15],
      [5, 31, 15],
      [8, 255, 123],
      [8, 0, 123],
    ] as const) {
      const ours = maker.tile(z, x, y);
      const theirs = cutByGeojsonVt(reference, z, x, y);
      expect(ours === undefined, `tile ${z}/${x}/${y} empty`).toBe(theirs === undefined);
      if (ours && theirs) expect(sorted(ours, z, x, y), `tile ${z}/${x}/${y}`).toEqual(sorted(theirs, z, x, y));
    }
  });

  it("holds a point on the west edge of a tile's buffer and leaves one on its east edge to the next tile", () => {
    // 8 units of a zoom-1 tile east and west of the meridian 0°, its edge.
    const maker = new TileMaker([point(0.3515625, 10, {}, 1), point(-0.3515625, 10, {}, 2)]);
    expect([...tileUnits(maker.tile(1, 0, 0)!)].map(([id, [p]]) => [id, p!.x])).toEqual([[2, 4088]]);
    expect([...tileUnits(maker.tile(1, 1, 0)!)].map(([id, [p]]) => [id, p!.x])).toEqual([
      [1, 8],
      [2, -8],
    ]);
  });

  it("holds a tile's points and shapes together in file order", () => {
    const features = [
      point(139.7671, 35.6812, { n: 1 }),
      squareAt(139.76, 35.675),
      point(139.7672, 35.6813, { n: 3 }),
      lineAt(139.765, 35.68),
      point(139.7673, 35.6814, { n: 5 }),
    ].map((f, i) => tiledFeature(f, i));
    const maker = new TileMaker(features);
    const [x, y] = tileAround(12, 139.7671, 35.6812);
    expect(decodedTile(maker.tile(12, x, y)!, 12, x, y).map((f) => [f.id, f.geometry.type])).toEqual([
      [1, 'Point'],
      [2, 'Polygon'],
      [3, 'Point'],
      [4, 'LineString'],
      [5, 'Point'],
    ]);
  });

  it('gives geojson-vt only what is not a point: a Point goes to the point index, with its id and properties', () => {
    const gathered = new TileFeatures();
    for (const [i, f] of mixed.entries()) gathered.add(tiledFeature(f, i));
    const kinds = gathered.shapes.map((f) => f.geometry.type);
    expect(kinds).not.toContain('Point');
    expect(new Set(kinds)).toEqual(new Set(['Polygon', 'LineString', 'MultiPoint', 'GeometryCollection']));
    expect(gathered.count).toBe(mixed.length);
    // Tokyo Station, the file's first feature, without an id: its place.
    const maker = new TileMaker(gathered);
    const [x, y] = tileAround(14, 139.7671, 35.6812);
    const station = decodedTile(maker.tile(14, x, y)!, 14, x, y).find((f) => f.properties!.name === 'place 0')!;
    expect(station.id).toBe(1);
    expect(station.properties).toEqual({ i: 0, name: 'place 0' });
  });

  it("keeps no array of a point's place, id or entry while they follow the file, and every one once they do not", () => {
    const n = 10_000;
    const points = Array.from({ length: n }, (_, i) => point(135 + (i % 100) / 100, 35 + Math.floor(i / 100) / 100));
    const following = new TileMaker(points.map((f, i) => tiledFeature(f, i)));
    // Per point: its place (16 bytes), the tree (10 here), its properties' start and bytes (5).
    expect(following.byteLength).toBeLessThan(n * 32);
    // A polygon first, an id of its own, a copy across the antimeridian: each column is kept.
    const square = {
      type: 'Feature',
      properties: {},
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
    } as Feature;
    const mixed = [square, ...points.slice(0, -2), point(135, 35, {}, 7), point(179.9999, 35)];
    const kept = new TileMaker(mixed.map((f, i) => tiledFeature(f, i)));
    // And 16 bytes more a point: places, points (4 each) and ids (8).
    expect(kept.byteLength).toBeGreaterThan(n * 46);
    // The id that does not follow is the tile's, and the others still are their place plus one.
    const [x, y] = tileAround(14, 135, 35);
    const ids = decodedTile(kept.tile(14, x, y)!, 14, x, y).map((f) => f.id);
    // The grid's points in the tile (the 1st, 2nd, 3rd, 101st…, at places 1, 2, 3, 101…), then the one with id 7.
    expect(ids).toEqual([2, 3, 4, 102, 103, 104, 7]);
  });
});
