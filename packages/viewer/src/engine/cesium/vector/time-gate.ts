import { type DrawnBatch, lowerBound } from './drawn-batches.js';
import { showsAt } from '../../vector/feature-times.js';
import type { FeatureBatch } from '../../vector/vector-protocol.js';

/** A time-dynamic batch on the page: its features' intervals, which of them show now, its points' own `show`. */
interface GatedBatch {
  start: number;
  times: Float64Array;
  /** Per feature: 1 while its interval holds the time the batch was last set to. */
  shown: Uint8Array;
  /** Per point: its appearance's `show`, which time only ever narrows. */
  base: Uint8Array;
  /** Per point: the `show` its marker is added with (the batch's points are added over several frames). */
  admitted: Uint8Array;
  drawn: DrawnBatch;
  /** Its lines and polygons were not all built when their features' showing last changed: set again once they are. */
  unsettled: boolean;
  /** Frames since every point was added in which its first marker was touched (`keepStreaming`), up to WARM_FRAMES. */
  warmed: number;
  /** The features whose showing changed at a tick, reused every tick (play makes no garbage here). */
  flips: Uint32Array;
  /** Whether it has lines or polygons (a batch of points alone has none to set). */
  hasShapes: boolean;
}

/** Sets `shown` (per feature, 1 while its interval in `times` holds `now`) and writes the features that changed to `flips`; answers how many did. */
function flip(times: Float64Array, shown: Uint8Array, now: number, flips: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < shown.length; i++) {
    const shows = showsAt(times[i * 2]!, times[i * 2 + 1]!, now) ? 1 : 0;
    if (shows === shown[i]) continue;
    shown[i] = shows;
    flips[count++] = i;
  }
  return count;
}

/** Frames a batch's collections are drawn after its points are all added: the one that builds them, the one that remakes them streamed, one more to keep it so. */
const WARM_FRAMES = 3;

/**
 * Time from a property on the batched path (docs/contract.md §18 `data.time`, docs/viewer.md "Time"):
 * each feature shows while its interval holds the clock's time. Nothing is rebuilt when the time
 * moves: the features whose showing changed have their markers' `show` (and their lines' and
 * polygons' show attribute, by `showShapes`) set, and nothing else is touched.
 */
export class TimeGate {
  /** The time the features show at (ms since 1970); NaN until the clock is first read: every feature shows. */
  private now = Number.NaN;
  private readonly batches: GatedBatch[] = [];
  private warmingNow = false;

  /** Whether a batch's collections still want frames drawn to settle to writing their changed points alone (`keepStreaming`): ask for a render. */
  get warming(): boolean {
    return this.warmingNow;
  }

  constructor(private readonly showShapes: (index: number, show: boolean) => void) {}

  /** The batch as it is to be drawn at the current time: its points' and shapes' `show` narrowed by their features' intervals. */
  admit(batch: FeatureBatch): FeatureBatch {
    const times = batch.times;
    if (!times) return batch;
    const shows = (index: number) => showsAt(times[(index - batch.start) * 2]!, times[(index - batch.start) * 2 + 1]!, this.now);
    const p = batch.points;
    const show = p.show.map((s, at) => (s && shows(p.feature[at]!) ? 1 : 0));
    return { ...batch, points: { ...p, show }, shapes: batch.shapes.map((s) => (s.show && !shows(s.feature) ? { ...s, show: false } : s)) };
  }

  /** Follows a batch begun: `original` as the worker sent it, `admitted` as `admit` gave it. */
  track(original: FeatureBatch, admitted: FeatureBatch, drawn: DrawnBatch): void {
    const times = original.times;
    if (!times) return;
    const shown = new Uint8Array(original.count);
    const flips = new Uint32Array(original.count);
    // The same loop as every tick's (from nothing shown): compiled by the time play starts, so the
    // first ticks do not run it in V8's interpreter (7 ms over 100,000 features, bench/time-dynamic.js).
    flip(times, shown, this.now, flips);
    this.batches.push({
      start: original.start,
      times,
      shown,
      base: original.points.show,
      admitted: admitted.points.show,
      drawn,
      unsettled: false,
      warmed: 0,
      flips,
      hasShapes: original.shapes.length > 0,
    });
  }

  /** A batch's lines and polygons as they are to be added now (their features' showing may have changed since `admit`). */
  shapesNow(original: FeatureBatch): FeatureBatch['shapes'] {
    const b = this.batches.find((g) => g.start === original.start);
    if (!b) return original.shapes;
    return original.shapes.map((s) => (s.show && b.shown[s.feature - b.start] === 0 ? { ...s, show: false } : s));
  }

  clear(): void {
    this.batches.length = 0;
  }

  /** Shows the features whose interval holds `now`; answers how many changed. Called every frame: a batch whose shapes were being built then is set again once they are. */
  set(now: number): number {
    this.keepStreaming();
    if (now === this.now) return this.settle();
    this.now = now;
    let changed = 0;
    for (const b of this.batches) {
      const { flips } = b;
      const count = flip(b.times, b.shown, now, flips);
      if (count === 0) continue;
      changed += count;
      // Points: a feature's are together, in feature order. Few flips: each found by a binary
      // search; many: one pass over the batch's points.
      const { feature, markers } = b.drawn;
      // Points without markers (drawn together on the GPU, or by the clusters' view) follow the time themselves.
      if (markers.length > 0) {
        if (count * 16 < feature.length) for (let f = 0; f < count; f++) this.showPoints(b, lowerBound(feature, b.start + flips[f]!), b.start + flips[f]!);
        else for (let at = 0; at < feature.length;) at = this.showPoints(b, at, feature[at]!);
      }
      if (b.hasShapes) for (let f = 0; f < count; f++) this.showShapes(b.start + flips[f]!, b.shown[flips[f]!] === 1);
      b.unsettled = !b.drawn.ended || b.drawn.shapes.some((s) => !s.primitive.ready);
    }
    return changed;
  }

  /** Sets the markers of feature `index`, whose first point is at `at`; answers the place after its last. */
  private showPoints(b: GatedBatch, at: number, index: number): number {
    const { feature, markers } = b.drawn;
    const shown = b.shown[index - b.start] === 1;
    for (; at < feature.length && feature[at] === index; at++) {
      const show = shown && b.base[at] === 1;
      b.admitted[at] = show ? 1 : 0;
      const marker = markers[at];
      if (marker) marker.show = show;
    }
    return at;
  }

  /**
   * Marks each batch's first marker's `show` changed (set twice, so that it stays as it was), every
   * frame. CesiumJS's point and billboard collections write a changed point's vertex alone while
   * their `show` buffer is streamed, but they choose streamed or static at each frame from whether
   * any `show` changed since the buffers were made, and remake the whole collection (every vertex
   * written again) when the choice changes: on a time-dynamic layer's first flips that was all
   * 100,000 points in one frame of play (bench/time-dynamic.js), and a collection that flips in
   * one frame and not the next is remade twice. Touched every frame, and drawn for WARM_FRAMES
   * frames once its points are all added (`warming`), each collection is remade once more while
   * the layer loads, and then writes only its changed points.
   */
  private keepStreaming(): void {
    this.warmingNow = false;
    for (const b of this.batches) {
      const marker = b.drawn.markers[0];
      if (!marker) continue;
      if (b.drawn.ended && b.warmed < WARM_FRAMES) {
        b.warmed++;
        this.warmingNow = true;
      }
      const show = marker.show;
      marker.show = !show;
      marker.show = show;
    }
  }

  /** Sets the shapes of batches whose primitives were being built again, once they are. */
  private settle(): number {
    let changed = 0;
    for (const b of this.batches) {
      if (!b.unsettled || !b.drawn.ended || b.drawn.shapes.some((s) => !s.primitive.ready)) continue;
      b.unsettled = false;
      for (let i = 0; i < b.shown.length; i++) this.showShapes(b.start + i, b.shown[i] === 1);
      changed += b.shown.length;
    }
    return changed;
  }
}
