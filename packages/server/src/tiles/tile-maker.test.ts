import type { Feature, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { MAX_TILE_ZOOM, TILE_ID_PROPERTY } from '@orbis/scene';
import { decodedTile, tileAround, tileUnits } from '../test/vector-tile-decoding.js';
import { BUFFER, THIN_ABOVE, TileMaker, tiledFeature } from './tile-maker.js';

const point = (lng: number, lat: number, properties: Record<string, unknown> = {}, id?: string | number): Feature => ({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [lng, lat] }, ...(id === undefined ? {} : { id }) });

describe('TileMaker (SPEC §13 tiles)', () => {
  it('keeps integer ids, moves other ids to a property, and numbers features without one by their place', () => {
    expect(tiledFeature(point(0, 0, {}, 7), 3).id).toBe(7);
    const named = tiledFeature(point(0, 0, { a: 1 }, 'tree-9'), 3);
    expect(named.id).toBeUndefined();
    expect(named.properties).toEqual({ a: 1, [TILE_ID_PROPERTY]: 'tree-9' });
    expect(tiledFeature(point(0, 0, {}, -2), 3).properties![TILE_ID_PROPERTY]).toBe(-2);
    expect(tiledFeature(point(0, 0), 3).id).toBe(4);
  });

  it('cuts points and polygons into tiles with their properties, placed where they are', () => {
    const square: Feature = { type: 'Feature', id: 2, properties: { height: 30 }, geometry: { type: 'Polygon', coordinates: [[[139.70, 35.60], [139.71, 35.60], [139.71, 35.61], [139.70, 35.61], [139.70, 35.60]]] } };
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

  it('cuts a shape that crosses a tile\'s edge a little past the edge, and keeps a side on the edge there', () => {
    // Two squares side by side, meeting on the meridian 0°, an edge of the tiles of every zoom from 1.
    const square = (id: number, west: number): Feature => ({ type: 'Feature', id, properties: {}, geometry: { type: 'Polygon', coordinates: [[[west, 1], [west + 2, 1], [west + 2, 3], [west, 3], [west, 1]]] } });
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
});
