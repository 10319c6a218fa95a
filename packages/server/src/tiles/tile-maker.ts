// Runs in the tile worker (tile-worker.ts) and in tests: no imports of this package's own files,
// so that Node can run it from its TypeScript source.
import GeoJSONVT, { type LegacyFeature, type LegacyTile } from 'geojson-vt';
import type { Feature } from 'geojson';
import vtpbf from 'vt-pbf';
import { MAX_TILE_ZOOM, TILE_ID_PROPERTY, TILE_LAYER } from '@orbis/scene';

/** The tile extent (MVT units across a tile). */
const EXTENT = 4096;
/**
 * Above this many points, a tile shallower than the deepest keeps one point per cell of a grid of
 * this many cells a side (the first in file order): a view of a dense layer from afar draws a
 * bounded number of points, and every point shows from MAX_TILE_ZOOM in.
 */
export const THIN_ABOVE = 16_384;
const GRID = 128;
/**
 * The tile units around a tile that it holds too. Small: the viewer clips each tile's shapes to its
 * square (a buffer would draw twice in 3D), and needs only that a shape the server cut ends past
 * the square, to tell the cut from a side of the shape that lies on the tile's edge (docs/viewer.md
 * "Tiles").
 */
export const BUFFER = 8;

/**
 * A GeoJSON feature as tiled: its id made what a Mapbox Vector Tile can carry. A non-negative
 * integer id stays the feature's id; another id moves to the TILE_ID_PROPERTY property; a feature
 * without one gets its 1-based place in the file (the id the viewer gives it when it draws the
 * whole file).
 */
export function tiledFeature(feature: Feature, index: number): Feature {
  const id = feature.id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return feature;
  if (id === undefined || id === null) return { ...feature, id: index + 1 };
  const { id: _, ...rest } = feature;
  return { ...rest, properties: { ...feature.properties, [TILE_ID_PROPERTY]: id } };
}

/** Keeps at most one point feature per grid cell when a tile holds more than THIN_ABOVE points. */
export function thinned(features: LegacyFeature[]): LegacyFeature[] {
  const points = features.reduce((n, f) => n + (f.type === 1 ? f.geometry.length : 0), 0);
  if (points <= THIN_ABOVE) return features;
  const cell = EXTENT / GRID;
  const taken = new Set<number>();
  return features.filter((f) => {
    if (f.type !== 1) return true;
    const [x, y] = f.geometry[0]!;
    const key = Math.floor(y / cell) * (GRID + 2) + Math.floor(x / cell);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
}

/** Cuts a set of WGS84 GeoJSON features into Mapbox Vector Tiles of one layer (TILE_LAYER). */
export class TileMaker {
  private readonly index: GeoJSONVT;

  constructor(features: Feature[]) {
    // indexMaxZoom 0: tiles are cut when asked for (and kept in storage), not 5 levels ahead, which
    // held every point once per level: 660 bytes a point against 340 (bench/tiles-large.js).
    this.index = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 0, buffer: BUFFER, extent: EXTENT });
  }

  /** The encoded tile, or undefined when nothing lies in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    const tile: LegacyTile | null = z > MAX_TILE_ZOOM ? null : this.index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) return undefined;
    const features = z < MAX_TILE_ZOOM ? thinned(tile.features) : tile.features;
    return vtpbf.fromGeojsonVt({ [TILE_LAYER]: { features } }, { version: 2, extent: EXTENT });
  }
}
