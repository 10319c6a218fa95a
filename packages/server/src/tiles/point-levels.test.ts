import { describe, expect, it } from 'vitest';
import { PointLevels, firstsInBox } from './point-levels.js';

const MAX_ZOOM = 14;
const WORLD = 4096 * 2 ** MAX_ZOOM;
const CELLS = 128;

/** A repeatable stream of numbers in [0, 1) (a linear congruential generator). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Entries in storage space: most in a small dense patch, some spread over the world and past its
 * edges (where the antimeridian's copies lie), some on cell edges.
 */
function entries(n: number): { xs: Float64Array; ys: Float64Array } {
  const next = numbers(42);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const kind = i % 10;
    if (kind < 7) {
      xs[i] = 0.3 * WORLD + next() * WORLD * 2 ** -9;
      ys[i] = -0.1 * WORLD + next() * WORLD * 2 ** -9;
    } else if (kind < 9) {
      xs[i] = (next() * 1.02 - 0.51) * WORLD;
      ys[i] = (next() - 0.5) * WORLD;
    } else {
      // On the edge of a cell of zoom 5, or a hair before it.
      const size = WORLD / (2 ** 5 * CELLS);
      xs[i] = Math.round(next() * 400) * size - (i % 20 === 9 ? 1e-6 : 0);
      ys[i] = Math.round(next() * 400) * size;
    }
  }
  return { xs, ys };
}

/** Each entry's shallowest zoom at which it is the first of its cell, worked out cell by cell. */
function bruteFirstAt(xs: Float64Array, ys: Float64Array): number[] {
  const firstAt = Array.from({ length: xs.length }, () => MAX_ZOOM);
  for (let z = MAX_ZOOM - 1; z >= 0; z--) {
    const size = WORLD / (2 ** z * CELLS);
    const seen = new Set<string>();
    for (let i = 0; i < xs.length; i++) {
      const cell = `${Math.floor(xs[i]! / size)}/${Math.floor(ys[i]! / size)}`;
      if (!seen.has(cell)) firstAt[i] = z;
      seen.add(cell);
    }
  }
  return firstAt;
}

/** Tile z/x/y's box (its square and an 8-unit buffer) and its square, in storage units. */
function tileBox(z: number, x: number, y: number): { box: [number, number, number, number]; square: [number, number, number, number] } {
  const size = WORLD / 2 ** z;
  const buffer = (8 * WORLD) / (2 ** z * 4096);
  const [sx, sy] = [(x / 2 ** z - 0.5) * WORLD, (y / 2 ** z - 0.5) * WORLD];
  return { box: [sx - buffer, sy - buffer, sx + size + buffer, sy + size + buffer], square: [sx, sy, sx + size, sy + size] };
}

// The dense patch's tiles, one beside it, and the world's.
const TILES = [
  [0, 0, 0],
  [3, 6, 3],
  [5, 25, 12],
  [5, 26, 12],
  [6, 51, 25],
  [9, 409, 204],
  [9, 410, 205],
  [12, 3276, 1638],
] as const;

describe('PointLevels (docs/viewer.md "Pyramids")', () => {
  const { xs, ys } = entries(20_000);
  // Tiles above 1,000 entries count as crowded: the shallow zooms keep levels.
  const levels = new PointLevels(xs, ys, WORLD, MAX_ZOOM, { above: 500, cells: CELLS });
  const firstAt = bruteFirstAt(xs, ys);
  const all = Array.from({ length: xs.length }, (_, i) => i);
  const within = (i: number, [x0, y0, x1, y1]: readonly number[]) => xs[i]! >= x0! && xs[i]! < x1! && ys[i]! >= y0! && ys[i]! < y1!;

  it("finds a tile's firsts of the cells of its zoom among the entries of the whole cells around it", () => {
    for (let z = 0; z < MAX_ZOOM; z++) expect(firstAt.filter((at) => at <= z).length, `zoom ${z} thins`).toBeLessThan(xs.length);
    let shown = 0;
    for (const [z, x, y] of TILES) {
      const { box, square } = tileBox(z, x, y);
      const size = levels.cellSize(z);
      const around = Uint32Array.from(all.filter((i) => within(i, [square[0] - size, square[1] - size, square[2] + size, square[3] + size])));
      const firsts = [...firstsInBox(xs, ys, around, size, box)];
      expect(firsts, `tile ${z}/${x}/${y}`).toEqual(all.filter((i) => firstAt[i]! <= z && within(i, box)));
      shown += firsts.length;
    }
    expect(shown).toBeGreaterThan(1000);
  });

  it("reads a crowded zoom's entries in a tile from its level alone, with the count of every entry in the tile's square", () => {
    let read = 0;
    for (const [z, x, y] of TILES) {
      const { box, square } = tileBox(z, x, y);
      const found = levels.inBox(z, xs, ys, box, square);
      if (!found) continue;
      read += found.entries.length;
      expect([...found.entries], `tile ${z}/${x}/${y}`).toEqual(all.filter((i) => firstAt[i]! <= z && within(i, box)));
      expect(found.inSquare, `tile ${z}/${x}/${y}`).toBe(all.filter((i) => within(i, square)).length);
    }
    expect(read).toBeGreaterThan(1000);
    // A zoom whose tiles are not crowded keeps no level: its tiles find their firsts themselves.
    expect(levels.inBox(MAX_ZOOM - 1, xs, ys, [0, 0, 1, 1], [0, 0, 1, 1])).toBeUndefined();
  });
});
