// Runs in the tile worker (tile-worker.ts) and in tests: it imports only its neighbours, by their
// `.ts` names, so that Node can run it from its TypeScript source.
import GeoJSONVT, { type LegacyFeature } from 'geojson-vt';
import type { Feature } from 'geojson';
import vtpbf from 'vt-pbf';
import { MAX_TILE_ZOOM, TILE_ID_PROPERTY, TILE_LAYER } from '@orbis/scene';
import { type PointIndex, PointIndexBuilder } from './point-index.ts';

/** The tile extent (MVT units across a tile). */
const EXTENT = 4096;
/**
 * Above this many points, a tile shallower than the deepest keeps one point per cell of a grid of
 * this many cells a side (the first in file order of the whole cell, the grid running on across
 * tiles; PointLevels): a view of a dense layer from afar draws a bounded number of points, and
 * every point shows from MAX_TILE_ZOOM in.
 */
export const THIN_ABOVE = 16_384;
const GRID = 128;
const THINNING = { above: THIN_ABOVE, cells: GRID };
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

/**
 * The cells of a tile's grid its MultiPoints have taken, when the tile thins: a MultiPoint (kept by
 * geojson-vt, its first part read) is kept when it is the first of them in its cell (`take` says
 * whether it is).
 */
class Cells {
  private readonly taken = new Set<number>();

  /** Whether a point at x, y (tile units) is the first of its cell; a point in the buffer has a cell too. */
  take(x: number, y: number): boolean {
    const cell = EXTENT / GRID;
    const key = Math.floor(y / cell) * (GRID + 2) + Math.floor(x / cell);
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }
}

/** geojson-vt's options: every tile of the file is cut to them, shapes by geojson-vt and points by the PointIndex. */
const GRID_OPTIONS = { maxZoom: MAX_TILE_ZOOM, buffer: BUFFER, extent: EXTENT };

/**
 * A file's features gathered for a TileMaker as they are read (ids already as tiles carry them,
 * `tiledFeature`): Point features into the PointIndex's flat arrays, anything else (a *shape*)
 * kept for geojson-vt. geojson-vt carries each shape's number as its id, through to the tile,
 * where it finds the shape's place in the file (to list it among the points) and its own id.
 */
export class TileFeatures {
  readonly points = new PointIndexBuilder(GRID_OPTIONS, THINNING);
  readonly shapes: Feature[] = [];
  /** Each shape's place among the file's features, and its MVT id (-1 for none). */
  readonly shapePlaces: number[] = [];
  readonly shapeIds: number[] = [];
  /** The number of features taken. */
  count = 0;

  add(feature: Feature): void {
    const place = this.count++;
    if (this.points.add(feature, place)) return;
    this.shapePlaces.push(place);
    this.shapeIds.push(typeof feature.id === 'number' ? feature.id : -1);
    this.shapes.push({ ...feature, id: this.shapes.length });
  }
}

/**
 * Cuts a set of WGS84 GeoJSON features into Mapbox Vector Tiles of one layer (TILE_LAYER): points
 * from a PointIndex, other shapes (lines, polygons, MultiPoints) by geojson-vt, each tile's
 * features in file order.
 */
export class TileMaker {
  private readonly shapes: GeoJSONVT;
  private readonly shapePlaces: Uint32Array;
  private readonly shapeIds: Float64Array;
  private readonly points: PointIndex;
  private readonly count: number;

  constructor(features: TileFeatures | Iterable<Feature>) {
    let gathered = features instanceof TileFeatures ? features : undefined;
    if (!gathered) {
      gathered = new TileFeatures();
      for (const feature of features as Iterable<Feature>) gathered.add(feature);
    }
    this.count = gathered.count;
    this.shapePlaces = Uint32Array.from(gathered.shapePlaces);
    this.shapeIds = Float64Array.from(gathered.shapeIds);
    this.points = gathered.points.finish();
    // indexMaxZoom 0: tiles are cut when asked for (and kept in storage), not 5 levels ahead, which
    // held every shape once per level.
    this.shapes = new GeoJSONVT({ type: 'FeatureCollection', features: gathered.shapes }, { ...GRID_OPTIONS, indexMaxZoom: 0 });
  }

  /** The bytes kept in typed arrays: the point index's, and the shapes' places and ids (geojson-vt's are on the heap). */
  get byteLength(): number {
    return this.points.byteLength + this.shapePlaces.byteLength + this.shapeIds.byteLength;
  }

  /** The encoded tile, or undefined when nothing lies in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    if (z > MAX_TILE_ZOOM) return undefined;
    const z2 = 2 ** z;
    // geojson-vt's wrapping of x around the world (getTile), for the points too.
    x = (x + z2) & (z2 - 1);
    const shapes = this.shapes.getTile(z, x, y)?.features ?? [];
    const others = shapes.reduce((n, f) => n + (f.type === 1 ? f.geometry.length : 0), 0);
    const { entries: points, thinned } = this.points.shownIn(z, x, y, others);
    if (shapes.length === 0 && points.length === 0) return undefined;
    const cells = thinned ? new Cells() : undefined;
    const features: LegacyFeature[] = [];
    const addPoint = (entry: number) => {
      const px = this.points.tileX(entry, z2, x);
      const py = this.points.tileY(entry, z2, y);
      const id = this.points.id(entry);
      features.push({ type: 1, geometry: [[px, py]], tags: this.points.properties(entry), ...(id === undefined ? {} : { id }) });
    };
    // The shapes and the points, each in geojson-vt's order, merged as geojson-vt would list them.
    let p = 0;
    for (const shape of shapes) {
      const order = this.count + this.shapePlaces[shape.id as number]!;
      while (p < points.length && this.points.order(points[p]!, this.count) < order) addPoint(points[p++]!);
      const [first] = shape.geometry as [number, number][];
      if (cells && shape.type === 1 && !cells.take(first![0], first![1])) continue;
      const id = this.shapeIds[shape.id as number]!;
      features.push({ type: shape.type, geometry: shape.geometry, tags: shape.tags, ...(id < 0 ? {} : { id }) } as LegacyFeature);
    }
    while (p < points.length) addPoint(points[p++]!);
    return vtpbf.fromGeojsonVt({ [TILE_LAYER]: { features } }, { version: 2, extent: EXTENT });
  }
}
