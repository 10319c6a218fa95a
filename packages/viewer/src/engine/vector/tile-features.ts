import { classifyRings, VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { TILE_ID_PROPERTY } from '@orbis/scene/checks';
import { PbfReader } from 'pbf';
import type { Geometry, SourceFeature } from './geojson-features.js';
import { type ClippedPolygon, clipTileLine, clipTilePolygon, hasBuffer, pointInTile, type TilePoint } from './tile-clip.js';

/**
 * The features of one tile, in WGS84, with the ids the server gave them (TILE_ID_PROPERTY, else the
 * tile feature's id). Each is clipped to the tile's own square: a tile also holds what lies within
 * a buffer around it, which the next tile draws (docs/viewer.md "Tiles"). A polygon cut by the
 * square carries its outline without the cut (`Geometry.outlines`).
 */
export function tileFeatures(bytes: Uint8Array, z: number, x: number, y: number, only?: string[]): SourceFeature[] {
  const tile = new VectorTile(new PbfReader(bytes));
  const features: SourceFeature[] = [];
  for (const name of only ?? Object.keys(tile.layers)) {
    const layer = tile.layers[name];
    if (!layer) continue;
    const all = Array.from({ length: layer.length }, (_, i) => layer.feature(i));
    const geometries = all.map((feature) => feature.loadGeometry());
    const buffered = all.length > 0 && hasBuffer(geometries, all[0]!.extent);
    for (const [i, feature] of all.entries()) {
      const geometry = tileGeometry(feature, geometries[i]!, buffered, lngLatOf(feature.extent, z, x, y));
      if (!geometry) continue;
      const { [TILE_ID_PROPERTY]: given, ...properties } = feature.properties;
      features.push({ id: given ?? feature.id ?? `${z}/${x}/${y}/${name}/${i}`, properties, geometry });
    }
  }
  return features;
}

type Project = (p: TilePoint) => number[];

/** Tile units to [lng, lat] (Web Mercator), as @mapbox/vector-tile's `toGeoJSON` does. */
function lngLatOf(extent: number, z: number, x: number, y: number): Project {
  const size = extent * 2 ** z;
  const [x0, y0] = [extent * x, extent * y];
  return ([px, py]) => [((px + x0) * 360) / size - 180, (360 / Math.PI) * Math.atan(Math.exp((1 - ((py + y0) * 2) / size) * Math.PI)) - 90];
}

/**
 * The part of a tile feature's geometry (as loaded, in tile units) inside the tile, in WGS84; undefined
 * when none is. `buffered`: the tile was cut with a buffer (tile-clip.ts `hasBuffer`).
 */
function tileGeometry(
  feature: VectorTileFeature,
  geometry: ReturnType<VectorTileFeature['loadGeometry']>,
  buffered: boolean,
  project: Project,
): Geometry | undefined {
  const extent = feature.extent;
  const parts = geometry.map((line) => line.map((p): TilePoint => [p.x, p.y]));
  const line = (l: TilePoint[]) => l.map(project);
  if (feature.type === 1) {
    const points = parts
      .flat()
      .filter((p) => pointInTile(p, extent))
      .map(project);
    return points.length === 0 ? undefined : points.length === 1 ? { type: 'Point', coordinates: points[0] } : { type: 'MultiPoint', coordinates: points };
  }
  if (feature.type === 2) {
    const lines = parts.flatMap((l) => clipTileLine(l, extent)).map(line);
    return lines.length === 0
      ? undefined
      : lines.length === 1
        ? { type: 'LineString', coordinates: lines[0] }
        : { type: 'MultiLineString', coordinates: lines };
  }
  if (feature.type !== 3) return undefined;
  const rings = classifyRings(geometry).map((polygon) => polygon.map((ring) => ring.map((p): TilePoint => [p.x, p.y])));
  const polygons = rings.flatMap((polygon) => clipTilePolygon(polygon, extent, buffered) ?? []) as ClippedPolygon[];
  if (polygons.length === 0) return undefined;
  const coordinates = polygons.map((p) => p.rings.map(line));
  const outlines = polygons.some((p) => p.outline) ? { outlines: polygons.map((p) => p.outline?.map(line)) } : {};
  return polygons.length === 1 ? { type: 'Polygon', coordinates: coordinates[0], ...outlines } : { type: 'MultiPolygon', coordinates, ...outlines };
}
