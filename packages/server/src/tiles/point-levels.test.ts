import { describe, expect, it } from 'vitest';
import { PointLevels } from './point-levels.js';

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

describe('PointLevels (docs/viewer.md "Pyramids")', () => {
  const { xs, ys } = entries(20_000);
  const levels = new PointLevels(xs, ys, WORLD, MAX_ZOOM, CELLS);
  const firstAt = bruteFirstAt(xs, ys);

  it('finds, at every zoom, the first entry of each cell of its grid', () => {
    expect([...levels.firstAt]).toEqual(firstAt);
    // Every zoom thins something in the dense patch, and keeps every entry at the deepest.
    for (let z = 0; z < MAX_ZOOM; z++) expect(firstAt.filter((at) => at <= z).length).toBeLessThan(xs.length);
  });

  it("reads a shallow zoom's entries in a tile from its level alone, with the count of every entry in the tile's square", () => {
    let read = 0;
    for (const [z, x, y] of [
      [0, 0, 0],
      // The dense patch's tiles, and one beside it.
      [3, 6, 3],
      [5, 25, 12],
      [5, 26, 12],
      [6, 51, 25],
      [9, 409, 204],
      [9, 410, 205],
    ] as const) {
      const size = WORLD / 2 ** z;
      const buffer = (8 * WORLD) / (2 ** z * 4096);
      const [sx, sy] = [(x / 2 ** z - 0.5) * WORLD, (y / 2 ** z - 0.5) * WORLD];
      const square = [sx, sy, sx + size, sy + size] as const;
      const box = [sx - buffer, sy - buffer, sx + size + buffer, sy + size + buffer] as const;
      const within = (i: number, [x0, y0, x1, y1]: readonly number[]) => xs[i]! >= x0! && xs[i]! < x1! && ys[i]! >= y0! && ys[i]! < y1!;
      const found = levels.inBox(z, xs, ys, box, square);
      if (!found) continue;
      read += found.entries.length;
      const all = Array.from({ length: xs.length }, (_, i) => i);
      expect([...found.entries], `tile ${z}/${x}/${y}`).toEqual(all.filter((i) => firstAt[i]! <= z && within(i, box)));
      expect(found.inSquare, `tile ${z}/${x}/${y}`).toBe(all.filter((i) => within(i, square)).length);
    }
    expect(read).toBeGreaterThan(1000);
    // A zoom whose level holds most entries keeps no tree: its tiles filter the whole index's.
    expect(levels.inBox(MAX_ZOOM - 1, xs, ys, [0, 0, 1, 1], [0, 0, 1, 1])).toBeUndefined();
  });
});
