// Runs in the tile worker (see tile-maker.ts): no imports of this package's own files.
import type { Feature, GeoJsonProperties } from 'geojson';
import { GrowingArray, ImpliedColumn } from './number-column.ts';
import { PointLevels, firstsInBox, type Thinning } from './point-levels.ts';
import { PointTree, within } from './point-tree.ts';
import { PropertyStore } from './property-store.ts';

/** How tiles are cut: the options given to geojson-vt, whose points this index places as it does. */
export interface TileGrid {
  extent: number;
  buffer: number;
  maxZoom: number;
}

/**
 * Where geojson-vt 5 keeps a point ("storage space", its convert.js): the world's x and y from 0 to
 * 1, moved by -0.5 and scaled by `extent * 2^maxZoom`. A single point is kept as this float,
 * unrounded, and each tile rounds it to its own units, so the index keeps the same floats and
 * rounds them the same way: a tile's points are where geojson-vt put them, to the unit
 * (tile-maker.test.ts compares the two on whole files).
 */
const ORIGIN = 0.5;

/**
 * The point features of a file, in flat arrays and a k-d tree (kdbush), so that a tile's points are
 * found without clipping the file down to it zoom by zoom, as geojson-vt does for every feature.
 * Holds every Point feature whose coordinates are numbers within one world of the map (longitude
 * −540° to 540°, as geojson-vt's wrapping reads); the caller gives anything else to geojson-vt.
 *
 * Each point is an *entry* of the index, and so is each copy geojson-vt makes of it across the
 * antimeridian (a point within a zoom-0 buffer of it shows in the tiles at the map's other edge
 * too). Entries are numbered in geojson-vt's order: the copies moved east, then every point, then
 * the copies moved west, each group in file order.
 */
export class PointIndex {
  /** The world's width in storage units. */
  private readonly world: number;
  /** Each entry's place in storage space. */
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  /** Each entry's point (its row in `places`, `ids` and `tags`); undefined when each is its entry's number. */
  private readonly pointOf: Uint32Array | undefined;
  /** The entries before `firstPoint` are copies moved east; from `firstWestCopy` on, copies moved west. */
  private readonly firstPoint: number;
  private readonly firstWestCopy: number;
  private readonly tree: PointTree;
  /** The box around every entry. */
  private readonly bounds: { minX: number; minY: number; maxX: number; maxY: number };
  private readonly grid: TileGrid;
  private readonly thinning: Thinning;
  /** The thinned levels of the shallower zooms. */
  private readonly levels: PointLevels;
  /** Each point's place among the file's features, its MVT id (-1 for none) and its properties. */
  private readonly places: ImpliedColumn;
  private readonly ids: ImpliedColumn;
  private readonly tags: PropertyStore;

  /** `groups`: the copies moved east, the points, the copies moved west (each gathered, the index takes their arrays). */
  constructor(
    grid: TileGrid,
    thinning: Thinning,
    groups: readonly [Entries, Entries, Entries],
    points: { places: ImpliedColumn; ids: ImpliedColumn; tags: PropertyStore },
  ) {
    // No parameter properties: Node runs this file from its source by stripping types.
    this.grid = grid;
    this.thinning = thinning;
    ({ places: this.places, ids: this.ids, tags: this.tags } = points);
    this.world = grid.extent * 2 ** grid.maxZoom;
    const [east, inWorld, west] = groups.map((group) => group.finish());
    this.firstPoint = east!.xs.length;
    this.firstWestCopy = this.firstPoint + inWorld!.xs.length;
    if (east!.xs.length === 0 && west!.xs.length === 0) {
      // No copies across the antimeridian (most files): the points' own arrays, not copies of them.
      ({ xs: this.xs, ys: this.ys } = inWorld!);
      this.pointOf = inWorld!.pointOf.allImplied ? undefined : Uint32Array.from({ length: inWorld!.xs.length }, (_, i) => inWorld!.pointOf.at(i));
    } else {
      const n = this.firstWestCopy + west!.xs.length;
      this.xs = new Float64Array(n);
      this.ys = new Float64Array(n);
      this.pointOf = new Uint32Array(n);
      let at = 0;
      for (const group of [east!, inWorld!, west!]) {
        this.xs.set(group.xs, at);
        this.ys.set(group.ys, at);
        for (let i = 0; i < group.xs.length; i++) this.pointOf[at + i] = group.pointOf.at(i);
        at += group.xs.length;
      }
    }
    const n = this.xs.length;
    const tree = new PointTree(n, this.world);
    const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (let i = 0; i < n; i++) {
      const px = this.xs[i]!;
      const py = this.ys[i]!;
      tree.add(px, py);
      bounds.minX = Math.min(bounds.minX, px);
      bounds.minY = Math.min(bounds.minY, py);
      bounds.maxX = Math.max(bounds.maxX, px);
      bounds.maxY = Math.max(bounds.maxY, py);
    }
    this.tree = tree.finish();
    this.bounds = bounds;
    this.levels = new PointLevels(this.xs, this.ys, this.world, grid.maxZoom, thinning);
  }

  /**
   * The bytes the index keeps in typed arrays and blocks, outside the JavaScript heap: what keeping
   * it costs beside the worker's heap (TileSource's `memoryBytes`).
   */
  get byteLength(): number {
    const arrays = [this.xs, this.ys, this.pointOf].reduce((sum, array) => sum + (array?.byteLength ?? 0), 0);
    return arrays + this.tree.byteLength + this.levels.byteLength + this.places.byteLength + this.ids.byteLength + this.tags.byteLength;
  }

  /** An entry's point. */
  private pointAt(entry: number): number {
    return this.pointOf ? this.pointOf[entry]! : entry;
  }

  /** The number of entries (points and their copies across the antimeridian). */
  get size(): number {
    return this.xs.length;
  }

  /**
   * The entries tile z/x/y holds, in ascending order, as geojson-vt clips them: the tile's square
   * and its buffer, the west and north sides in and the east and south sides out; zoom 0 holds
   * every entry. x lies within the world (TileMaker wraps it as geojson-vt does); a y outside it
   * holds nothing.
   */
  entriesIn(z: number, x: number, y: number): Uint32Array {
    const n = this.xs.length;
    const z2 = 2 ** z;
    if (y < 0 || y >= z2) return new Uint32Array(0);
    if (z === 0) {
      const all = new Uint32Array(n);
      for (let i = 0; i < n; i++) all[i] = i;
      return all;
    }
    return this.entriesInBox(this.boxOf(z, x, y).box);
  }

  /** The entries in a box [minX, maxX) × [minY, maxY), ascending. */
  private entriesInBox([minX, minY, maxX, maxY]: readonly [number, number, number, number]): Uint32Array {
    const n = this.xs.length;
    if (this.shareOf(minX, minY, maxX, maxY) > 1 / 32) {
      // A tile over much of the data: every entry tested, in order, costs less than the tree's
      // list of them and its sorting.
      let count = 0;
      const marked = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const px = this.xs[i]!;
        const py = this.ys[i]!;
        if (px >= minX && px < maxX && py >= minY && py < maxY) {
          marked[i] = 1;
          count++;
        }
      }
      const out = new Uint32Array(count);
      for (let i = 0, k = 0; k < count; i++) if (marked[i]) out[k++] = i;
      return out;
    }
    const found = this.tree.range(minX, minY, maxX, maxY, (i) => within(this.xs[i]!, this.ys[i]!, minX, minY, maxX, maxY));
    return Uint32Array.from(found).sort();
  }

  /**
   * The entries tile z/x/y shows, ascending, when `others` points of other shapes lie in it too: every
   * entry it holds (`entriesIn`), or, in a tile shallower than the deepest that holds more than
   * `thinning.above` points, only those first in their cell of the zoom's grid (PointLevels), read
   * from the zoom's level alone where it keeps one. `thinned` says which. The buffer (8 units) is
   * narrower than a cell (32).
   */
  shownIn(z: number, x: number, y: number, others: number): { entries: Uint32Array; thinned: boolean } {
    const { above } = this.thinning;
    if (z >= this.grid.maxZoom || y < 0 || y >= 2 ** z) return { entries: this.entriesIn(z, x, y), thinned: false };
    const { box, square } = this.boxOf(z, x, y);
    const level = this.levels.inBox(z, this.xs, this.ys, box, square);
    if (level) {
      let count = level.inSquare + others;
      // The buffer around the square: its cells lie partly outside the tile, so it is counted whole.
      if (count <= above) count += this.countInBuffer(box, square);
      if (count > above) return { entries: level.entries, thinned: true };
      return { entries: this.entriesIn(z, x, y), thinned: false };
    }
    const all = this.entriesIn(z, x, y);
    if (all.length + others <= above) return { entries: all, thinned: false };
    // The whole cells around the tile: the first of a cell its buffer meets may lie outside it.
    const size = this.levels.cellSize(z);
    const around = this.entriesInBox([square[0] - size, square[1] - size, square[2] + size, square[3] + size]);
    return { entries: firstsInBox(this.xs, this.ys, around, size, box), thinned: true };
  }

  /**
   * Tile z/x/y's box as geojson-vt clips it (index.js splitTile: its square and buffer; exact in
   * floating point, sums of powers of two) and its square, each as [minX, minY, maxX, maxY].
   */
  private boxOf(z: number, x: number, y: number): { box: [number, number, number, number]; square: [number, number, number, number] } {
    const z2 = 2 ** z;
    const size = this.world / z2;
    const buffer = (this.grid.buffer * this.world) / (z2 * this.grid.extent);
    const sqMinX = (x / z2 - ORIGIN) * this.world;
    const sqMinY = (y / z2 - ORIGIN) * this.world;
    return {
      box: [sqMinX - buffer, sqMinY - buffer, sqMinX + size + buffer, sqMinY + size + buffer],
      square: [sqMinX, sqMinY, sqMinX + size, sqMinY + size],
    };
  }

  /** The entries in a box but outside its square: its four sides, each half-open as the box is. */
  private countInBuffer(box: readonly number[], square: readonly number[]): number {
    const [minX, minY, maxX, maxY] = box as [number, number, number, number];
    const [sqMinX, sqMinY, sqMaxX, sqMaxY] = square as [number, number, number, number];
    const countIn = (x0: number, y0: number, x1: number, y1: number) =>
      this.tree.range(x0, y0, x1, y1, (i) => within(this.xs[i]!, this.ys[i]!, x0, y0, x1, y1)).length;
    return (
      countIn(minX, minY, sqMinX, maxY) + countIn(sqMaxX, minY, maxX, maxY) + countIn(sqMinX, minY, sqMaxX, sqMinY) + countIn(sqMinX, sqMaxY, sqMaxX, maxY)
    );
  }

  /** About what share of the entries a box holds, were they spread evenly over their bounds. */
  private shareOf(minX: number, minY: number, maxX: number, maxY: number): number {
    const { bounds } = this;
    const across = (lo: number, hi: number, from: number, to: number) =>
      to > from ? Math.max(0, Math.min(hi, to) - Math.max(lo, from)) / (to - from) : lo <= from && from <= hi ? 1 : 0;
    return across(minX, maxX, bounds.minX, bounds.maxX) * across(minY, maxY, bounds.minY, bounds.maxY);
  }

  /** Where an entry lies across a tile, in its units: `z2` is 2^zoom, `x` the tile's (geojson-vt's tile.js `project`). */
  tileX(entry: number, z2: number, x: number): number {
    return Math.round(this.grid.extent * ((this.xs[entry]! / this.world + ORIGIN) * z2 - x));
  }

  /** Where an entry lies down a tile, in its units: `z2` is 2^zoom, `y` the tile's. */
  tileY(entry: number, z2: number, y: number): number {
    return Math.round(this.grid.extent * ((this.ys[entry]! / this.world + ORIGIN) * z2 - y));
  }

  /** An entry's point's MVT id, or undefined when it has none. */
  id(entry: number): number | undefined {
    const id = this.ids.at(this.pointAt(entry));
    return id < 0 ? undefined : id;
  }

  /** An entry's point's properties. */
  properties(entry: number): GeoJsonProperties {
    return this.tags.at(this.pointAt(entry));
  }

  /**
   * Where an entry comes in geojson-vt's order of a tile's features, given the file's number of
   * features: the copies moved east first, then the features, then the copies moved west, each in
   * file order (a feature at `place` of the file comes at `features + place`).
   */
  order(entry: number, features: number): number {
    const place = this.places.at(this.pointAt(entry));
    return (entry < this.firstPoint ? 0 : entry < this.firstWestCopy ? 1 : 2) * features + place;
  }
}

/** Entries of the index as they are gathered: where each lies, and its point (most often its own row). */
class Entries {
  private readonly x = new GrowingArray(Float64Array);
  private readonly y = new GrowingArray(Float64Array);
  readonly pointOf = new ImpliedColumn(Uint32Array, (row) => row);

  push(x: number, y: number, point: number): void {
    this.x.push(x);
    this.y.push(y);
    this.pointOf.push(point);
  }

  finish(): { xs: Float64Array; ys: Float64Array; pointOf: ImpliedColumn } {
    return { xs: this.x.finish() as Float64Array, ys: this.y.finish() as Float64Array, pointOf: this.pointOf.finish() };
  }
}

/** Gathers the point features of a file as they are read, for a PointIndex. */
export class PointIndexBuilder {
  private readonly world: number;
  /** The zoom-0 buffer, in storage units. */
  private readonly buffer: number;
  private readonly eastCopies = new Entries();
  private readonly points = new Entries();
  private readonly westCopies = new Entries();
  /** A point's place is implied while every feature is a point, its id while it is its place plus one (`tiledFeature`). */
  private readonly places = new ImpliedColumn(Uint32Array, (point) => point);
  private readonly ids = new ImpliedColumn(Float64Array, (point) => this.places.at(point) + 1);
  private readonly tags = new PropertyStore();

  private readonly grid: TileGrid;
  private readonly thinning: Thinning;

  constructor(grid: TileGrid, thinning: Thinning) {
    this.grid = grid;
    this.thinning = thinning;
    this.world = grid.extent * 2 ** grid.maxZoom;
    this.buffer = (grid.buffer * this.world) / grid.extent;
  }

  /**
   * Takes a Point feature whose id is one a tile carries (a non-negative integer, or none) at its
   * place among the file's features; false for any other feature, which the caller tiles otherwise.
   */
  add(feature: Feature, place: number): boolean {
    const { geometry, id } = feature;
    // A malformed point (no geometry, coordinates not an array) goes to geojson-vt, which skips it, as before.
    if (
      geometry?.type !== 'Point' ||
      !Array.isArray(geometry.coordinates) ||
      (id !== undefined && !(typeof id === 'number' && Number.isSafeInteger(id) && id >= 0))
    )
      return false;
    const [lng, lat] = geometry.coordinates as unknown[];
    if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) return false;
    // geojson-vt's projection (convert.js projectX and projectY), to the same floats.
    const S = this.world;
    const x = (lng / 360 + 0.5 - ORIGIN) * S;
    const sin = Math.sin((lat * Math.PI) / 180);
    const y2 = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
    const y = ((y2 < 0 ? 0 : y2 > 1 ? 1 : y2) - ORIGIN) * S;
    // The world's copies (wrap.js): [w0, w1) is the world, each copy with the zoom-0 buffer.
    const w0 = -ORIGIN * S;
    const w1 = (1 - ORIGIN) * S;
    const b = this.buffer;
    const east = x >= w0 - S - b && x < w0 + b;
    const inWorld = x >= w0 - b && x < w1 + b;
    const west = x >= w1 - b && x < w1 + S + b;
    if (!east && !inWorld && !west) return false;
    const point = this.places.length;
    this.places.push(place);
    this.ids.push(id ?? -1);
    this.tags.push(feature.properties);
    // A point past the world's edge but within a copy of it has no entry of its own, as in geojson-vt.
    if (east) this.eastCopies.push(x + S, y, point);
    if (inWorld) this.points.push(x, y, point);
    if (west) this.westCopies.push(x - S, y, point);
    return true;
  }

  finish(): PointIndex {
    return new PointIndex(this.grid, this.thinning, [this.eastCopies, this.points, this.westCopies], {
      places: this.places.finish(),
      ids: this.ids.finish(),
      tags: this.tags.finish(),
    });
  }
}
