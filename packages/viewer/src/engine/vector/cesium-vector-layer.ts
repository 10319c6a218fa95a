import { BoundingSphere, Color, ColorGeometryInstanceAttribute, PointPrimitiveCollection, PrimitiveCollection, SceneTransforms, Cartesian3, type Scene } from 'cesium';
import type { Appearance } from '@orbis/scene';
import type { FeatureBatch, VectorRequest } from './vector-protocol.js';
import type { GeometryKind } from '../engine-features.js';
import { BatchedLayer } from './batched-layer.js';
import { addShapes, type Marker, PointAdder, VectorPick } from './vector-primitives.js';

const HIGHLIGHT = Color.YELLOW;
/** The longest a frame spends adding batches (the frame then builds them: keep both under 100 ms). */
const DRAW_SLICE_MS = 40;
/** Points added between two looks at the clock: a slice stops within a batch, not only between batches. */
const POINTS_PER_STEP = 1_000;
/** While batches stream in, at most one frame asked for per this many ms. */
const RENDER_EVERY_MS = 250;
/** A selected point's size (px), over the layer. */
const SELECTED_SIZE = 10;

/** A batch as drawn: its first feature index, its points' feature indices and colours, their markers. */
interface DrawnBatch {
  start: number;
  feature: Uint32Array;
  color: Uint8Array;
  markers: Marker[];
}

/** Where a layer's features are drawn, and what their picks name. */
export interface VectorLayerPlace {
  /** The collection its primitives go into (the scene's, else). */
  into?: PrimitiveCollection;
  /** What a picked feature's VectorPick names as its owner, and the number added to its index (a tile of a tile layer). */
  pickOwner?: object;
  pickBase?: number;
}

type Shape = { getGeometryInstanceAttributes(id: unknown): { color: Uint8Array; show: Uint8Array } | undefined; ready: boolean };

/**
 * A vector layer on the batched path (docs/viewer.md, "Large layers"): its features drawn by
 * CesiumJS primitive collections, its properties kept per feature index for the infobox, the
 * style panel and plugins. Batches are added one per animation frame, so no frame on the page
 * builds more than one batch.
 */
export class CesiumVectorLayer extends BatchedLayer {
  readonly primitives = new PrimitiveCollection();
  /** Selected points drawn again over everything: in a dense layer their neighbours would cover them. */
  private readonly selection = new PointPrimitiveCollection();
  private readonly ids: string[] = [];
  private readonly names: (string | undefined)[] = [];
  private readonly props: Record<string, unknown>[] = [];
  private readonly anchors: Float64Array[] = [];
  /** Per batch drawn: its first feature index, its points' columns and their markers. */
  private readonly batches: DrawnBatch[] = [];
  private readonly shapes: Shape[] = [];
  private readonly picks: VectorPick[] = [];
  /** A feature's picks after its first, one per further instance of a kind (a MultiPolygon's parts, a cut outline's lines). */
  private readonly partPicks = new Map<number, VectorPick[]>();
  private readonly kinds = new Set<GeometryKind>();
  private byId: Map<string, number> | undefined;
  private highlighted: number[] = [];
  private readonly savedColors = new Map<string, Uint8Array>();
  private readonly queue: FeatureBatch[] = [];
  /** The batch whose points are being added, over one or more slices. */
  private drawing: { batch: FeatureBatch; adder: PointAdder } | undefined;
  private scheduled = false;
  private finished = false;
  private readonly into: PrimitiveCollection;
  /** Called once every feature of the last load has been added (whenComplete). */
  private completed: (() => void)[] = [];
  constructor(
    private readonly scene: Scene,
    /** The worker that sent the batches, which restyles them; none for a tile (its layer restyles). */
    private readonly worker: Worker | undefined,
    /** Features announced by the worker. */
    readonly total: number,
    private readonly progress?: (loaded: number, total: number) => void,
    private readonly place: VectorLayerPlace = {},
  ) {
    super();
    this.into = place.into ?? scene.primitives;
    this.into.add(this.primitives);
    this.into.add(this.selection);
  }

  /**
   * Restyles every feature: the worker resolves the new appearance and sends the features again;
   * they replace the drawn ones batch by batch.
   */
  restyle(appearance: Appearance | undefined): void {
    if (!this.worker) throw new Error('a tile is restyled by its layer');
    this.clear();
    this.finished = false;
    const request: VectorRequest = { type: 'restyle', ...(appearance ? { appearance } : {}) };
    this.worker.postMessage(request);
  }

  private clear(): void {
    this.queue.length = 0;
    this.drawing = undefined;
    this.ids.length = 0;
    this.names.length = 0;
    this.props.length = 0;
    this.anchors.length = 0;
    this.batches.length = 0;
    this.shapes.length = 0;
    this.picks.length = 0;
    this.partPicks.clear();
    this.kinds.clear();
    this.savedColors.clear();
    this.selection.removeAll();
    this.byId = undefined;
    this.primitives.removeAll();
  }

  get show(): boolean {
    return this.primitives.show;
  }
  set show(value: boolean) {
    this.primitives.show = value;
    this.selection.show = value;
    this.scene.requestRender();
  }

  /** Features added so far. */
  get loaded(): number {
    return this.ids.length;
  }

  /** Queues a batch; it is drawn at the next animation frame. */
  add(batch: FeatureBatch): void {
    this.queue.push(batch);
    this.schedule();
  }

  /** No more batches will come. */
  finish(): void {
    this.finished = true;
    this.scene.requestRender();
    this.settle();
  }

  /**
   * Resolves once the worker has sent every feature and each has been added (their ids found by
   * `indexOf`); the layer resolves from its loader before that, while its batches stream in.
   */
  whenComplete(): Promise<void> {
    return new Promise((resolve) => {
      this.completed.push(resolve);
      this.settle();
    });
  }

  private settle(): void {
    if (!this.finished || this.queue.length > 0 || this.drawing) return;
    const waiting = this.completed;
    this.completed = [];
    for (const resolve of waiting) resolve();
  }

  /** Whether every batch is drawn and every primitive built. */
  get ready(): boolean {
    return this.finished && this.queue.length === 0 && !this.drawing && this.shapes.every((s) => s.ready);
  }

  private schedule(): void {
    if (this.scheduled || this.primitives.isDestroyed()) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      // As many batches as fit in a slice of the frame: the page's tasks stay short, and a large
      // layer is not held to one batch per frame when frames are slow (software WebGL).
      const began = performance.now();
      while ((this.drawing || this.queue.length) && !this.primitives.isDestroyed() && performance.now() - began < DRAW_SLICE_MS) {
        this.drawing ??= this.begin(this.queue.shift()!);
        if (this.drawing.adder.add(POINTS_PER_STEP)) this.end(this.drawing.batch, this.drawing.adder.markers);
      }
      this.progress?.(this.ids.length, this.total);
      this.renderSoon();
      if (this.queue.length || this.drawing) this.schedule();
      else this.settle();
    });
  }

  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Asks for a frame in a while, not at once: each frame draws every feature added so far, so
   * frames drawn back to back while batches stream in cost the load more than the batches do.
   */
  private renderSoon(): void {
    if (this.renderTimer !== undefined) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = undefined;
      if (!this.primitives.isDestroyed()) this.scene.requestRender();
    }, RENDER_EVERY_MS);
  }

  /** Takes a batch's features; its points are added from the next step on. */
  private begin(batch: FeatureBatch): { batch: FeatureBatch; adder: PointAdder } {
    this.byId = undefined;
    for (let i = 0; i < batch.ids.length; i++) {
      this.ids.push(batch.ids[i]!);
      this.names.push(batch.names[i]);
      this.props.push(batch.properties[i]!);
    }
    this.anchors.push(batch.anchors);
    if (batch.points.feature.length > 0) this.kinds.add('marker');
    for (const s of batch.shapes) this.kinds.add(s.kind === 'line' ? 'polyline' : 'polygon');
    return { batch, adder: new PointAdder(this.primitives, this.scene, batch, (index) => this.pick(index)) };
  }

  /** Every point of the batch is added: its points can be found, and its shapes are added. */
  private end(batch: FeatureBatch, markers: Marker[]): void {
    this.drawing = undefined;
    this.batches.push({ start: batch.start, feature: batch.points.feature, color: batch.points.color, markers });
    // A feature selected before a restyle stays highlighted when it is drawn again.
    for (const i of this.highlighted) if (i >= batch.start && i < batch.start + batch.ids.length) this.paint(i, HIGHLIGHT);
    this.shapes.push(...(addShapes(this.primitives, batch.shapes, (index, part) => this.partPick(index, part)) as unknown as Shape[]));
  }

  private pick(index: number): VectorPick {
    const { pickOwner = this, pickBase = 0 } = this.place;
    return (this.picks[index] ??= new VectorPick(pickOwner, pickBase + index));
  }

  /** A shape's part's pick: a primitive finds only the first instance of an id, so each part has its own, of the same feature. */
  private partPick(index: number, part: number): VectorPick {
    if (part === 0) return this.pick(index);
    const { pickOwner = this, pickBase = 0 } = this.place;
    const more = this.partPicks.get(index) ?? [];
    this.partPicks.set(index, more);
    return (more[part - 1] ??= new VectorPick(pickOwner, pickBase + index));
  }

  /** The index of a feature by its id. */
  indexOf(id: string): number | undefined {
    if (!this.byId) {
      this.byId = new Map();
      this.ids.forEach((fid, i) => this.byId!.set(fid, i));
    }
    return this.byId.get(id);
  }

  featureId(index: number): string | undefined {
    return this.ids[index];
  }

  name(index: number): string | undefined {
    return this.names[index];
  }

  properties(index: number): Record<string, unknown> | undefined {
    return this.props[index];
  }

  allProperties(): Record<string, unknown>[] {
    return this.props;
  }

  geometryKinds(): Set<GeometryKind> {
    return this.kinds;
  }

  /** A sphere around every feature's anchor (for flying to the layer), once any is drawn. */
  get boundingSphere(): BoundingSphere | undefined {
    const positions: Cartesian3[] = [];
    // A sample of at most ~10,000 anchors bounds a large layer well enough to frame it.
    const step = Math.max(1, Math.floor(this.ids.length / 10_000));
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (index % step === 0 && (anchors[i] !== 0 || anchors[i + 1] !== 0 || anchors[i + 2] !== 0)) positions.push(new Cartesian3(anchors[i], anchors[i + 1], anchors[i + 2]));
      }
    }
    return positions.length ? BoundingSphere.fromPoints(positions) : undefined;
  }

  /** The ids of the shown features whose anchor shows inside a screen rectangle. */
  featuresIn(left: number, top: number, right: number, bottom: number): string[] {
    if (!this.primitives.show) return [];
    const out: string[] = [];
    const scratch = new Cartesian3();
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (anchors[i] === 0 && anchors[i + 1] === 0 && anchors[i + 2] === 0) continue;
        const at = SceneTransforms.worldToWindowCoordinates(this.scene, Cartesian3.fromElements(anchors[i]!, anchors[i + 1]!, anchors[i + 2]!, scratch));
        if (at && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom && this.shown(index)) out.push(this.ids[index]!);
      }
    }
    return out;
  }

  /** Each point of a feature: its batch and its place in the batch's columns. */
  private *pointsOf(index: number): Generator<{ batch: DrawnBatch; at: number }> {
    // Batches hold consecutive features in order, and a batch's points are in feature order.
    let lo = 0;
    let hi = this.batches.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.batches[mid]!.start <= index) lo = mid;
      else hi = mid - 1;
    }
    const batch = this.batches[lo];
    if (!batch) return;
    const { feature } = batch;
    let a = 0;
    let b = feature.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (feature[mid]! < index) a = mid + 1;
      else b = mid;
    }
    for (let at = a; at < feature.length && feature[at] === index; at++) yield { batch, at };
  }

  private shown(index: number): boolean {
    let any = false;
    for (const { batch, at } of this.pointsOf(index)) {
      if (batch.markers[at]!.show) return true;
      any = true;
    }
    return !any;
  }

  /** Draws these features in the highlight colour, and the ones highlighted before as they were. */
  highlight(indices: number[]): void {
    for (const i of this.highlighted) this.paint(i, undefined);
    this.selection.removeAll();
    this.highlighted = indices;
    for (const i of indices) this.paint(i, HIGHLIGHT);
    this.scene.requestRender();
  }

  private paint(index: number, color: Color | undefined): void {
    for (const { batch, at } of this.pointsOf(index)) {
      const c = batch.color;
      const marker = batch.markers[at]!;
      marker.color = color ?? Color.fromBytes(c[at * 4], c[at * 4 + 1], c[at * 4 + 2], c[at * 4 + 3]);
      if (color && marker.show) this.selection.add({ position: marker.position, color, pixelSize: SELECTED_SIZE, outlineColor: Color.BLACK, outlineWidth: 1, disableDepthTestDistance: Number.POSITIVE_INFINITY, id: this.picks[index] });
    }
    const first = this.picks[index];
    if (!first) return;
    const picks = [first, ...(this.partPicks.get(index) ?? [])];
    this.shapes.forEach((shape, n) => picks.forEach((pick, part) => {
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
    }));
  }

  destroy(): void {
    clearTimeout(this.renderTimer);
    this.worker?.terminate();
    this.queue.length = 0;
    this.drawing = undefined;
    this.into.remove(this.primitives);
    this.into.remove(this.selection);
    if (!this.primitives.isDestroyed()) this.primitives.destroy();
  }
}
