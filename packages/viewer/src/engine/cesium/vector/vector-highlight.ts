import { Cartesian3, Color, ColorGeometryInstanceAttribute, PointPrimitiveCollection } from 'cesium';
import { type DrawnBatches, pointColor } from './drawn-batches.js';
import type { VectorPicks } from './vector-picks.js';

const HIGHLIGHT = Color.YELLOW;
/** A selected point's size (px), over the layer. */
const SELECTED_SIZE = 10;

/** A built primitive of a batch's lines or polygons, whose instances' colour and show can be set. */
export type BuiltShape = { getGeometryInstanceAttributes(id: unknown): { color: Uint8Array; show: Uint8Array } | undefined; ready: boolean };

/**
 * The selected features of a batched layer, in the highlight colour: their markers and lines or
 * polygons recoloured (the colours before kept to undo it), and their points drawn again over
 * everything (`selection`), since in a dense layer their neighbours would cover them.
 */
export class VectorHighlight {
  readonly selection = new PointPrimitiveCollection();
  private highlighted: number[] = [];
  private readonly savedColors = new Map<string, Uint8Array>();

  constructor(
    private readonly batches: DrawnBatches,
    private readonly picks: VectorPicks,
    private readonly shapes: readonly BuiltShape[],
  ) {}

  /** Draws these features in the highlight colour, and the ones highlighted before as they were. */
  set(indices: number[]): void {
    for (const i of this.highlighted) this.paint(i, undefined);
    this.selection.removeAll();
    this.highlighted = indices;
    for (const i of indices) this.paint(i, HIGHLIGHT);
  }

  /** A batch is drawn (again, after a restyle): its features that are selected are highlighted. */
  drawn(start: number, count: number): void {
    for (const i of this.highlighted) if (i >= start && i < start + count) this.paint(i, HIGHLIGHT);
  }

  /** The layer's features are cleared to be drawn again: the selection stays, to be painted as they come. */
  clear(): void {
    this.savedColors.clear();
    this.selection.removeAll();
  }

  /** Draws a selected point over the layer. */
  private select(index: number, positions: Float64Array, at: number, color: Color): void {
    this.selection.add({
      position: new Cartesian3(positions[at * 3], positions[at * 3 + 1], positions[at * 3 + 2]),
      color,
      pixelSize: SELECTED_SIZE,
      outlineColor: Color.BLACK,
      outlineWidth: 1,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
      id: this.picks.pick(index),
    });
  }

  private paint(index: number, color: Color | undefined): void {
    for (const { batch, at } of this.batches.pointsOf(index)) {
      // A batch being drawn is painted when it ends.
      if (!batch.ended) continue;
      const marker = batch.markers[at];
      // Points drawn together are not recoloured: the selection is drawn over them.
      if (batch.together) {
        if (color && batch.together.shows(at)) this.select(index, batch.positions, at, color);
        continue;
      }
      // A clustered layer's points have no markers of their own.
      if (!marker) continue;
      marker.color = color ?? pointColor(batch, at);
      if (color && marker.show) this.select(index, batch.positions, at, color);
    }
    const picks = this.picks.of(index);
    this.shapes.forEach((shape, n) =>
      picks.forEach((pick, part) => {
        const attributes = shape.ready ? shape.getGeometryInstanceAttributes(pick) : undefined;
        if (!attributes) return;
        const key = `${n}:${index}:${part}`;
        const saved = this.savedColors.get(key);
        if (color) {
          if (!saved) this.savedColors.set(key, Uint8Array.from(attributes.color));
          attributes.color = ColorGeometryInstanceAttribute.toValue(color.withAlpha(Math.max(0.8, attributes.color[3]! / 255)));
        } else if (saved) {
          attributes.color = saved;
          this.savedColors.delete(key);
        }
      }),
    );
  }
}
