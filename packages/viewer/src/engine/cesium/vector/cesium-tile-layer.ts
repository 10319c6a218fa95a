import { BoundingSphere, Math as CesiumMath, PrimitiveCollection, type Scene } from 'cesium';
import type { Appearance, LayerData } from '@orbis/scene';
import { MAX_TILE_ZOOM } from '@orbis/scene/checks';
import { BatchedLayer } from './batched-layer.js';
import { CesiumVectorLayer } from './cesium-vector-layer.js';
import { tilesCovering, tileUrl } from '../../vector/tile-cover.js';
import type { TileWorkerReply, TileWorkerRequest } from '../../vector/vector-protocol.js';
import type { GeometryKind } from '../../engine-features.js';
import { layerNames } from '../../layer-names.js';

/** Feature indices of one tile lie in [slot × SLOT, (slot + 1) × SLOT): a tile holds fewer features than this. */
const SLOT = 2 ** 22;
/** Features per batch from the worker (as the whole-file path). */
const BATCH_SIZE = 10_000;
/** The camera's moves are answered once it has been still this long. */
const SETTLE_MS = 150;

/** Where an `mvt` layer's tiles come from: a `{z}/{x}/{y}` URL template, its headers and `data` (docs/contract.md §13). */
export interface TileSource {
  url: string;
  headers?: Record<string, string>;
  data?: LayerData;
}

interface Tile {
  slot: number;
  layer?: CesiumVectorLayer;
  done: boolean;
}

/**
 * An `mvt` layer (docs/contract.md §13, docs/viewer.md "Tiles"): the Mapbox Vector Tiles that cover the view,
 * fetched, decoded and styled by a worker and drawn by the batched path, one CesiumVectorLayer
 * per tile. Tiles that leave the view go once the new ones are drawn, so the page holds what is
 * in view, whatever the size of the whole set.
 */
export class CesiumTileLayer extends BatchedLayer {
  readonly primitives = new PrimitiveCollection();
  private readonly worker = new Worker(new URL('./vector-tile-worker.ts', import.meta.url), { type: 'module', name: 'mvt layer' });
  private tiles = new Map<string, Tile>();
  private readonly bySlot = new Map<number, Tile>();
  /** Tiles no longer in view, kept until the ones in view are drawn. */
  private readonly stale = new Set<string>();
  private nextSlot = 0;
  /** Restyles start a new generation; replies for tiles of an older one are dropped. */
  private generation = 0;
  private highlightedIds: string[] = [];
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly removeMoveListener: () => void;
  /** Whether the view was known once (until then, nothing is drawn, and the layer is not ready). */
  private viewed = false;

  constructor(
    private readonly scene: Scene,
    private readonly source: TileSource,
    appearance: Appearance | undefined,
    private readonly progress?: (loaded: number, total: number) => void,
    /** Its group's opacity (docs/contract.md §18), sent with every style. */
    private readonly opacity?: number,
  ) {
    super();
    scene.primitives.add(this.primitives);
    this.worker.onmessage = (event: MessageEvent<TileWorkerReply>) => this.receive(event.data);
    this.style(appearance);
    this.removeMoveListener = scene.camera.moveEnd.addEventListener(() => {
      clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => this.update(), SETTLE_MS);
    });
    if (!this.update()) {
      // Before the globe's first frame the camera may not know its view yet.
      const removeRender = scene.postRender.addEventListener(() => {
        if (this.primitives.isDestroyed() || this.update()) removeRender();
      });
    }
  }

  private style(appearance: Appearance | undefined): void {
    const layers = layerNames(this.source.data?.layers);
    const request: TileWorkerRequest = {
      type: 'style',
      ...(appearance ? { appearance } : {}),
      batchSize: BATCH_SIZE,
      ...(layers ? { layers } : {}),
      ...(this.opacity !== undefined ? { opacity: this.opacity } : {}),
    };
    this.worker.postMessage(request);
  }

  /**
   * Asks for the tiles that cover the view and are not drawn yet; lets go of the rest once those
   * are drawn. False when the camera sees no part of the globe.
   */
  update(): boolean {
    if (this.primitives.isDestroyed()) return false;
    const rectangle = this.scene.camera.computeViewRectangle(this.scene.globe.ellipsoid);
    if (!rectangle) return false;
    this.viewed = true;
    const deg = CesiumMath.toDegrees;
    const { z, tiles } = tilesCovering(
      { west: deg(rectangle.west), south: deg(rectangle.south), east: deg(rectangle.east), north: deg(rectangle.north) },
      this.scene.canvas.clientWidth,
      this.source.data?.minimumLevel ?? 0,
      this.source.data?.maximumLevel ?? MAX_TILE_ZOOM,
    );
    const wanted = new Map<string, Tile>();
    for (const [x, y] of tiles) {
      const key = `${this.generation}:${z}/${x}/${y}`;
      wanted.set(key, this.tiles.get(key) ?? this.request(key, z, x, y));
      this.stale.delete(key);
    }
    for (const [key, tile] of this.tiles) {
      if (wanted.has(key)) continue;
      wanted.set(key, tile);
      this.stale.add(key);
    }
    this.tiles = wanted;
    this.sweep();
    this.reportProgress();
    return true;
  }

  private request(key: string, z: number, x: number, y: number): Tile {
    const tile: Tile = { slot: this.nextSlot++, done: false };
    this.bySlot.set(tile.slot, tile);
    const request: TileWorkerRequest = {
      type: 'tile',
      key,
      url: tileUrl(this.source.url, z, x, y),
      ...(this.source.headers ? { headers: this.source.headers } : {}),
      z,
      x,
      y,
    };
    this.worker.postMessage(request);
    return tile;
  }

  private receive(reply: TileWorkerReply): void {
    const tile = this.tiles.get(reply.key);
    if (!tile || this.primitives.isDestroyed()) return;
    switch (reply.type) {
      case 'count':
        tile.layer = new CesiumVectorLayer(this.scene, undefined, reply.features, () => this.reportProgress(), {
          into: this.primitives,
          pickOwner: this,
          pickBase: tile.slot * SLOT,
        });
        break;
      case 'batch':
        tile.layer?.add(reply.batch);
        break;
      case 'error':
        console.error(`[orbis] a tile of an mvt layer: ${reply.message}`);
        tile.done = true;
        tile.layer?.finish();
        break;
      case 'done':
        tile.done = true;
        tile.layer?.finish();
        this.applyHighlight(tile);
        break;
    }
    if (tile.done) this.sweep();
  }

  /** Lets go of the stale tiles once every tile in view is done. */
  private sweep(): void {
    for (const [key, tile] of this.tiles) if (!this.stale.has(key) && !tile.done) return;
    for (const key of this.stale) this.drop(key);
    this.stale.clear();
    this.scene.requestRender();
  }

  private drop(key: string): void {
    const tile = this.tiles.get(key);
    if (!tile) return;
    this.tiles.delete(key);
    this.bySlot.delete(tile.slot);
    tile.layer?.destroy();
  }

  private reportProgress(): void {
    if (!this.progress) return;
    let loaded = 0;
    let total = 0;
    for (const [key, tile] of this.tiles) {
      if (this.stale.has(key)) continue;
      loaded += tile.layer?.loaded ?? 0;
      total += tile.layer?.total ?? 0;
    }
    this.progress(loaded, total);
  }

  get show(): boolean {
    return this.primitives.show;
  }
  set show(value: boolean) {
    this.primitives.show = value;
    this.scene.requestRender();
  }

  get ready(): boolean {
    if (!this.viewed) return false;
    for (const [key, tile] of this.tiles) if (!this.stale.has(key) && (!tile.done || (tile.layer && !tile.layer.ready))) return false;
    return true;
  }

  restyle(appearance: Appearance | undefined): void {
    this.style(appearance);
    this.generation++;
    for (const key of this.tiles.keys()) this.stale.add(key);
    this.update();
  }

  private at(index: number): { layer: CesiumVectorLayer; local: number } | undefined {
    const layer = this.bySlot.get(Math.floor(index / SLOT))?.layer;
    return layer ? { layer, local: index % SLOT } : undefined;
  }

  featureId(index: number): string | undefined {
    const at = this.at(index);
    return at?.layer.featureId(at.local);
  }

  name(index: number): string | undefined {
    const at = this.at(index);
    return at?.layer.name(at.local);
  }

  properties(index: number): Record<string, unknown> | undefined {
    const at = this.at(index);
    return at?.layer.properties(at.local);
  }

  /** The tiles in view, drawn or drawing. */
  private *current(): Generator<Tile & { layer: CesiumVectorLayer }> {
    for (const [key, tile] of this.tiles) if (!this.stale.has(key) && tile.layer) yield tile as Tile & { layer: CesiumVectorLayer };
  }

  allProperties(): Record<string, unknown>[] {
    return [...this.current()].flatMap((tile) => tile.layer.allProperties());
  }

  geometryKinds(): Set<GeometryKind> {
    return new Set([...this.current()].flatMap((tile) => [...tile.layer.geometryKinds()]));
  }

  indexOf(id: string): number | undefined {
    for (const tile of this.current()) {
      const local = tile.layer.indexOf(id);
      if (local !== undefined) return tile.slot * SLOT + local;
    }
    return undefined;
  }

  get boundingSphere(): BoundingSphere | undefined {
    const spheres = [...this.current()].flatMap((tile) => tile.layer.boundingSphere ?? []);
    return spheres.length ? BoundingSphere.fromBoundingSpheres(spheres) : undefined;
  }

  featuresIn(left: number, top: number, right: number, bottom: number): string[] {
    if (!this.primitives.show) return [];
    // A shape cut by tile edges is in several tiles: once here.
    return [...new Set([...this.current()].flatMap((tile) => tile.layer.featuresIn(left, top, right, bottom)))];
  }

  /** Highlights the features these indices name, in every tile that holds a part of them, and in tiles drawn later. */
  highlight(indices: number[]): void {
    this.highlightedIds = indices.flatMap((i) => this.featureId(i) ?? []);
    for (const tile of this.current()) this.applyHighlight(tile);
    this.scene.requestRender();
  }

  private applyHighlight(tile: Tile): void {
    tile.layer?.highlight(this.highlightedIds.flatMap((id) => tile.layer!.indexOf(id) ?? []));
  }

  destroy(): void {
    clearTimeout(this.settleTimer);
    this.removeMoveListener();
    this.worker.terminate();
    for (const key of [...this.tiles.keys()]) this.drop(key);
    this.scene.primitives.remove(this.primitives);
  }
}
