import type { Viewer } from 'cesium';
import {
  drawsTheSame,
  layerDrawn,
  loadLayer,
  type LoadedLayer,
  orderLayers,
  readsFeatures,
  removeLayer,
  restyleTileset,
  restylesInPlace,
  setLayerVisible,
  startFeatures,
} from './cesium-layers.js';
import type { CesiumTimeline } from '../cesium-timeline.js';
import type { EngineLayer, LayerProgress } from '../../engine.js';
import { loadFailure } from './load-failure.js';
import type { VectorJob } from '../vector/vector-loader.js';

type LayerFailure = { layerId: string; reason?: string };
/** What one application of the scene's layers changed: layers drawn anew (added, or loaded again) and layers gone. */
export type LayersChange = { loaded: string[]; removed: string[] };

/** The timeline bar's reason while a layer shown has time-dynamic data. */
const TIMED_LAYERS = 'layers';
/** A time-dynamic vector layer's (docs/contract.md §18 `data.time`) earliest start and latest end. */
const timeRangeOf = (l: LoadedLayer) => (l.value as { timeRange?: [number, number] }).timeRange;
/** Whether a loaded layer is time-dynamic: CesiumJS took a clock from it (a CZML document's), or its features have times. */
const hasClock = (l: LoadedLayer) => (l.value as { clock?: unknown }).clock !== undefined || timeRangeOf(l) !== undefined;

/**
 * The scene's layers on the globe: loads what a scene names, keeps what draws the same, removes
 * what is gone, and tells listeners of progress and failures. Each drawn layer's CesiumJS object is
 * registered in `owners` under its layer id, for picking.
 */
export class CesiumSceneLayers {
  private readonly layers = new Map<string, { layer: EngineLayer; loaded: Promise<LoadedLayer | undefined> }>();
  /** The layers now in the scene, for whenSettled to wait for (models and 3D tiles load over frames). */
  private readonly drawn = new Set<LoadedLayer>();
  /** Layer workers started before the layers they read are loaded. */
  private readonly early = new Map<string, { layer: EngineLayer; job: VectorJob }>();
  private readonly progressListeners = new Set<(progress: LayerProgress) => void>();
  private readonly failureListeners = new Set<(failure: LayerFailure) => void>();
  private readonly clusterListeners = new Set<(drawn: { layerId: string; counts: number[] }) => void>();
  private readonly changeListeners = new Set<(change: LayersChange) => void>();
  /** The layers of the last `set`, which `refresh` applies again. */
  private lastWanted: EngineLayer[] = [];
  /** Layers to load again from their source though they draw the same (what is at the URL changed). */
  private readonly stale = new Set<string>();
  /** When a large layer last drew more of itself (`Date.now()`): whenSettled keeps waiting while they do. */
  lastProgressAt = 0;

  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
    private readonly timeline: CesiumTimeline,
    private readonly whenFirstFrame: () => Promise<void>,
  ) {}

  set(wanted: EngineLayer[]): Promise<void> {
    // Layer workers start at once: their files are fetched, parsed and styled on another thread
    // while the globe loads.
    for (const layer of wanted) {
      const entry = this.layers.get(layer.id);
      const started = this.early.get(layer.id);
      const fresh = !this.stale.has(layer.id);
      if (!readsFeatures(layer) || (fresh && entry && drawsTheSame(entry.layer, layer)) || (fresh && started && drawsTheSame(started.layer, layer))) continue;
      started?.job.stop();
      this.early.set(layer.id, { layer, job: startFeatures(layer) });
    }
    // One call applies at a time, and a call that waits applies the latest layers: calls made
    // while one loads (a style panel's quick changes) would otherwise both find the old drawing,
    // and the older load could stay drawn over the newer.
    this.nextLayers = wanted;
    this.lastWanted = wanted;
    const turn = this.layerTurn.then(() => {
      const next = this.nextLayers;
      this.nextLayers = undefined;
      return next && this.apply(next);
    });
    this.layerTurn = turn.catch(() => undefined);
    return turn;
  }

  private nextLayers: EngineLayer[] | undefined;
  private layerTurn: Promise<void> = Promise.resolve();

  /**
   * Loads these layers again from their sources, as the last `set` gave them: what is at a URL
   * changed though the layer did not (a model's items made public, docs/viewer.md). Unknown ids
   * are left alone.
   */
  refresh(ids: string[]): Promise<void> {
    for (const id of ids) if (this.layers.has(id) || this.lastWanted.some((l) => l.id === id)) this.stale.add(id);
    return this.set(this.lastWanted);
  }

  /** Resolves once the layers given to `set` so far are applied (loaded or failed). */
  whenApplied(): Promise<void> {
    return this.layerTurn;
  }

  /** Calls `listener` after each application of the layers that drew or removed any; returns the function that stops it. */
  onChange(listener: (change: LayersChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private async apply(wanted: EngineLayer[]): Promise<void> {
    // The globe's first complete frame comes first: layers drawn in every frame while its tiles
    // stream in made each of those frames several times dearer (docs/performance.md).
    await this.whenFirstFrame();
    const ids = new Set(wanted.map((l) => l.id));
    const removed: string[] = [];
    const loading: string[] = [];
    for (const [id, entry] of this.layers) {
      if (ids.has(id)) continue;
      this.layers.delete(id);
      this.forget(await entry.loaded);
      removed.push(id);
    }
    for (const layer of wanted) {
      const entry = this.layers.get(layer.id);
      if (entry && drawsTheSame(entry.layer, layer) && !this.stale.has(layer.id)) {
        entry.layer = layer;
        void entry.loaded.then((l) => l && setLayerVisible(l, layer.visible));
        continue;
      }
      if (entry && restylesInPlace(entry.layer, layer) && !this.stale.has(layer.id)) {
        entry.layer = layer;
        void entry.loaded.then((l) => {
          if (!l) return;
          restyleTileset(l, layer);
          setLayerVisible(l, layer.visible);
          this.viewer.scene.requestRender();
        });
        continue;
      }
      // The old drawing goes now; its owner stays until the new one is in: the editor's style panel
      // reads the layer's features (featureProperties) between two quick changes, while it loads.
      const old = entry && (await entry.loaded);
      if (old) {
        this.drawn.delete(old);
        removeLayer(this.viewer, old);
      }
      this.stale.delete(layer.id);
      this.layers.set(layer.id, { layer, loaded: this.load(layer, old) });
      loading.push(layer.id);
    }
    for (const [id, early] of this.early) {
      if (ids.has(id)) continue;
      early.job.stop();
      this.early.delete(id);
    }
    const loaded = await Promise.all(wanted.map((l) => this.layers.get(l.id)?.loaded));
    orderLayers(
      this.viewer,
      loaded.filter((l): l is LoadedLayer => l !== undefined),
    );
    // The bar shows while a layer shown has time data, and goes when none has (a story page without it).
    if (loaded.some((l, i) => l && wanted[i]!.visible && hasClock(l))) this.timeline.want(TIMED_LAYERS);
    else this.timeline.release(TIMED_LAYERS);
    this.viewer.scene.requestRender();
    const change = { loaded: loading.filter((id) => loaded[wanted.findIndex((l) => l.id === id)] !== undefined), removed };
    if (change.loaded.length + change.removed.length > 0) for (const listener of [...this.changeListeners]) listener(change);
  }

  private load(layer: EngineLayer, replacing: LoadedLayer | undefined): Promise<LoadedLayer | undefined> {
    const progress = (loaded: number, total: number) => {
      this.lastProgressAt = Date.now();
      for (const listener of [...this.progressListeners]) listener({ layerId: layer.id, loaded, total });
    };
    const early = this.early.get(layer.id);
    this.early.delete(layer.id);
    const job = early && drawsTheSame(early.layer, layer) ? early.job : (early?.job.stop(), undefined);
    const clustersDrawn = (counts: number[]) => {
      for (const listener of [...this.clusterListeners]) listener({ layerId: layer.id, counts });
    };
    return loadLayer(this.viewer, layer, progress, job, { clustersDrawn }).then(
      (l) => {
        this.tellFailure({ layerId: layer.id });
        setLayerVisible(l, layer.visible);
        if (replacing) this.owners.delete(replacing.value);
        this.keep(l, layer.id);
        // Time-dynamic data (a CZML document's clock): CesiumJS has taken its clock; the page shows the timeline bar.
        if (hasClock(l)) {
          if (layer.visible) this.timeline.want(TIMED_LAYERS);
          // Features with times set the clock to their range, as a CZML document's clock does (the scene's own clock applies after).
          const range = timeRangeOf(l);
          this.timeline.commit(range ? { start: range[0], stop: range[1], current: range[0] } : {}, { source: 'featureResource', id: layer.id });
        }
        return l;
      },
      (err: unknown) => {
        if (replacing) this.owners.delete(replacing.value);
        const reason = loadFailure(err, layer.url);
        console.error(`[orbis] layer "${layer.id}" could not be loaded: ${reason}`);
        this.tellFailure({ layerId: layer.id, reason });
        return undefined;
      },
    );
  }

  /**
   * Draws a scene layer from other data (a plugin's `layers.override` with `data`) in place of
   * its drawing, which goes once the new one is in, or at once when the new data cannot be
   * loaded. A scene edit that changes the layer draws it from the scene again.
   */
  replace(id: string, load: () => Promise<LoadedLayer>): Promise<LoadedLayer | undefined> | undefined {
    const entry = this.layers.get(id);
    if (!entry) return undefined;
    const previous = entry.loaded;
    const next = load().then(
      (l) => l,
      (err: unknown) => {
        console.error(`[orbis] layer "${id}" could not be loaded from its new data: ${loadFailure(err, undefined)}`);
        return undefined;
      },
    );
    const loaded = Promise.all([previous, next]).then(([old, l]) => {
      this.forget(old);
      // Replaced again, or gone from the scene, while it loaded.
      if (this.layers.get(id) !== entry || entry.loaded !== loaded) {
        if (l) removeLayer(this.viewer, l);
        return undefined;
      }
      if (l) this.keep(l, id);
      this.viewer.scene.requestRender();
      return l;
    });
    entry.loaded = loaded;
    return loaded;
  }

  /** The layer as drawn, once loaded; undefined for an unknown layer or one that failed. */
  loaded(id: string): Promise<LoadedLayer | undefined> | undefined {
    return this.layers.get(id)?.loaded;
  }

  /** Whether every drawn layer has drawn all it has (models and 3D tiles load over frames). */
  allDrawn(): boolean {
    return [...this.drawn].every(layerDrawn);
  }

  onFailure(listener: (failure: LayerFailure) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  onClusters(listener: (drawn: { layerId: string; counts: number[] }) => void): () => void {
    this.clusterListeners.add(listener);
    return () => this.clusterListeners.delete(listener);
  }

  onProgress(listener: (progress: LayerProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  private keep(l: LoadedLayer, id: string): void {
    this.owners.set(l.value, id);
    this.drawn.add(l);
  }

  private forget(l: LoadedLayer | undefined): void {
    if (!l) return;
    this.owners.delete(l.value);
    this.drawn.delete(l);
    removeLayer(this.viewer, l);
  }

  private tellFailure(failure: LayerFailure): void {
    for (const listener of [...this.failureListeners]) listener(failure);
  }
}
