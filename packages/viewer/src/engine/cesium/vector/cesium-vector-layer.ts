import { type BoundingSphere, type Color, JulianDate, ShowGeometryInstanceAttribute, PrimitiveCollection, type Scene, SceneMode } from 'cesium';
import type { Appearance } from '@orbis/scene';
import type { ClusterOptions, FeatureBatch, HeatmapOptions, VectorReply, VectorRequest } from '../../vector/vector-protocol.js';
import type { HeatImage } from '../../vector/heat-grid.js';
import { CesiumClusterView } from './cesium-cluster-view.js';
import { TimeGate } from './time-gate.js';
import type { GeometryKind } from '../../engine-features.js';
import { BatchedLayer } from './batched-layer.js';
import { FeatureTable } from '../../vector/feature-table.js';
import { type DrawnBatch, DrawnBatches, pointColor } from './drawn-batches.js';
import { addShapes, NO_POINTS, PointAdder } from './vector-primitives.js';
import { VectorPicks } from './vector-picks.js';
import { FeatureAnchors } from './feature-anchors.js';
import { HeatOverlay } from './heat-overlay.js';
import { type BuiltShape, VectorHighlight } from './vector-highlight.js';
import { TimedPoints } from './timed-points.js';
import { drawsTogether } from './timed-points-gltf.js';

/** The longest a frame spends adding batches (the frame then builds them: keep both under 100 ms). */
const DRAW_SLICE_MS = 30;
/** Points added between two looks at the clock: a slice stops within a batch, not only between batches. */
const POINTS_PER_STEP = 500;
/** While batches stream in, at most one frame asked for per this many ms. */
const RENDER_EVERY_MS = 250;

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
  /** The appearance the layer is loaded with. */
  appearance?: Appearance;
}

type Attributes = { show: Uint8Array };

/**
 * A vector layer on the batched path (docs/viewer.md, "Large layers"): its features drawn by
 * CesiumJS primitive collections, its properties kept per batch (FeatureTable) for the infobox, the
 * style panel and plugins. Batches are added one per animation frame, so no frame on the page
 * builds more than one batch.
 */
export class CesiumVectorLayer extends BatchedLayer {
  readonly primitives = new PrimitiveCollection();
  /** Ids and properties of the features added so far. */
  private readonly features = new FeatureTable();
  private readonly anchors = new FeatureAnchors();
  /** Per batch begun: its points' columns and markers, its shapes' primitives. */
  private readonly batches = new DrawnBatches();
  private readonly shapes: BuiltShape[] = [];
  private readonly picks: VectorPicks;
  private readonly kinds = new Set<GeometryKind>();
  private readonly highlights: VectorHighlight;
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
    place: VectorLayerPlace = {},
    private readonly tools: VectorTools = {},
  ) {
    super();
    this.appearance = tools.appearance;
    this.picks = new VectorPicks(place.pickOwner ?? this, place.pickBase);
    this.heat = new HeatOverlay(scene);
    this.highlights = new VectorHighlight(this.batches, this.picks, this.shapes);
    this.into = place.into ?? scene.primitives;
    this.into.add(this.primitives);
    this.into.add(this.highlights.selection);
    if (tools.timeRange) {
      // Plain dots of a layer drawn as points (not clustered, no heat map) are drawn on the GPU.
      if (!tools.cluster && !tools.heatmap && worker) {
        this.timed = new TimedPoints(scene, this.primitives, tools.timeRange[0], place.pickOwner ?? this);
        // Drawn together in 3D only (CesiumJS places a model in 2D by its centre): a morph draws the points again.
        this.stopMorph = scene.morphComplete.addEventListener(() => this.restyle(this.appearance));
      }
      // Every frame reads the clock (CesiumJS raises preUpdate with the frame's time); only a time that moved changes anything.
      this.stopClock = scene.preUpdate.addEventListener((_, time: JulianDate) => {
        const now = JulianDate.toDate(time).getTime();
        // A clustered layer's clusters count the points shown at the time (its worker indexes them).
        this.clusters?.setTime(now);
        const moved = this.timed?.setTime(now) ?? false;
        if (this.time.set(now) > 0 || this.time.warming || moved) scene.requestRender();
      });
    }
    if (tools.cluster && worker) {
      this.clusters = new CesiumClusterView(scene, worker, this.primitives, {
        owner: place.pickOwner ?? this,
        pick: (index) => this.picks.pick(index),
        colorOf: (index) => this.colorOf(index),
        drawn: (counts) => tools.clustersDrawn?.(counts),
      });
    }
  }

  /** A time-dynamic layer's points drawn on the GPU, where they are plain dots, in 3D (TimedPoints). */
  private readonly timed: TimedPoints | undefined;
  private readonly stopMorph: (() => void) | undefined;
  /** The appearance last drawn (VectorTools.appearance, then each restyle's). */
  private appearance: Appearance | undefined;

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
    const picks = this.picks.of(index);
    if (picks.length === 0 || primitives.length === 0) return;
    for (const { primitive } of primitives) {
      const shape = primitive as BuiltShape;
      if (!shape.ready) continue;
      for (const pick of picks) {
        const attributes = shape.getGeometryInstanceAttributes(pick) as Attributes | undefined;
        if (attributes) attributes.show = ShowGeometryInstanceAttribute.toValue(show && shown, attributes.show);
      }
    }
  }

  /** The clusters' view of a clustered layer. */
  private readonly clusters: CesiumClusterView | undefined;

  /** A heat map layer's image. */
  private readonly heat: HeatOverlay;

  /** Shows a heat map layer's image (the worker's `heat` reply; null: its points are all hidden). */
  showHeat(image: HeatImage | null): void {
    if (this.primitives.isDestroyed()) return;
    if (image) this.heat.draw(image);
    else this.heat.remove();
    this.scene.requestRender();
  }

  /** A worker's answer about clusters, for the clusters' view. */
  answer(reply: Extract<VectorReply, { type: 'clusters' | 'expand' | 'timed' }>): void {
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
    this.appearance = appearance;
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
    this.anchors.clear();
    this.batches.clear();
    this.shapes.length = 0;
    this.picks.clear();
    this.kinds.clear();
    this.time.clear();
    this.timed?.clear();
    this.highlights.clear();
    // The clusters' view keeps its own primitives in the layer's collection, and the timed points their model until the next is drawn.
    for (let i = this.primitives.length - 1; i >= 0; i--) {
      const p = this.primitives.get(i) as object;
      if (!this.clusters?.owns(p) && !this.timed?.owns(p)) this.primitives.remove(p);
    }
  }

  get show(): boolean {
    return this.primitives.show;
  }
  set show(value: boolean) {
    this.primitives.show = value;
    this.highlights.selection.show = value;
    this.heat.show = value;
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
    this.timed?.complete(() => this.scene.requestRender());
    const waiting = this.completed;
    this.completed = [];
    for (const resolve of waiting) resolve();
  }

  /** Whether every batch is drawn and every primitive built. */
  get ready(): boolean {
    return this.finished && this.queue.length === 0 && !this.drawing && this.shapes.every((s) => s.ready) && this.timed?.ready !== false;
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
    this.anchors.add(batch);
    if (batch.points.feature.length > 0) this.kinds.add('marker');
    for (const s of batch.shapes) this.kinds.add(s.kind === 'line' ? 'polyline' : 'polygon');
    const admitted = this.time.admit(batch);
    const drawsPoints = !this.clusters && !this.tools.heatmap;
    // Plain dots of a time-dynamic batch are drawn together (TimedPoints), in 3D.
    const together =
      this.timed && batch.points.feature.length > 0 && this.scene.mode === SceneMode.SCENE3D && drawsTogether(batch.points) ? this.timed.add(batch) : undefined;
    const points = drawsPoints && !together ? admitted : { ...admitted, points: NO_POINTS };
    const adder = new PointAdder(this.primitives, this.scene, points, (index) => this.picks.pick(index));
    const { feature, color, positions } = batch.points;
    const drawn: DrawnBatch = {
      start: batch.start,
      count: batch.count,
      feature,
      color,
      markers: adder.markers,
      ...(together ? { together } : {}),
      positions,
      ended: false,
      shapeFeatures: Uint32Array.from(batch.shapes, (s) => s.feature),
      shownShapeFeatures: Uint32Array.from(
        batch.shapes.filter((s) => s.show),
        (s) => s.feature,
      ),
      shapes: [],
    };
    this.batches.add(drawn);
    // Points drawn together follow the clock themselves: the gate sets their shapes alone.
    if (!together || batch.shapes.length > 0) this.time.track(batch, admitted, drawn);
    return { batch, adder, drawn };
  }

  /** Every point of the batch is added: its shapes are added. */
  private end(batch: FeatureBatch, drawn: DrawnBatch): void {
    this.drawing = undefined;
    drawn.shapes = addShapes(this.primitives, this.time.shapesNow(batch), (index, part) => this.picks.partPick(index, part));
    drawn.ended = true;
    this.shapes.push(...drawn.shapes.map((s) => s.primitive as BuiltShape));
    // A feature selected before a restyle stays highlighted when it is drawn again.
    this.highlights.drawn(batch.start, batch.count);
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
    return this.anchors.boundingSphere;
  }

  /**
   * The ids of the features drawn and shown (DrawnBatches.drawn) that show inside a screen
   * rectangle: a point whose anchor is inside, a line or a polygon any part of which is.
   */
  featuresIn(left: number, top: number, right: number, bottom: number): string[] {
    if (!this.primitives.show) return [];
    return this.anchors
      .inRectangle(this.scene, left, top, right, bottom)
      .filter((i) => this.batches.drawn(i))
      .map((i) => this.features.id(i)!);
  }

  /** Draws these features in the highlight colour, and the ones highlighted before as they were. */
  highlight(indices: number[]): void {
    this.highlights.set(indices);
    this.clusters?.highlight(indices);
    this.scene.requestRender();
  }

  destroy(): void {
    this.clusters?.destroy();
    this.heat.remove();
    this.stopClock?.();
    this.stopMorph?.();
    clearTimeout(this.renderTimer);
    this.worker?.terminate();
    this.queue.length = 0;
    this.drawing = undefined;
    this.into.remove(this.primitives);
    this.into.remove(this.highlights.selection);
    if (!this.primitives.isDestroyed()) this.primitives.destroy();
  }
}
