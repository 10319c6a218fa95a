// Runs in the tile worker (see tile-maker.ts): no imports of this package's own files.
import KDBush from 'kdbush';

/** How dense tiles are thinned: above `above` points, one point per cell of `cells` × `cells` a tile. */
export interface Thinning {
  above: number;
  cells: number;
}

/** One thinned level: its entries (ascending), how many entries each one's cell holds, and a tree over them. */
interface Level {
  entries: Uint32Array;
  weights: Uint32Array;
  tree: KDBush;
}

/**
 * The pyramid of a PointIndex (docs/viewer.md "Tiles", "Pyramids"): for each zoom below the deepest,
 * the entries that are the first (in the index's order, which is the file's) of their cell of that
 * zoom's grid, the grid running on from tile to tile (`thinning.cells` cells a tile side, in
 * storage units: a power-of-two division, exact, so a cell never straddles a tile's edge). Built
 * once, from the deepest zoom up: the first of a cell is the first of the smaller cell it lies in,
 * so each zoom's entries are among the next one's, and a point a tile shows is shown by a tile
 * of every deeper zoom over it. A zoom whose level holds at most half the entries keeps them in a
 * k-d tree with each cell's count, so that a dense shallow tile reads its level's points alone.
 */
export class PointLevels {
  /** Each entry's shallowest zoom at which it is the first of its cell (`maxZoom` for none). */
  readonly firstAt: Uint8Array;
  private readonly levels: (Level | undefined)[] = [];

  constructor(xs: Float64Array, ys: Float64Array, world: number, maxZoom: number, cells: number) {
    const n = xs.length;
    this.firstAt = new Uint8Array(n).fill(maxZoom);
    let entries = new Uint32Array(n);
    for (let i = 0; i < n; i++) entries[i] = i;
    let weights = new Uint32Array(n).fill(1);
    for (let z = maxZoom - 1; z >= 0; z--) {
      ({ entries, weights } = firstOfCells(xs, ys, entries, weights, world / (2 ** z * cells)));
      for (const entry of entries) this.firstAt[entry] = z;
      if (entries.length * 2 > n) continue;
      const tree = new KDBush(entries.length);
      for (const entry of entries) tree.add(xs[entry]!, ys[entry]!);
      tree.finish();
      this.levels[z] = { entries, weights, tree };
    }
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
    for (const k of level.tree.range(minX, minY, maxX, maxY)) {
      const entry = level.entries[k]!;
      const px = xs[entry]!;
      const py = ys[entry]!;
      if (px >= maxX || py >= maxY) continue;
      found.push(entry);
      if (px >= sqMinX && px < sqMaxX && py >= sqMinY && py < sqMaxY) inSquare += level.weights[k]!;
    }
    return { entries: Uint32Array.from(found).sort(), inSquare };
  }
}

/**
 * The first of `entries` (ascending) in each cell of `size` storage units, with the summed weights
 * of the entries of its cell, in an open-addressing table of the cells' columns and rows: a Map of
 * millions of keys past the small integers costs several times the time and memory.
 */
function firstOfCells(
  xs: Float64Array,
  ys: Float64Array,
  entries: Uint32Array,
  weights: Uint32Array,
  size: number,
): { entries: Uint32Array; weights: Uint32Array } {
  const bits = Math.ceil(Math.log2(entries.length * 2 + 2));
  const slots = 2 ** bits;
  const mask = slots - 1;
  const cols = new Int32Array(slots);
  const rows = new Int32Array(slots);
  // Each slot's place in the result plus one (0: empty).
  const taken = new Int32Array(slots);
  const firsts = new Uint32Array(entries.length);
  const sums = new Uint32Array(entries.length);
  let count = 0;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    const col = Math.floor(xs[entry]! / size);
    const row = Math.floor(ys[entry]! / size);
    // Fibonacci hashing: the product's high bits.
    let slot = Math.imul(Math.imul(col, 0x9e3779b1) ^ row, 0x85ebca77) >>> (32 - bits);
    while (taken[slot] !== 0 && (cols[slot] !== col || rows[slot] !== row)) slot = (slot + 1) & mask;
    if (taken[slot] === 0) {
      cols[slot] = col;
      rows[slot] = row;
      taken[slot] = ++count;
      firsts[count - 1] = entry;
    }
    sums[taken[slot]! - 1]! += weights[k]!;
  }
  return { entries: firsts.slice(0, count), weights: sums.slice(0, count) };
}
