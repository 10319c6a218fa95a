import {
  type Cartesian2,
  Cartesian3,
  Color,
  HorizontalOrigin,
  LabelCollection,
  LabelStyle,
  Math as CesiumMath,
  type PerspectiveFrustum,
  PointPrimitiveCollection,
  type PrimitiveCollection,
  type Scene,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  VerticalOrigin,
} from 'cesium';
import { heightOfZoom, zoomOfHeight } from '../../vector/cluster-zoom.js';
import type { VectorReply, VectorRequest } from '../../vector/vector-protocol.js';
import { VectorPick } from './vector-primitives.js';
import { LatestOnly } from './latest-only.js';

/** What a picked cluster's `id` is: its layer (as any of the layer's picks), the index's cluster id and where it is. */
export class ClusterPick extends VectorPick {
  constructor(
    owner: object,
    readonly clusterId: number,
    readonly lng: number,
    readonly lat: number,
  ) {
    // No feature: a click on it zooms in, it selects nothing.
    super(owner, -1);
  }
}

/** What the view needs of its layer: picks of lone points, their colours, the clusters' counts drawn. */
export interface ClusteredLayer {
  readonly owner: object;
  pick(index: number): VectorPick;
  colorOf(index: number): Color | undefined;
  drawn(counts: number[]): void;
}

/** A cluster's disc: larger and warmer with more points. */
function clusterLook(count: number): { size: number; color: Color } {
  if (count < 10) return { size: 22, color: Color.fromCssColorString('#3a86d4') };
  if (count < 1000) return { size: 28, color: Color.fromCssColorString('#e08a1e') };
  return { size: 34, color: Color.fromCssColorString('#d0432f') };
}

const LONE_POINT_SIZE = 9;
/** A selected lone point's colour, as a selected feature's elsewhere. */
const HIGHLIGHT = Color.YELLOW;
/** How far past the view's edges clusters are asked for, as a share of its width and height: a cluster whose points reach into the view shows. */
const VIEW_MARGIN = 0.15;

/**
 * A clustered layer on the page (docs/contract.md §18 `cluster`, docs/viewer.md "Clusters"): after each
 * camera move, the layer worker's supercluster index answers the clusters and lone points of the
 * view at its zoom, drawn as discs with their counts and as the points they are. A click on a
 * cluster flies to where it splits; a lone point is a feature like any other (infobox, selection).
 */
export class CesiumClusterView {
  private readonly points = new PointPrimitiveCollection();
  private readonly labels: LabelCollection;
  private readonly handler: ScreenSpaceEventHandler;
  private readonly stopMoveEnd: () => void;
  /** Questions asked of the worker so far (their `seq`), and the last view's. */
  private asked = 0;
  private lastView = 0;
  private readonly waiting = new Map<number, (reply: Extract<VectorReply, { type: 'clusters' | 'expand' }>) => void>();
  private active = false;
  /** The lone points selected (feature indices): drawn in the highlight colour, also after a redraw. */
  private selected = new Set<number>();
  /** A time-dynamic layer's clock to the worker: one time at a time, the latest waiting. */
  private readonly times: LatestOnly<number>;

  constructor(
    private readonly scene: Scene,
    private readonly worker: Worker,
    into: PrimitiveCollection,
    private readonly layer: ClusteredLayer,
  ) {
    this.labels = new LabelCollection({ scene });
    this.times = new LatestOnly((now) => {
      const request: VectorRequest = { type: 'time', now };
      this.worker.postMessage(request);
    });
    into.add(this.points);
    into.add(this.labels);
    this.stopMoveEnd = scene.camera.moveEnd.addEventListener(() => this.refresh());
    this.handler = new ScreenSpaceEventHandler(scene.canvas);
    this.handler.setInputAction((click: { position: Cartesian2 }) => this.clicked(click.position), ScreenSpaceEventType.LEFT_CLICK);
  }

  /** Draws these lone points (feature indices) in the highlight colour, the ones before as they were. */
  highlight(indices: readonly number[]): void {
    this.selected = new Set(indices);
    for (let i = 0; i < this.points.length; i++) {
      const point = this.points.get(i);
      const pick = point.id as VectorPick;
      if (!(pick instanceof ClusterPick)) point.color = this.selected.has(pick.index) ? HIGHLIGHT : (this.layer.colorOf(pick.index) ?? Color.WHITE);
    }
    this.scene.requestRender();
  }

  /** Whether a primitive is one of the view's own. */
  owns(primitive: object): boolean {
    return primitive === this.points || primitive === this.labels;
  }

  /** Starts drawing (once the layer's features are all read) and draws the view. */
  start(): void {
    this.active = true;
    this.refresh();
  }

  /**
   * Follows a time-dynamic layer's clock: the worker indexes the points shown at `now` again, and
   * the view asks for its clusters once it has. While the worker indexes (seconds at a million
   * points), later times wait, and only the last is sent.
   */
  setTime(now: number): void {
    this.times.give(now);
  }

  /** A worker reply this view asked for. */
  answer(reply: Extract<VectorReply, { type: 'clusters' | 'expand' | 'timed' }>): void {
    if (reply.type === 'timed') {
      if (reply.changed) this.refresh();
      return this.times.done();
    }
    const resolve = this.waiting.get(reply.seq);
    this.waiting.delete(reply.seq);
    resolve?.(reply);
  }

  private ask(
    request: Extract<VectorRequest, { type: 'clusters' | 'expand' }>,
    then: (reply: Extract<VectorReply, { type: 'clusters' | 'expand' }>) => void,
  ): void {
    this.waiting.set(request.seq, then);
    this.worker.postMessage(request);
  }

  private get fovy(): number {
    return (this.scene.camera.frustum as PerspectiveFrustum).fovy ?? CesiumMath.PI_OVER_THREE;
  }

  /** The zoom of the view, as the index counts zooms. */
  private zoom(): number {
    return zoomOfHeight(this.scene.camera.positionCartographic.height, this.fovy, this.scene.canvas.clientHeight);
  }

  /** The view's box in degrees, with a margin; the whole world when the view shows sky. */
  private bbox(): [number, number, number, number] {
    const r = this.scene.camera.computeViewRectangle(this.scene.globe.ellipsoid);
    if (!r) return [-180, -90, 180, 90];
    const [west, south, east, north] = [r.west, r.south, r.east, r.north].map(CesiumMath.toDegrees) as [number, number, number, number];
    const width = (east >= west ? east - west : east + 360 - west) * VIEW_MARGIN;
    const height = (north - south) * VIEW_MARGIN;
    if (east - west + 2 * width >= 360) return [-180, Math.max(-90, south - height), 180, Math.min(90, north + height)];
    return [west - width, Math.max(-90, south - height), east + width, Math.min(90, north + height)];
  }

  /** Asks for the view's clusters; an answer to an older question than the last is dropped. */
  refresh(): void {
    if (!this.active || this.points.isDestroyed()) return;
    const seq = (this.lastView = ++this.asked);
    this.ask({ type: 'clusters', seq, bbox: this.bbox(), zoom: Math.max(0, Math.floor(this.zoom())) }, (reply) => {
      if (reply.type === 'clusters' && seq === this.lastView && !this.points.isDestroyed()) this.draw(reply.items);
    });
  }

  private draw(items: Float64Array): void {
    this.points.removeAll();
    this.labels.removeAll();
    const counts: number[] = [];
    for (let n = 0; n < items.length; n += 4) {
      const [lng, lat, count, key] = [items[n]!, items[n + 1]!, items[n + 2]!, items[n + 3]!];
      const position = Cartesian3.fromDegrees(lng, lat, 0);
      counts.push(count);
      if (count === 1) {
        this.points.add({
          position,
          pixelSize: LONE_POINT_SIZE,
          color: this.selected.has(key) ? HIGHLIGHT : (this.layer.colorOf(key) ?? Color.WHITE),
          outlineColor: Color.BLACK,
          outlineWidth: 1,
          id: this.layer.pick(key),
        });
        continue;
      }
      const { size, color } = clusterLook(count);
      const id = new ClusterPick(this.layer.owner, key, lng, lat);
      // The disc is depth-tested on the ground; its count is not, so that it always draws over it.
      this.points.add({ position, pixelSize: size, color, outlineColor: Color.WHITE, outlineWidth: 2, id });
      this.labels.add({
        position,
        text: count.toLocaleString('en-US'),
        font: 'bold 12px sans-serif',
        fillColor: Color.WHITE,
        outlineColor: Color.BLACK,
        outlineWidth: 2,
        style: LabelStyle.FILL_AND_OUTLINE,
        horizontalOrigin: HorizontalOrigin.CENTER,
        verticalOrigin: VerticalOrigin.CENTER,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        id,
      });
    }
    this.layer.drawn(counts);
    this.scene.requestRender();
  }

  /** A click on one of this layer's clusters flies to where it splits, looking straight down. */
  private clicked(position: Cartesian2): void {
    const picked = this.scene.pick(position) as { id?: unknown } | undefined;
    const cluster = picked?.id;
    if (!(cluster instanceof ClusterPick) || cluster.owner !== this.layer.owner) return;
    this.ask({ type: 'expand', seq: ++this.asked, clusterId: cluster.clusterId }, (reply) => {
      if (reply.type !== 'expand' || this.points.isDestroyed()) return;
      // A little past the zoom where it splits: the view's zoom is rounded down.
      const height = heightOfZoom(reply.zoom + 0.25, this.fovy, this.scene.canvas.clientHeight);
      this.scene.camera.flyTo({
        destination: Cartesian3.fromDegrees(cluster.lng, cluster.lat, height),
        orientation: { heading: this.scene.camera.heading, pitch: -CesiumMath.PI_OVER_TWO, roll: 0 },
        duration: 0.8,
      });
    });
  }

  destroy(): void {
    this.active = false;
    this.stopMoveEnd();
    this.handler.destroy();
    this.waiting.clear();
  }
}
