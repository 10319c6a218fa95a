import { VectorPick } from './vector-primitives.js';

/**
 * A batched layer's picks, one per feature and one more per further instance of a kind (a
 * MultiPolygon's parts, a cut outline's lines): a primitive finds only the first instance of an
 * id, so each part has its own, naming the same feature. Made once, as a feature is first drawn.
 */
export class VectorPicks {
  private readonly first: VectorPick[] = [];
  private readonly parts = new Map<number, VectorPick[]>();

  constructor(
    /** What a pick names as its owner: the layer, or a tile layer for its tiles. */
    private readonly owner: object,
    /** Added to the index a pick names (a tile's first feature in its tile layer). */
    private readonly base = 0,
  ) {}

  /** Feature `index`'s pick (of its points and its first part). */
  pick(index: number): VectorPick {
    return (this.first[index] ??= new VectorPick(this.owner, this.base + index));
  }

  /** The pick of a feature's part `part` (0: its first). */
  partPick(index: number, part: number): VectorPick {
    if (part === 0) return this.pick(index);
    const more = this.parts.get(index) ?? [];
    this.parts.set(index, more);
    return (more[part - 1] ??= new VectorPick(this.owner, this.base + index));
  }

  /** Every pick made for feature `index`, its first first; none if it was never drawn. */
  of(index: number): VectorPick[] {
    const first = this.first[index];
    return first ? [first, ...(this.parts.get(index) ?? [])] : [];
  }

  clear(): void {
    this.first.length = 0;
    this.parts.clear();
  }
}
