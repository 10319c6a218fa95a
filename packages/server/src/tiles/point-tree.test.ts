import { describe, expect, it } from 'vitest';
import { PointTree, within } from './point-tree.js';

const WORLD = 4096 * 2 ** 14;

describe('PointTree', () => {
  it("finds exactly a box's points by their exact places, where 32-bit floats round them most (1.5 worlds out)", () => {
    // Points a hair on either side of the box's edges, far from the middle of storage space.
    const [minX, minY, maxX, maxY] = [1.4 * WORLD, -0.49 * WORLD, 1.4 * WORLD + 4096, -0.49 * WORLD + 4096];
    const xs: number[] = [];
    const ys: number[] = [];
    for (const x of [minX, maxX]) {
      for (const dx of [-1, -0.3, -1e-6, 0, 1e-6, 0.3, 1]) {
        for (const y of [minY, maxY, (minY + maxY) / 2]) {
          for (const dy of [-0.5, -1e-6, 0, 1e-6, 0.5]) {
            xs.push(x + dx);
            ys.push(y + dy);
          }
        }
      }
    }
    const tree = new PointTree(xs.length, WORLD);
    for (let i = 0; i < xs.length; i++) tree.add(xs[i]!, ys[i]!);
    tree.finish();
    // Rounded to 32-bit floats, some points move across the box's edges.
    expect(xs.some((x, i) => within(Math.fround(x), Math.fround(ys[i]!), minX, minY, maxX, maxY) !== within(x, ys[i]!, minX, minY, maxX, maxY))).toBe(true);
    const found = tree.range(minX, minY, maxX, maxY, (i) => within(xs[i]!, ys[i]!, minX, minY, maxX, maxY)).sort((a, b) => a - b);
    const expected = xs.flatMap((x, i) => (within(x, ys[i]!, minX, minY, maxX, maxY) ? [i] : []));
    expect(expected.length).toBeGreaterThan(0);
    expect(found).toEqual(expected);
    expect(tree.byteLength).toBeLessThan(xs.length * 12 + 1024);
  });
});
