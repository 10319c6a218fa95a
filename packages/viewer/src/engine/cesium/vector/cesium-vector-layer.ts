import {
  BoundingSphere,
  Color,
  ColorGeometryInstanceAttribute,
  type ImageryLayer,
  JulianDate,
  PointPrimitiveCollection,
  Rectangle,
  ShowGeometryInstanceAttribute,
  SingleTileImageryProvider,
  PrimitiveCollection,
  SceneTransforms,
  Cartesian3,
  type Scene,
} from 'cesium';
import type { Appearance } from '@orbis/scene';
import type { ClusterOptions, FeatureBatch, HeatmapOptions, PointColumns, ShapePart, VectorReply, VectorRequest } from '../../vector/vector-protocol.js';
import type { HeatImage } from '../../vector/heat-grid.js';
import { CesiumClusterView } from './cesium-cluster-view.js';
import { TimeGate } from './time-gate.js';
import type { GeometryKind } from '../../engine-features.js';
import { BatchedLayer } from './batched-layer.js';
import { FeatureTable } from '../../vector/feature-table.js';
import { type DrawnBatch, DrawnBatches } from './drawn-batches.js';
import { addShapes, PointAdder, VectorPick } from './vector-primitives.js';
import { degreesToCartesians, shapeOnScreen } from './shape-on-screen.js';

const HIGHLIGHT = Color.YELLOW;
/** The longest a frame spends adding batches (the frame then builds them: keep both under 100 ms). */
const DRAW_SLICE_MS = 30;
/** Points added between two looks at the clock: a slice stops within a batch, not only between batches. */
const POINTS_PER_STEP = 500;
/** While batches stream in, at most one frame asked for per this many ms. */
const RENDER_EVERY_MS = 250;
/** A selected point's size (px), over the layer. */
const SELECTED_SIZE = 10;

/** Where a layer's features are drawn, and what their picks name. */
export interface VectorLayerPlace {
  /** The collection its primitives go into (the scene's, else). */
  into?: PrimitiveCollection;
  /** What a picked feature's VectorPick names as its owner, and the number added to its index (a tile of a tile layer). */
  pickOwner?: object;
  pickBase?: number;
}

/** docs/contract.md §18's tools on a layer of the batched path. */
export interface VectorTools {
  /** Draws the layer's points clustered (the worker indexes them with these options). */
  cluster?: ClusterOptions;
  /** Called with the count of each cluster and lone point drawn (1), after each redraw of the clusters. */
  clustersDrawn?: (counts: number[]) => void;
  /** A time-dynamic layer's (docs/contract.md §18 `data.time`) earliest start and latest end: its features follow the clock. */
  timeRange?: [number, number];
  /** Draws the layer's points as a heat map (the worker sends its image). */
  heatmap?: HeatmapOptions;
}

/** A clustered or heat map layer's batches add no markers: the clusters' view or the heat map draws its points. */
const NO_POINTS: PointColumns = {
  feature: new Uint32Array(0),
  positions: new Float64Array(0),
  color: new Uint8Array(0),
  outlineColor: new Uint8Array(0),
  size: new Float32Array(0),
  outlineWidth: new Float32Array(0),
  show: new Uint8Array(0),
  clamp: new Uint8Array(0),
  image: [],
  imageSize: new Float32Array(0),
  label: [],
  labelSize: new Float32Array(0),
  labelColor: new Uint8Array(0),
};

type Shape = { getGeometryInstanceAttributes(id: unknown): { color: Uint8Array; show: Uint8Array } | undefined; ready: boolean };
type Attributes = { show: Uint8Array };

/**
 * A vector layer on the batched path (docs/viewer.md, "Large layers"): its features drawn by
 * CesiumJS primitive collections, its properties kept per batch (FeatureTable) for the infobox, the
 * style panel and plugins. Batches are added one per animation frame, so no frame on the page
 * builds more than one batch.
 */
/** A drawn point's colour as its appearance resolved it (four bytes a point in the batch). */
function pointColor(batch: DrawnBatch, at: number): Color {
  const c = batch.color;
  return Color.fromBytes(c[at * 4], c[at * 4 + 1], c[at * 4 + 2], c[at * 4 + 3]);
}

export class CesiumVectorLayer extends BatchedLayer {
  readonly primitives = new PrimitiveCollection();
  /** Selected points drawn again over everything: in a dense layer their neighbours would cover them. */
  private readonly selection = new PointPrimitiveCollection();
  /** Ids and properties of the features added so far. */
  private readonly features = new FeatureTable();
  private readonly anchors: Float64Array[] = [];
  /** Each batch's lines and polygons, to tell which show in a screen rectangle (featuresIn). */
  private readonly shapeParts: ShapePart[][] = [];
  /** Per batch begun: its points' columns and markers, its shapes' primitives. */
  private readonly batches = new DrawnBatches();
  private readonly shapes: Shape[] = [];
  private readonly picks: VectorPick[] = [];
  /** A feature's picks after its first, one per further instance of a kind (a MultiPolygon's parts, a cut outline's lines). */
  private readonly partPicks = new Map<number, VectorPick[]>();
  private readonly kinds = new Set<GeometryKind>();
  private highlighted: number[] = [];
  private readonly savedColors = new Map<string, Uint8Array>();
  private readonly queue: FeatureBatch[] = [];
  /** The batch whose points are being added, over one or more slices. */
  private drawing: { batch: FeatureBatch; adder: PointAdder; drawn: DrawnBatch } | undefined;
  private scheduled = false;
  private finished = false;
  /**
   * The restyles asked for so far: batches of an earlier one, which the worker sent before it
   * read the restyle, are dropped (they would be added after the clear, twice the features).
   */
  private generation = 0;
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
    private readonly tools: VectorTools = {},
  ) {
    super();
    this.into = place.into ?? scene.primitives;
    this.into.add(this.primitives);
    this.into.add(this.selection);
    if (tools.timeRange) {
      // Every frame reads the clock (CesiumJS raises preUpdate with the frame's time); only a time that moved changes anything.
      this.stopClock = scene.preUpdate.addEventListener((_, time: JulianDate) => {
        if (this.time.set(JulianDate.toDate(time).getTime()) > 0 || this.time.warming) scene.requestRender();
      });
    }
    if (tools.cluster && worker) {
      this.clusters = new CesiumClusterView(scene, worker, this.primitives, {
        owner: place.pickOwner ?? this,
        pick: (index) => this.pick(index),
        colorOf: (index) => this.colorOf(index),
        drawn: (counts) => tools.clustersDrawn?.(counts),
      });
    }
  }

  /** A time-dynamic layer's features shown by the clock (TimeGate; nothing for a layer without time). */
  private readonly time = new TimeGate((index, show) => this.showShapes(index, show));
  private readonly stopClock: (() => void) | undefined;

  /** The earliest start and latest end of a time-dynamic layer's features (ms since 1970). */
  get timeRange(): [number, number] | undefined {
    return this.tools.timeRange;
  }

  /** Shows or hides a feature's lines and polygons (its appearance's `show` still holds). */
  private showShapes(index: number, show: boolean): void {
    const { primitives, shown } = this.batches.shapesOf(index);
    const first = this.picks[index];
    if (!first || primitives.length === 0) return;
    const picks = [first, ...(this.partPicks.get(index) ?? [])];
    for (const { primitive } of primitives) {
      const shape = primitive as Shape;
      if (!shape.ready) continue;
      for (const pick of picks) {
        const attributes = shape.getGeometryInstanceAttributes(pick) as Attributes | undefined;
        if (attributes) attributes.show = ShowGeometryInstanceAttribute.toValue(show && shown, attributes.show);
      }
    }
  }

  /** The clusters' view of a clustered layer. */
  private readonly clusters: CesiumClusterView | undefined;

  /** A heat map layer's image, draped over the globe as one imagery tile. */
  private heat: ImageryLayer | undefined;

  /** Shows a heat map layer's image (the worker's `heat` reply). */
  showHeat(image: HeatImage): void {
    if (this.primitives.isDestroyed()) return;
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(image.rgba), image.width, image.height), 0, 0);
    const rectangle = Rectangle.fromDegrees(image.west, image.south, image.east, image.north);
    const provider = new SingleTileImageryProvider({ url: canvas.toDataURL('image/png'), rectangle, tileWidth: image.width, tileHeight: image.height });
    if (this.heat) this.scene.imageryLayers.remove(this.heat, true);
    this.heat = this.scene.imageryLayers.addImageryProvider(provider);
    this.heat.show = this.primitives.show;
    this.scene.requestRender();
  }

  /** A worker's answer about clusters, for the clusters' view. */
  answer(reply: Extract<VectorReply, { type: 'clusters' | 'expand' }>): void {
    this.clusters?.answer(reply);
  }

  /** A point feature's colour as its appearance resolved it (its first point's). */
  private colorOf(index: number): Color | undefined {
    for (const { batch, at } of this.batches.pointsOf(index)) return pointColor(batch, at);
    return undefined;
  }

  /**
   * Restyles every feature: the worker resolves the new appearance and sends the features again;
   * they replace the drawn ones batch by batch.
   */
  restyle(appearance: Appearance | undefined): void {
    if (!this.worker) throw new Error('a tile is restyled by its layer');
    this.clear();
    this.finished = false;
    this.generation++;
    const request: VectorRequest = { type: 'restyle', generation: this.generation, ...(appearance ? { appearance } : {}) };
    this.worker.postMessage(request);
  }

  private clear(): void {
    this.queue.length = 0;
    this.drawing = undefined;
    this.features.clear();
    this.anchors.length = 0;
    this.shapeParts.length = 0;
    this.batches.clear();
    this.shapes.length = 0;
    this.picks.length = 0;
    this.partPicks.clear();
    this.kinds.clear();
    this.savedColors.clear();
    this.time.clear();
    this.selection.removeAll();
    // The clusters' view keeps its own primitives in the layer's collection.
    for (let i = this.primitives.length - 1; i >= 0; i--) {
      const p = this.primitives.get(i) as object;
      if (!this.clusters?.owns(p)) this.primitives.remove(p);
    }
  }

  get show(): boolean {
    return this.primitives.show;
  }
  set show(value: boolean) {
    this.primitives.show = value;
    this.selection.show = value;
    if (this.heat) this.heat.show = value;
    this.scene.requestRender();
  }

  /** Features added so far. */
  get loaded(): number {
    return this.features.length;
  }

  /** Queues a batch of the last restyle (`generation`, 0 or absent: the load's); it is drawn at the next animation frame. */
  add(batch: FeatureBatch, generation = 0): void {
    if (generation !== this.generation) return;
    this.queue.push(batch);
    this.schedule();
  }

  /** No more batches of the last restyle (`generation`, as `add`'s) will come. */
  finish(generation = 0): void {
    if (generation !== this.generation) return;
    this.finished = true;
    this.scene.requestRender();
    this.settle();
    this.clusters?.start();
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
        if (this.drawing.adder.add(POINTS_PER_STEP)) this.end(this.drawing.batch, this.drawing.drawn);
      }
      this.progress?.(this.features.length, this.total);
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
  private begin(batch: FeatureBatch): { batch: FeatureBatch; adder: PointAdder; drawn: DrawnBatch } {
    this.features.add(batch);
    this.anchors.push(batch.anchors);
    this.shapeParts.push(batch.shapes);
    if (batch.points.feature.length > 0) this.kinds.add('marker');
    for (const s of batch.shapes) this.kinds.add(s.kind === 'line' ? 'polyline' : 'polygon');
    const admitted = this.time.admit(batch);
    const drawsPoints = !this.clusters && !this.tools.heatmap;
    const adder = new PointAdder(this.primitives, this.scene, drawsPoints ? admitted : { ...admitted, points: NO_POINTS }, (index) => this.pick(index));
    const { feature, color } = batch.points;
    const drawn: DrawnBatch = {
      start: batch.start,
      count: batch.count,
      feature,
      color,
      markers: adder.markers,
      ended: false,
      shapeFeatures: Uint32Array.from(batch.shapes, (s) => s.feature),
      shownShapeFeatures: Uint32Array.from(
        batch.shapes.filter((s) => s.show),
        (s) => s.feature,
      ),
      shapes: [],
    };
    this.batches.add(drawn);
    this.time.track(batch, admitted, drawn);
    return { batch, adder, drawn };
  }

  /** Every point of the batch is added: its shapes are added. */
  private end(batch: FeatureBatch, drawn: DrawnBatch): void {
    this.drawing = undefined;
    drawn.shapes = addShapes(this.primitives, this.time.shapesNow(batch), (index, part) => this.partPick(index, part));
    drawn.ended = true;
    this.shapes.push(...drawn.shapes.map((s) => s.primitive as Shape));
    // A feature selected before a restyle stays highlighted when it is drawn again.
    for (const i of this.highlighted) if (i >= batch.start && i < batch.start + batch.count) this.paint(i, HIGHLIGHT);
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
    return this.features.indexOf(id);
  }

  featureId(index: number): string | undefined {
    return index < 0 ? undefined : this.features.id(index);
  }

  name(index: number): string | undefined {
    return this.features.name(index);
  }

  properties(index: number): Record<string, unknown> | undefined {
    return this.features.properties(index);
  }

  allProperties(): Record<string, unknown>[] {
    return this.features.all();
  }

  geometryKinds(): Set<GeometryKind> {
    return this.kinds;
  }

  /** A sphere around every feature's anchor (for flying to the layer), once any is drawn. */
  get boundingSphere(): BoundingSphere | undefined {
    const positions: Cartesian3[] = [];
    // A sample of at most ~10,000 anchors bounds a large layer well enough to frame it.
    const step = Math.max(1, Math.floor(this.features.length / 10_000));
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (index % step === 0 && (anchors[i] !== 0 || anchors[i + 1] !== 0 || anchors[i + 2] !== 0))
          positions.push(new Cartesian3(anchors[i], anchors[i + 1], anchors[i + 2]));
      }
    }
    return positions.length ? BoundingSphere.fromPoints(positions) : undefined;
  }

  /**
   * The ids of the features drawn and shown (DrawnBatches.drawn) that show inside a screen
   * rectangle: a point whose anchor is inside, a line or a polygon any part of which is.
   */
  featuresIn(left: number, top: number, right: number, bottom: number): string[] {
    if (!this.primitives.show) return [];
    const found = new Set<number>();
    const scratch = new Cartesian3();
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (anchors[i] === 0 && anchors[i + 1] === 0 && anchors[i + 2] === 0) continue;
        const at = SceneTransforms.worldToWindowCoordinates(this.scene, Cartesian3.fromElements(anchors[i]!, anchors[i + 1]!, anchors[i + 2]!, scratch));
        if (at && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom) found.add(index);
      }
    }
    // A line or polygon whose anchor (its first vertex) is off screen may still cross the rectangle.
    for (const parts of this.shapeParts) {
      for (const part of parts) {
        if (!found.has(part.feature) && shapeOnScreen(this.scene, part.kind, degreesToCartesians(part.positions), left, top, right, bottom))
          found.add(part.feature);
      }
    }
    return [...found]
      .sort((a, b) => a - b)
      .filter((i) => this.batches.drawn(i))
      .map((i) => this.features.id(i)!);
  }

  /** Draws these features in the highlight colour, and the ones highlighted before as they were. */
  highlight(indices: number[]): void {
    for (const i of this.highlighted) this.paint(i, undefined);
    this.selection.removeAll();
    this.highlighted = indices;
    for (const i of indices) this.paint(i, HIGHLIGHT);
    this.clusters?.highlight(indices);
    this.scene.requestRender();
  }

  private paint(index: number, color: Color | undefined): void {
    for (const { batch, at } of this.batches.pointsOf(index)) {
      // A batch being drawn is painted when it ends.
      if (!batch.ended) continue;
      const marker = batch.markers[at];
      // A clustered layer's points have no markers of their own.
      if (!marker) continue;
      marker.color = color ?? pointColor(batch, at);
      if (color && marker.show)
        this.selection.add({
          position: marker.position,
          color,
          pixelSize: SELECTED_SIZE,
          outlineColor: Color.BLACK,
          outlineWidth: 1,
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
          id: this.picks[index],
        });
    }
    const first = this.picks[index];
    if (!first) return;
    const picks = [first, ...(this.partPicks.get(index) ?? [])];
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

  destroy(): void {
    this.clusters?.destroy();
    if (this.heat) this.scene.imageryLayers.remove(this.heat, true);
    this.stopClock?.();
    clearTimeout(this.renderTimer);
    this.worker?.terminate();
    this.queue.length = 0;
    this.drawing = undefined;
    this.into.remove(this.primitives);
    this.into.remove(this.selection);
    if (!this.primitives.isDestroyed()) this.primitives.destroy();
  }
}
