import {
  Cartographic,
  sampleTerrainMostDetailed,
  SceneTransforms,
  Cartesian2,
  Cartesian3,
  Color,
  EllipsoidTerrainProvider,
  Entity,
  Ion,
  Math as CesiumMath,
  SceneMode,
  ShadowMode,
  Viewer,
} from 'cesium';
import type { Camera, ViewerProperty } from '@orbis/scene';
import { setBaseTiles, setTerrain } from './cesium-base-layers.js';
import { CesiumCamera } from './cesium-camera.js';
import { CesiumPluginLayers } from './cesium-plugin-layers.js';
import { CesiumTimeline } from './cesium-timeline.js';
import { ViewInset } from './cesium-view-inset.js';
import { SceneDrawing } from './cesium-drawing.js';
import { CesiumFeatures } from './cesium-features.js';
import { drawsTheSame, layerDrawn, loadLayer, type LoadedLayer, orderLayers, readsFeatures, removeLayer, setLayerVisible, startFeatures } from './cesium-layers.js';
import type { VectorJob } from './vector/vector-loader.js';
import { listenToPointer } from './cesium-pointer.js';
import type { SketchFeature } from '@orbis/plugin-api';
import type { Engine, EngineLayer, LayerProgress, PointDescription, PointerInput, Position, SketchDraft } from './engine.js';
import type { FeatureInfo, FeatureRef, GeometryKind } from './engine-features.js';
import { markFirstFrame } from './first-frame-mark.js';
import { VectorPick } from './vector/vector-primitives.js';
import { whenSettled } from './cesium-settle.js';
import { isBehindHorizon } from './horizon.js';
import { CesiumLabelDeclutter } from './cesium-label-declutter.js';
import { loadFailure } from './load-failure.js';
import { type EngineSettings, toEngineSettings } from './property-mapping.js';

const CAPTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** The longest wait for the globe's tiles before a page counts as settled anyway. */
const SETTLE_LIMIT_MS = 45_000;
/**
 * The longest wait for the globe's first complete frame before later work (plugins) starts anyway:
 * a tile server that never answers must not keep the widgets away.
 */
const FIRST_FRAME_LIMIT_MS = 20_000;
/** The timeline bar's reason while a layer shown has time-dynamic data. */
const TIMED_LAYERS = 'layers';
/** Whether a loaded layer is time-dynamic: CesiumJS took a clock from it (a CZML document's). */
const hasClock = (l: LoadedLayer) => (l.value as { clock?: unknown }).clock !== undefined;

/** The engine on CesiumJS: offline by default (Natural Earth II from the cesium package, no terrain, no ion). */
export class CesiumEngine implements Engine {
  readonly viewer: Viewer;
  readonly camera: CesiumCamera;
  readonly pluginLayers: CesiumPluginLayers;
  readonly timeline: CesiumTimeline;
  private applied: Partial<Record<keyof EngineSettings, string>> = {};
  private readonly layers = new Map<string, { layer: EngineLayer; loaded: Promise<LoadedLayer | undefined> }>();
  /** The layers now in the scene, for whenSettled to wait for (models and 3D tiles load over frames). */
  private readonly drawn = new Set<LoadedLayer>();
  private readonly owners = new Map<object, string>();
  private readonly drawing: SceneDrawing;
  private readonly features: CesiumFeatures;
  private readonly firstFrame: Promise<void>;
  private readonly inset: ViewInset;
  private readonly progressListeners = new Set<(progress: LayerProgress) => void>();
  private readonly failureListeners = new Set<(failure: { layerId: string; reason?: string }) => void>();
  /** When a large layer last drew more of itself (`Date.now()`): whenSettled keeps waiting while they do. */
  private lastProgressAt = 0;
  /** Layer workers started before the layers they read are loaded (setLayers). */
  private readonly early = new Map<string, { layer: EngineLayer; job: VectorJob }>();

  constructor(container: HTMLElement) {
    // No default Cesium ion token: nothing is fetched from ion unless a scene names a token.
    Ion.defaultAccessToken = '';
    this.viewer = new Viewer(container, {
      baseLayer: false,
      baseLayerPicker: false,
      geocoder: false,
      homeButton: false,
      sceneModePicker: false,
      navigationHelpButton: false,
      animation: false,
      timeline: false,
      fullscreenButton: false,
      infoBox: false,
      selectionIndicator: false,
      terrainProvider: new EllipsoidTerrainProvider(),
      requestRenderMode: true,
      maximumRenderTimeChange: Number.POSITIVE_INFINITY,
      contextOptions: { webgl: { preserveDrawingBuffer: true } },
    });
    this.drawing = new SceneDrawing(this.viewer, this.owners);
    this.features = new CesiumFeatures(this.viewer, this.owners);
    this.camera = new CesiumCamera(this.viewer);
    this.pluginLayers = new CesiumPluginLayers(this.viewer, this.owners, (id, load) => this.replaceLayer(id, load));
    this.timeline = new CesiumTimeline(this.viewer);
    this.inset = new ViewInset(this.viewer);
    const labels = new CesiumLabelDeclutter(this.viewer, this.owners);
    this.viewer.scene.postRender.addEventListener(() => labels.update());
    this.applyProperty({});
    this.firstFrame = markFirstFrame(this.viewer.scene);
  }

  applyProperty(property: ViewerProperty): void {
    const settings = toEngineSettings(property);
    const changed = <K extends keyof EngineSettings>(key: K): boolean => {
      const json = JSON.stringify(settings[key]);
      if (this.applied[key] === json) return false;
      this.applied[key] = json;
      return true;
    };
    const { scene } = this.viewer;
    if (changed('globe')) {
      scene.globe.show = settings.globe.show;
      scene.globe.baseColor = Color.fromCssColorString(settings.globe.baseColor);
      scene.globe.enableLighting = settings.globe.enableLighting;
      scene.globe.showGroundAtmosphere = settings.globe.showGroundAtmosphere;
      scene.globe.depthTestAgainstTerrain = settings.globe.depthTestAgainstTerrain;
    }
    if (changed('terrain')) void setTerrain(this.viewer, settings.terrain).then(() => this.requestRender());
    if (changed('exaggeration')) scene.verticalExaggeration = settings.exaggeration;
    if (changed('scene')) {
      scene.backgroundColor = Color.fromCssColorString(settings.scene.backgroundColor);
      scene.fog.enabled = settings.scene.fog;
      this.viewer.shadows = settings.scene.shadows;
      this.viewer.terrainShadows = settings.scene.shadows ? ShadowMode.ENABLED : ShadowMode.DISABLED;
      const mode = { '3d': SceneMode.SCENE3D, '2d': SceneMode.SCENE2D, columbus: SceneMode.COLUMBUS_VIEW }[settings.scene.mode];
      if (scene.mode !== mode) scene.mode = mode;
    }
    if (changed('tiles')) setBaseTiles(this.viewer, settings.tiles);
    if (changed('sky')) {
      // SkyBox has `show` at runtime; its typings omit it.
      if (scene.skyBox) (scene.skyBox as unknown as { show: boolean }).show = settings.sky.show;
      if (scene.skyAtmosphere) scene.skyAtmosphere.show = settings.sky.atmosphere;
      if (scene.sun) scene.sun.show = settings.sky.sun;
      if (scene.moon) scene.moon.show = settings.sky.moon;
    }
    if (changed('camera')) {
      const controller = scene.screenSpaceCameraController;
      controller.minimumZoomDistance = settings.camera.minimumZoomDistance;
      controller.maximumZoomDistance = settings.camera.maximumZoomDistance;
      controller.enableTilt = settings.camera.enableTilt;
      controller.enableRotate = settings.camera.enableRotate;
    }
    if (changed('render')) {
      this.viewer.resolutionScale = settings.render.resolutionScale;
      scene.debugShowFramesPerSecond = settings.render.debugFramesPerSecond;
      scene.msaaSamples = settings.render.antialias ? 4 : 1;
    }
    this.requestRender();
  }

  setCamera(camera: Camera): void {
    this.inset.set(camera);
  }

  flyTo(camera: Camera, seconds = 1.5): Promise<void> {
    return this.inset.fly(camera, seconds);
  }

  setCoveredBottom(pixels: number): void {
    this.inset.setCovered(pixels);
  }

  getCamera(): Camera {
    const { camera } = this.viewer;
    const position = camera.positionCartographic;
    return {
      lng: CesiumMath.toDegrees(position.longitude),
      lat: CesiumMath.toDegrees(position.latitude),
      height: position.height,
      heading: CesiumMath.toDegrees(camera.heading),
      pitch: CesiumMath.toDegrees(camera.pitch),
      roll: CesiumMath.toDegrees(camera.roll),
    };
  }

  setLayers(wanted: EngineLayer[]): Promise<void> {
    // Layer workers start at once: their files are fetched, parsed and styled on another thread
    // while the globe loads.
    for (const layer of wanted) {
      const entry = this.layers.get(layer.id);
      const started = this.early.get(layer.id);
      if (!readsFeatures(layer) || (entry && drawsTheSame(entry.layer, layer)) || (started && drawsTheSame(started.layer, layer))) continue;
      started?.job.stop();
      this.early.set(layer.id, { layer, job: startFeatures(layer) });
    }
    // One call applies at a time, and a call that waits applies the latest layers: calls made
    // while one loads (a style panel's quick changes) would otherwise both find the old drawing,
    // and the older load could stay drawn over the newer.
    this.nextLayers = wanted;
    const turn = this.layerTurn.then(() => {
      const next = this.nextLayers;
      this.nextLayers = undefined;
      return next && this.applyLayers(next);
    });
    this.layerTurn = turn.catch(() => undefined);
    return turn;
  }

  private nextLayers: EngineLayer[] | undefined;
  private layerTurn: Promise<void> = Promise.resolve();

  private async applyLayers(wanted: EngineLayer[]): Promise<void> {
    // The globe's first complete frame comes first: layers drawn in every frame while its tiles
    // stream in made each of those frames several times dearer (docs/performance.md).
    await this.whenFirstFrame();
    const ids = new Set(wanted.map((l) => l.id));
    for (const [id, entry] of this.layers) {
      if (ids.has(id)) continue;
      this.layers.delete(id);
      const loaded = await entry.loaded;
      if (loaded) {
        this.owners.delete(loaded.value);
        this.drawn.delete(loaded);
        removeLayer(this.viewer, loaded);
      }
    }
    for (const layer of wanted) {
      const entry = this.layers.get(layer.id);
      if (entry && drawsTheSame(entry.layer, layer)) {
        entry.layer = layer;
        void entry.loaded.then((l) => l && setLayerVisible(l, layer.visible));
        continue;
      }
      if (entry) {
        const old = await entry.loaded;
        if (old) (this.drawn.delete(old), removeLayer(this.viewer, old));
      }
      const progress = (loaded: number, total: number) => {
        this.lastProgressAt = Date.now();
        for (const listener of [...this.progressListeners]) listener({ layerId: layer.id, loaded, total });
      };
      const early = this.early.get(layer.id);
      this.early.delete(layer.id);
      const job = early && drawsTheSame(early.layer, layer) ? early.job : (early?.job.stop(), undefined);
      const loaded = loadLayer(this.viewer, layer, progress, job).then(
        (l) => {
          for (const listener of [...this.failureListeners]) listener({ layerId: layer.id });
          setLayerVisible(l, layer.visible);
          this.owners.set(l.value, layer.id);
          this.drawn.add(l);
          // Time-dynamic data (a CZML document's clock): CesiumJS has taken its clock; the page shows the timeline bar.
          if (hasClock(l)) {
            if (layer.visible) this.timeline.want(TIMED_LAYERS);
            this.timeline.commit({}, { source: 'featureResource', id: layer.id });
          }
          return l;
        },
        (err: unknown) => {
          const reason = loadFailure(err, layer.url);
          console.error(`[orbis] layer "${layer.id}" could not be loaded: ${reason}`);
          for (const listener of [...this.failureListeners]) listener({ layerId: layer.id, reason });
          return undefined;
        },
      );
      this.layers.set(layer.id, { layer, loaded });
    }
    for (const [id, early] of this.early) if (!ids.has(id)) (early.job.stop(), this.early.delete(id));
    const loaded = await Promise.all(wanted.map((l) => this.layers.get(l.id)?.loaded));
    orderLayers(this.viewer, loaded.filter((l): l is LoadedLayer => l !== undefined));
    // The bar shows while a layer shown has time data, and goes when none has (a story page without it).
    if (loaded.some((l, i) => l && wanted[i]!.visible && hasClock(l))) this.timeline.want(TIMED_LAYERS);
    else this.timeline.release(TIMED_LAYERS);
    this.requestRender();
  }

  /**
   * Draws a scene layer from other data (a plugin's `layers.override` with `data`) in place of
   * its drawing, which goes once the new one is in, or at once when the new data cannot be
   * loaded. A scene edit that changes the layer draws it from the scene again.
   */
  private replaceLayer(id: string, load: () => Promise<LoadedLayer>): Promise<LoadedLayer | undefined> | undefined {
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
      if (old) (this.owners.delete(old.value), this.drawn.delete(old), removeLayer(this.viewer, old));
      // Replaced again, or gone from the scene, while it loaded.
      if (this.layers.get(id) !== entry || entry.loaded !== loaded) {
        if (l) removeLayer(this.viewer, l);
        return undefined;
      }
      if (l) (this.owners.set(l.value, id), this.drawn.add(l));
      this.requestRender();
      return l;
    });
    entry.loaded = loaded;
    return loaded;
  }

  async flyToLayer(id: string): Promise<void> {
    const loaded = await this.layers.get(id)?.loaded;
    if (!loaded) return;
    if (loaded.kind === 'imagery') return;
    if (loaded.kind === 'model' || loaded.kind === 'vector') {
      const sphere = loaded.value.boundingSphere;
      if (sphere) await new Promise<void>((resolve) => this.viewer.camera.flyToBoundingSphere(sphere, { duration: 1.5, complete: resolve, cancel: resolve }));
      return;
    }
    await this.viewer.flyTo(loaded.value, { duration: 1.5 });
  }

  pickLayer(x: number, y: number): string | undefined {
    const picked = this.viewer.scene.pick(new Cartesian2(x, y)) as { id?: unknown; primitive?: unknown; tileset?: unknown } | undefined;
    if (!picked) return undefined;
    if (picked.id instanceof Entity) {
      const owner = picked.id.entityCollection.owner;
      return owner ? this.owners.get(owner) : undefined;
    }
    if (picked.id instanceof VectorPick) return this.owners.get(picked.id.owner);
    return this.owners.get(picked.tileset as object) ?? this.owners.get(picked.primitive as object);
  }

  capture(type?: string, quality?: number): string | undefined {
    const format = type && CAPTURE_TYPES.has(type) ? type : 'image/png';
    const q = typeof quality === 'number' && quality >= 0 && quality <= 1 ? quality : undefined;
    try {
      this.viewer.render();
      return this.viewer.canvas.toDataURL(format, q);
    } catch {
      return undefined;
    }
  }

  requestRender(): void {
    this.viewer.scene.requestRender();
  }

  onLayerFailure(listener: (failure: { layerId: string; reason?: string }) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  onLayerProgress(listener: (progress: LayerProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  onFrame(listener: () => void): () => void {
    return this.viewer.scene.postRender.addEventListener(listener);
  }

  whenFirstFrame(maxWaitMs = FIRST_FRAME_LIMIT_MS): Promise<void> {
    let limit: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([this.firstFrame, new Promise<void>((resolve) => (limit = setTimeout(resolve, maxWaitMs)))]).finally(() => clearTimeout(limit));
  }

  whenSettled(maxWaitMs = SETTLE_LIMIT_MS): Promise<void> {
    return whenSettled(this.viewer, () => [...this.drawn.values()].every(layerDrawn), maxWaitMs, () => this.lastProgressAt);
  }

  size(): { width: number; height: number } {
    const canvas = this.viewer.canvas;
    return { width: canvas.clientWidth, height: canvas.clientHeight };
  }

  ellipsoidRadii(): Position {
    const r = this.viewer.scene.globe.ellipsoid.radii;
    return [r.x, r.y, r.z];
  }

  locationAt(x: number, y: number, withTerrain: boolean): { lng: number; lat: number; height: number } | undefined {
    const { scene, camera } = this.viewer;
    const at = new Cartesian2(x, y);
    // With terrain off the surface is the ellipsoid: `withTerrain` answers there too.
    const terrainOn = withTerrain && !(this.viewer.terrainProvider instanceof EllipsoidTerrainProvider);
    const cartesian = terrainOn ? scene.globe.pick(camera.getPickRay(at)!, scene) : camera.pickEllipsoid(at, scene.globe.ellipsoid);
    return cartesian ? toLocation(Cartographic.fromCartesian(cartesian)) : undefined;
  }

  screenOf(position: Position): [number, number] | undefined {
    const at = SceneTransforms.worldToWindowCoordinates(this.viewer.scene, new Cartesian3(...position));
    return at ? [at.x, at.y] : undefined;
  }

  globeHeight(lng: number, lat: number): number | undefined {
    // With terrain off the surface is the ellipsoid, whose height is 0 everywhere. The globe answers
    // undefined where its tiles are not loaded yet, and a coarse tile's chord below the ellipsoid
    // where they are still coarse (-2,515 m over Japan just after the page was ready).
    if (this.viewer.terrainProvider instanceof EllipsoidTerrainProvider) return 0;
    return this.viewer.scene.globe.getHeight(Cartographic.fromDegrees(lng, lat));
  }

  async terrainHeight(lng: number, lat: number): Promise<number | undefined> {
    const provider = this.viewer.terrainProvider;
    if (provider instanceof EllipsoidTerrainProvider) return 0;
    try {
      const [sampled] = await sampleTerrainMostDetailed(provider, [Cartographic.fromDegrees(lng, lat)]);
      return sampled?.height;
    } catch {
      return undefined;
    }
  }

  offsetOnScreen(position: Position, offset: [number, number]): Position | undefined {
    const screen = this.screenOf(position);
    if (!screen) return undefined;
    const height = Cartographic.fromCartesian(new Cartesian3(...position)).height;
    const moved = this.viewer.camera.pickEllipsoid(new Cartesian2(screen[0] + offset[0], screen[1] + offset[1]), this.viewer.scene.globe.ellipsoid);
    if (!moved) return undefined;
    const place = Cartographic.fromCartesian(moved);
    const out = Cartesian3.fromRadians(place.longitude, place.latitude, height);
    return [out.x, out.y, out.z];
  }

  placeOnScreen(lng: number, lat: number, height: number): [number, number] | undefined {
    const at = Cartesian3.fromDegrees(lng, lat, height);
    const position: Position = [at.x, at.y, at.z];
    if (!this.isVisible(position)) return undefined;
    const screen = this.screenOf(position);
    const { width, height: h } = this.size();
    return screen && screen[0] >= 0 && screen[1] >= 0 && screen[0] <= width && screen[1] <= h ? screen : undefined;
  }

  isVisible(position: Position): boolean {
    const camera = this.viewer.camera.positionWC;
    return !isBehindHorizon(this.ellipsoidRadii(), [camera.x, camera.y, camera.z], position);
  }

  setNavigation(enabled: boolean): void {
    this.viewer.scene.screenSpaceCameraController.enableInputs = enabled;
  }

  showBox(box: Parameters<Engine['showBox']>[0], colors?: Parameters<Engine['showBox']>[1]): void {
    this.drawing.showBox(box, colors);
  }

  featuresInRect(x0: number, y0: number, x1: number, y1: number): { layerId: string; featureId: string }[] {
    return this.drawing.featuresInRect(x0, y0, x1, y1);
  }

  highlightFeatures(features: { layerId: string; featureId: string }[]): void {
    this.drawing.highlightFeatures(features);
    this.features.highlightTiles(features);
  }

  showSketchDraft(draft: SketchDraft | undefined): void {
    this.drawing.showSketchDraft(draft);
  }

  addSketch(feature: SketchFeature, color: string): void {
    this.drawing.addSketch(feature, color);
  }

  featureAt(x: number, y: number): FeatureRef | undefined {
    return this.features.featureAt(x, y);
  }

  featureInfo(feature: FeatureRef, infobox?: Parameters<CesiumFeatures['featureInfo']>[1]): FeatureInfo | undefined {
    return this.features.featureInfo(feature, infobox);
  }

  expressionColor(expression: string): string | undefined {
    return this.features.expressionColor(expression);
  }

  featureProperties(layerId: string): Record<string, unknown>[] {
    return this.features.featureProperties(layerId);
  }

  geometryKinds(layerId: string): GeometryKind[] {
    return this.features.geometryKinds(layerId);
  }

  describePoint(x: number, y: number): PointDescription {
    const place = this.locationAt(x, y, this.viewer.scene.globe.show && !(this.viewer.terrainProvider instanceof EllipsoidTerrainProvider));
    const layerId = this.pickLayer(x, y);
    return { ...(place ? { lat: place.lat, lng: place.lng, height: place.height } : {}), ...(layerId ? { layerId } : {}) };
  }

  onPointer(listener: (input: PointerInput) => void): () => void {
    return listenToPointer(this.viewer, listener);
  }

  destroy(): void {
    this.viewer.destroy();
  }
}

function toLocation(c: Cartographic): { lng: number; lat: number; height: number } {
  return { lng: CesiumMath.toDegrees(c.longitude), lat: CesiumMath.toDegrees(c.latitude), height: c.height };
}
