import { type Cartesian3, Color } from 'cesium';
import { batchAt } from '../../vector/batch-at.js';

/** A marker drawn for a point: a point primitive or a billboard, whose colour a highlight changes. */
export interface Marker {
  color: Color;
  show: boolean;
  position: Cartesian3;
}

/** A batch's points drawn together (TimedPoints): what DrawnBatches and the highlight ask of them. */
export interface DrawnTogether {
  /** Whether the model is built and drawn. */
  readonly ready: boolean;
  /** Whether the point at `at` (its place in the batch's columns) shows now: its appearance and the clock. */
  shows(at: number): boolean;
}

/** A CesiumJS primitive of a batch's lines and polygons, and the features it holds (in order). */
export interface ShapePrimitive {
  primitive: { ready: boolean };
  features: Uint32Array;
}

/** A batch on the page: its features, its points' columns and markers, its shapes' primitives. */
export interface DrawnBatch {
  start: number;
  count: number;
  /** The feature index of each point, in order. */
  feature: Uint32Array;
  /** RGBA bytes per point (a highlight's undoing). */
  color: Uint8Array;
  /** Each point's marker, once added (a batch's points are added over several slices); none when they are drawn together. */
  markers: (Marker | undefined)[];
  /** A time-dynamic batch's points drawn together on the GPU (TimedPoints), without markers. */
  together?: DrawnTogether;
  /** Cartesian x, y, z per point (where the selection draws a selected point). */
  positions: Float64Array;
  /** Whether every point is added, and the shapes. */
  ended: boolean;
  /** The features that have lines or polygons (in order). */
  shapeFeatures: Uint32Array;
  /** Of those, the ones with a line or polygon the appearance shows (in order). */
  shownShapeFeatures: Uint32Array;
  /** Once the batch ended: its shapes' primitives, which CesiumJS builds over the next frames. */
  shapes: ShapePrimitive[];
}

/** A drawn point's colour as its appearance resolved it (four bytes a point in the batch). */
export function pointColor(batch: DrawnBatch, at: number): Color {
  const c = batch.color;
  return Color.fromBytes(c[at * 4], c[at * 4 + 1], c[at * 4 + 2], c[at * 4 + 3]);
}

/** The first place in `sorted` whose value is not below `value`. */
export function lowerBound(sorted: Uint32Array, value: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (sorted[mid]! < value) a = mid + 1;
    else b = mid;
  }
  return a;
}

const holds = (sorted: Uint32Array, value: number) => sorted[lowerBound(sorted, value)] === value;

/**
 * The batches of a batched layer as drawn so far, by feature index: where a feature's points are,
 * and whether the feature is drawn, which is when a box selection counts it (docs/viewer.md,
 * "Large layers").
 */
export class DrawnBatches {
  private readonly list: DrawnBatch[] = [];

  add(batch: DrawnBatch): void {
    this.list.push(batch);
  }

  clear(): void {
    this.list.length = 0;
  }

  /** Each point of a feature: its batch and its place in the batch's columns. */
  *pointsOf(index: number): Generator<{ batch: DrawnBatch; at: number }> {
    const batch = batchAt(this.list, index);
    if (!batch) return;
    const { feature } = batch;
    for (let at = lowerBound(feature, index); at < feature.length && feature[at] === index; at++) yield { batch, at };
  }

  /** The primitives that hold a line or polygon of a feature (once its batch ended), and whether its appearance shows any of them. */
  shapesOf(index: number): { primitives: ShapePrimitive[]; shown: boolean } {
    const batch = batchAt(this.list, index);
    if (!batch || index >= batch.start + batch.count) return { primitives: [], shown: false };
    return { primitives: batch.shapes.filter((s) => holds(s.features, index)), shown: holds(batch.shownShapeFeatures, index) };
  }

  /**
   * Whether the feature shows: every point of it added and not every one hidden by its
   * appearance, not every line and polygon of it hidden (when it has no point shown), and every
   * primitive that holds a line or polygon of it added and built.
   */
  drawn(index: number): boolean {
    const batch = batchAt(this.list, index);
    if (!batch || index >= batch.start + batch.count) return false;
    let points = 0;
    let shown = 0;
    const { together } = batch;
    for (const { at } of this.pointsOf(index)) {
      if (together) {
        if (!together.ready) return false;
        points++;
        if (together.shows(at)) shown++;
        continue;
      }
      const marker = batch.markers[at];
      if (!marker) return false;
      points++;
      if (marker.show) shown++;
    }
    if (points > 0 && shown === 0) return false;
    // A feature whose every line and polygon the appearance hides shows only through its points.
    if (shown === 0 && holds(batch.shapeFeatures, index) && !holds(batch.shownShapeFeatures, index)) return false;
    if (!batch.ended) return !holds(batch.shapeFeatures, index);
    return batch.shapes.every((s) => s.primitive.ready || !holds(s.features, index));
  }
}
