// Runs in the tile worker (see tile-maker.ts): no imports of this package's own files.
import KDBush from 'kdbush';

/**
 * A k-d tree (kdbush) over points in storage space whose coordinates it keeps as 32-bit floats,
 * 12 bytes a point rather than 20 (docs/viewer.md "Memory"): it only finds the candidates of a box,
 * the box widened by more than a float's rounding, and the caller keeps those that lie in the box
 * by their exact 64-bit places. Storage space spans at most 1.5 worlds from its middle (the
 * antimeridian's copies), below 2^27 units, where a 32-bit float is off by at most 4 units: the
 * tree's places never decide what a tile holds, so nothing is lost.
 */
export class PointTree {
  private readonly tree: KDBush;
  private readonly margin: number;

  /** `world`: the world's width in storage units. */
  constructor(size: number, world: number) {
    this.tree = new KDBush(size, 64, Float32Array);
    this.margin = world / 2 ** 22;
  }

  add(x: number, y: number): void {
    this.tree.add(x, y);
  }

  finish(): this {
    this.tree.finish();
    return this;
  }

  /**
   * The points of the box [minX, maxX) × [minY, maxY) as `inBox` (given a point's number, in the
   * order added) tells from its exact place, in no order.
   */
  range(minX: number, minY: number, maxX: number, maxY: number, inBox: (point: number) => boolean): number[] {
    const m = this.margin;
    return this.tree.range(minX - m, minY - m, maxX + m, maxY + m).filter(inBox);
  }

  /** The bytes it keeps. */
  get byteLength(): number {
    return this.tree.data.byteLength;
  }
}

/** Whether x, y lies in the box [minX, maxX) × [minY, maxY). */
export function within(x: number, y: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
  return x >= minX && x < maxX && y >= minY && y < maxY;
}
