// Runs in the tile worker (see tile-maker.ts): no imports of this package's own files.
import { PointTree, within } from './point-tree.ts';

/** How dense tiles are thinned: above `above` points, one point per cell of `cells` × `cells` a tile. */
export interface Thinning {
  above: number;
  cells: number;
}

/** One thinned level: its entries (ascending), how many entries each one's cell holds, and a tree over them. */
interface Level {
  entries: Uint32Array;
  weights: Uint32Array;
  tree: PointTree;
}

/**
 * The pyramid of a PointIndex (docs/viewer.md "Tiles", "Pyramids"): a thinned tile of zoom z shows
 * the entries that are the first (in the index's order, which is the file's) of their cell of z's
 * grid, the grid running on from tile to tile (`thinning.cells` cells a tile side, in storage units:
 * a power-of-two division, exact, so a cell never straddles a tile's edge). For the zooms whose
 * tiles can hold many times more points than a thinned tile shows, those entries are found once,
 * as the file is indexed, from the deepest such zoom up (the first of a cell is the first of the
 * smaller cell it lies in, so each zoom reads only the entries the next one kept), and a zoom whose
 * level holds at most half the entries keeps them in a k-d tree with each cell's count: a dense
 * shallow tile reads its level's points alone. Other tiles find their cells' firsts among their
 * own points (`firstsInBox`).
 */
export class PointLevels {
  private readonly levels: (Level | undefined)[] = [];
  private readonly world: number;
  private readonly cells: number;

  constructor(xs: Float64Array, ys: Float64Array, world: number, maxZoom: number, thinning: Thinning) {
    this.world = world;
    this.cells = thinning.cells;
    const n = xs.length;
    const bounds = boundsOf(xs, ys);
    const deepest = n > 2 * thinning.above ? deepestCrowded(xs, ys, bounds, world, maxZoom, 2 * thinning.above) : -1;
    if (deepest < 0) return;
    // The deepest zoom reads every entry, each of weight 1, without arrays that say so.
    let entries: Uint32Array | undefined;
    let weights: Uint32Array | undefined;
    for (let z = deepest; z >= 0; z--) {
      ({ entries, weights } = firstOfCells(xs, ys, bounds, { entries, weights, n }, this.cellSize(z)));
      if (entries.length * 2 > n) continue;
      const tree = new PointTree(entries.length, world);
      for (const entry of entries) tree.add(xs[entry]!, ys[entry]!);
      this.levels[z] = { entries, weights, tree: tree.finish() };
    }
  }

  /** The bytes its levels keep. */
  get byteLength(): number {
    return this.levels.reduce((sum, level) => sum + (level ? level.entries.byteLength + level.weights.byteLength + level.tree.byteLength : 0), 0);
  }

  /** The side of a cell of zoom z's grid, in storage units. */
  cellSize(z: number): number {
    return this.world / (2 ** z * this.cells);
  }

  /**
   * Zoom z's entries in the box [minX, maxX) × [minY, maxY) (ascending), and how many entries of
   * the index the cells of those lying in [sqMinX, sqMaxX) × [sqMinY, sqMaxY) hold together (a
   * square whose sides are on cell edges: the count of the whole index in it); undefined when the
   * zoom keeps no tree.
   */
  inBox(
    z: number,
    xs: Float64Array,
    ys: Float64Array,
    box: readonly [number, number, number, number],
    square: readonly [number, number, number, number],
  ): { entries: Uint32Array; inSquare: number } | undefined {
    const level = this.levels[z];
    if (!level) return undefined;
    const [minX, minY, maxX, maxY] = box;
    const [sqMinX, sqMinY, sqMaxX, sqMaxY] = square;
    let inSquare = 0;
    const found: number[] = [];
    const inBox = (k: number) => within(xs[level.entries[k]!]!, ys[level.entries[k]!]!, minX, minY, maxX, maxY);
    for (const k of level.tree.range(minX, minY, maxX, maxY, inBox)) {
      const entry = level.entries[k]!;
      found.push(entry);
      if (within(xs[entry]!, ys[entry]!, sqMinX, sqMinY, sqMaxX, sqMaxY)) inSquare += level.weights[k]!;
    }
    return { entries: Uint32Array.from(found).sort(), inSquare };
  }
}

/**
 * Of `entries` (ascending), those first of their cell of `size` units that lie in the box
 * [minX, maxX) × [minY, maxY), ascending; `entries` must hold every entry of the cells that meet
 * the box. The cells are few (a tile's), so a flat grid of them stands for a table.
 */
export function firstsInBox(xs: Float64Array, ys: Float64Array, entries: Uint32Array, size: number, box: readonly number[]): Uint32Array {
  const [minX, minY, maxX, maxY] = box as [number, number, number, number];
  const col0 = Math.floor(minX / size);
  const row0 = Math.floor(minY / size);
  const cols = Math.floor(maxX / size) - col0 + 1;
  const rows = Math.floor(maxY / size) - row0 + 1;
  const taken = new Uint8Array(cols * rows);
  const out: number[] = [];
  for (const entry of entries) {
    const px = xs[entry]!;
    const py = ys[entry]!;
    const col = Math.floor(px / size) - col0;
    const row = Math.floor(py / size) - row0;
    if (col < 0 || row < 0 || col >= cols || row >= rows || taken[row * cols + col]) continue;
    taken[row * cols + col] = 1;
    if (px >= minX && px < maxX && py >= minY && py < maxY) out.push(entry);
  }
  return Uint32Array.from(out);
}

/** A box as [minX, minY, maxX, maxY]. */
type Bounds = readonly [number, number, number, number];

/** The box around the entries, their edges included. */
function boundsOf(xs: Float64Array, ys: Float64Array): Bounds {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/**
 * The squares of `size` units (of the grid from the origin) that `bounds` meets: the first's
 * column and row, and how many columns and rows.
 */
function gridOver(bounds: Bounds, size: number): { col0: number; row0: number; cols: number; rows: number } {
  const col0 = Math.floor(bounds[0] / size);
  const row0 = Math.floor(bounds[1] / size);
  return { col0, row0, cols: Math.floor(bounds[2] / size) - col0 + 1, rows: Math.floor(bounds[3] / size) - row0 + 1 };
}

/**
 * The deepest zoom below `maxZoom` with a tile whose square holds more than `crowded` entries
 * (-1 for none): the shallower a zoom, the more its tiles hold, so the count stops at the first
 * zoom without one.
 */
function deepestCrowded(xs: Float64Array, ys: Float64Array, bounds: Bounds, world: number, maxZoom: number, crowded: number): number {
  let deepest = -1;
  for (let z = 0; z < maxZoom && mostInATile(xs, ys, bounds, world / 2 ** z) > crowded; z++) deepest = z;
  return deepest;
}

/**
 * The most entries a square of `size` units of the grid from the origin holds: counted on a flat
 * grid of the squares the entries' bounds meet, or, when those are far more than the entries, in
 * a Map of the squares that hold any.
 */
function mostInATile(xs: Float64Array, ys: Float64Array, bounds: Bounds, size: number): number {
  const n = xs.length;
  const { col0, row0, cols, rows } = gridOver(bounds, size);
  let most = 0;
  if (cols * rows <= 4 * n) {
    const counts = new Uint32Array(cols * rows);
    for (let i = 0; i < n; i++) {
      const k = (Math.floor(ys[i]! / size) - row0) * cols + Math.floor(xs[i]! / size) - col0;
      most = Math.max(most, ++counts[k]!);
    }
    return most;
  }
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = (Math.floor(ys[i]! / size) - row0) * cols + Math.floor(xs[i]! / size) - col0;
    const count = (counts.get(k) ?? 0) + 1;
    counts.set(k, count);
    most = Math.max(most, count);
  }
  return most;
}

/**
 * The first of `entries` (ascending; undefined: all `n` entries) in each cell of `size` storage
 * units, with the summed weights (undefined: 1 each) of the entries of its cell: on a flat grid of the cells `bounds` meets when they are not far more
 * than the entries, else in an open-addressing table of the cells' columns and rows (a Map of
 * millions of keys past the small integers costs several times the time and memory).
 */
function firstOfCells(
  xs: Float64Array,
  ys: Float64Array,
  bounds: Bounds,
  given: { entries: Uint32Array | undefined; weights: Uint32Array | undefined; n: number },
  size: number,
): { entries: Uint32Array; weights: Uint32Array } {
  const { entries, weights } = given;
  const length = entries ? entries.length : given.n;
  const { col0, row0, cols, rows } = gridOver(bounds, size);
  const flat = cols * rows <= 4 * length;
  const bits = Math.ceil(Math.log2(length * 2 + 2));
  const slots = flat ? cols * rows : 2 ** bits;
  const mask = slots - 1;
  // Each slot's place in the result plus one (0: empty); in the table, the cell it holds.
  const taken = new Int32Array(slots);
  const cellCols = flat ? undefined : new Int32Array(slots);
  const cellRows = flat ? undefined : new Int32Array(slots);
  // No more firsts than cells.
  const firsts = new Uint32Array(Math.min(length, slots));
  const sums = new Uint32Array(firsts.length);
  let count = 0;
  for (let k = 0; k < length; k++) {
    const entry = entries ? entries[k]! : k;
    const col = Math.floor(xs[entry]! / size);
    const row = Math.floor(ys[entry]! / size);
    let slot: number;
    if (flat) slot = (row - row0) * cols + col - col0;
    else {
      // Fibonacci hashing: the product's high bits.
      slot = Math.imul(Math.imul(col, 0x9e3779b1) ^ row, 0x85ebca77) >>> (32 - bits);
      while (taken[slot] !== 0 && (cellCols![slot] !== col || cellRows![slot] !== row)) slot = (slot + 1) & mask;
      cellCols![slot] = col;
      cellRows![slot] = row;
    }
    if (taken[slot] === 0) {
      taken[slot] = ++count;
      firsts[count - 1] = entry;
    }
    sums[taken[slot]! - 1]! += weights ? weights[k]! : 1;
  }
  return { entries: firsts.slice(0, count), weights: sums.slice(0, count) };
}
