import {
  BoundingSphere,
  Cartographic,
  sampleTerrain,
  sampleTerrainMostDetailed,
  SceneTransforms,
  Cartesian2,
  Cartesian3,
  EllipsoidTerrainProvider,
  type DataSource,
  Entity,
  type JulianDate,
  type PolygonHierarchy,
  Ion,
  Math as CesiumMath,
  Viewer,
} from 'cesium';
import type { Camera, ViewerProperty } from '@orbis/scene';
import { CesiumCamera } from './cesium-camera.js';
import { CesiumPluginLayers } from './layers/cesium-plugin-layers.js';
import { CesiumTimeline } from './cesium-timeline.js';
import { ViewInset } from './cesium-view-inset.js';
import { SceneDrawing } from './cesium-drawing.js';
import { CesiumFeatures } from './layers/cesium-features.js';
import { CesiumProperties } from './cesium-properties.js';
import { CesiumSceneLayers, type LayersChange } from './layers/cesium-scene-layers.js';
import { listenToPointer } from './cesium-pointer.js';
import type { SketchFeature } from '@orbis/plugin-api';
import type { Engine, EngineLayer, LayerProgress, PointDescription, PointerInput, Position, SketchDraft, SketchLook } from '../engine.js';
import type { FeatureInfo, FeatureRef, GeometryKind } from '../engine-features.js';
import { markFirstFrame } from './first-frame-mark.js';
import type { AssetFiles } from '../property-mapping.js';
import { VectorPick } from './vector/vector-primitives.js';
import { whenSettled } from './cesium-settle.js';
import { isBehindHorizon } from '../horizon.js';
import { CesiumLabelDeclutter } from './cesium-label-declutter.js';
import { followHorizon } from './cesium-clamped-depth.js';
import { sampleLevelOf } from './cesium-height-tiles.js';

const CAPTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** The longest wait for the globe's tiles before a page counts as settled anyway. */
const SETTLE_LIMIT_MS = 45_000;
/**
 * The longest wait for the globe's first complete frame before later work (plugins) starts anyway:
 * a tile server that never answers must not keep the widgets away.
 */
const FIRST_FRAME_LIMIT_MS = 20_000;

/** The engine on CesiumJS: offline by default (Natural Earth II from the cesium package, no terrain, no ion). */
export class CesiumEngine implements Engine {
  readonly viewer: Viewer;
  readonly camera: CesiumCamera;
  readonly pluginLayers: CesiumPluginLayers;
  readonly timeline: CesiumTimeline;
  private readonly properties: CesiumProperties;
  private readonly sceneLayers: CesiumSceneLayers;
  private readonly owners = new Map<object, string>();
  private readonly drawing: SceneDrawing;
  private readonly features: CesiumFeatures;
  private readonly firstFrame: Promise<void>;
  private readonly inset: ViewInset;

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
    this.features = new CesiumFeatures(this.viewer, this.owners, (x, y) => this.locationAt(x, y, true));
    this.camera = new CesiumCamera(this.viewer);
    this.timeline = new CesiumTimeline(this.viewer);
    this.sceneLayers = new CesiumSceneLayers(this.viewer, this.owners, this.timeline, () => this.whenFirstFrame());
    this.pluginLayers = new CesiumPluginLayers(this.viewer, this.owners, (id, load) => this.sceneLayers.replace(id, load));
    this.properties = new CesiumProperties(
      this.viewer,
      () => this.requestRender(),
      (fields) => this.camera.appSetController(fields),
    );
    this.inset = new ViewInset(this.viewer);
    const labels = new CesiumLabelDeclutter(this.viewer, this.owners);
    this.viewer.scene.postRender.addEventListener(() => labels.update());
    followHorizon(this.viewer.scene);
    this.applyProperty({});
    this.firstFrame = markFirstFrame(this.viewer.scene);
  }

  applyProperty(property: ViewerProperty): void {
    this.properties.apply(property);
  }

  setAssetFiles(files: AssetFiles): void {
    this.properties.assetFiles = files;
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
    return this.sceneLayers.set(wanted);
  }

  async flyToLayer(id: string, options: { unlessInView?: boolean } = {}): Promise<void> {
    // A layer just given to setLayers is known once that call applies: a new layer flies to its data once loaded.
    await this.sceneLayers.whenApplied();
    const loaded = await this.sceneLayers.loaded(id);
    if (!loaded) return;
    if (loaded.kind === 'model' || loaded.kind === 'vector') {
      const sphere = loaded.value.boundingSphere;
      if (sphere && options.unlessInView && this.inView(sphere)) return;
      if (sphere) await new Promise<void>((resolve) => this.viewer.camera.flyToBoundingSphere(sphere, { duration: 1.5, complete: resolve, cancel: resolve }));
      return;
    }
    if (options.unlessInView && loaded.kind === 'dataSource') {
      const sphere = entitiesSphere(loaded.value, this.viewer.clock.currentTime);
      if (sphere && this.inView(sphere)) return;
    }
    await this.viewer.flyTo(loaded.value, { duration: 1.5 });
  }

  /** Whether a layer's data is in view: the point of the globe's surface under its bounding sphere's centre is on the screen (a sphere wider than the globe always is). */
  private inView(sphere: BoundingSphere): boolean {
    const ellipsoid = this.viewer.scene.globe.ellipsoid;
    if (sphere.radius > ellipsoid.maximumRadius) return true;
    const surface = ellipsoid.scaleToGeodeticSurface(sphere.center);
    return surface !== undefined && this.onScreen([surface.x, surface.y, surface.z]) !== undefined;
  }

  refreshLayers(ids: string[]): Promise<void> {
    return this.sceneLayers.refresh(ids);
  }

  onLayersChange(listener: (change: LayersChange) => void): () => void {
    return this.sceneLayers.onChange(listener);
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
    return this.sceneLayers.onFailure(listener);
  }

  onBasemapFailure(listener: (failure: { source: string } | undefined) => void): () => void {
    return this.properties.onTilesFailure(listener);
  }

  onClusters(listener: (drawn: { layerId: string; counts: number[] }) => void): () => void {
    return this.sceneLayers.onClusters(listener);
  }

  onLayerProgress(listener: (progress: LayerProgress) => void): () => void {
    return this.sceneLayers.onProgress(listener);
  }

  onFrame(listener: () => void): () => void {
    return this.viewer.scene.postRender.addEventListener(listener);
  }

  whenFirstFrame(maxWaitMs = FIRST_FRAME_LIMIT_MS): Promise<void> {
    let limit: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([this.firstFrame, new Promise<void>((resolve) => (limit = setTimeout(resolve, maxWaitMs)))]).finally(() => clearTimeout(limit));
  }

  whenSettled(maxWaitMs = SETTLE_LIMIT_MS): Promise<void> {
    return whenSettled(
      this.viewer,
      () => this.sceneLayers.allDrawn(),
      maxWaitMs,
      () => this.sceneLayers.lastProgressAt,
    );
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
      // A DEM's or GSI's heightmaps (docs/rasters.md) have no tile availability: sampled at their own level.
      const level = sampleLevelOf(provider);
      const place = [Cartographic.fromDegrees(lng, lat)];
      const [sampled] = level === undefined ? await sampleTerrainMostDetailed(provider, place) : await sampleTerrain(provider, level, place);
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
    return this.onScreen([at.x, at.y, at.z]);
  }

  /** Where a position is on the screen, when it is on it and not behind the globe. */
  private onScreen(position: Position): [number, number] | undefined {
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
    this.camera.appSetController(['enableInputs']);
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

  addSketch(feature: SketchFeature, look: SketchLook): void {
    this.drawing.addSketch(feature, look);
  }

  featureAt(x: number, y: number): FeatureRef | undefined {
    return this.features.featureAt(x, y);
  }

  rasterAt(x: number, y: number): Promise<FeatureRef | undefined> {
    return this.features.rasterAt(x, y);
  }

  featureInfo(feature: FeatureRef, infobox?: Parameters<CesiumFeatures['featureInfo']>[1]): FeatureInfo | undefined {
    return this.features.featureInfo(feature, infobox);
  }

  expressionColor(expression: string): string | undefined {
    return this.features.expressionColor(expression);
  }

  geometryKinds(layerId: string): GeometryKind[] {
    return this.features.geometryKinds(layerId);
  }

  featureProperties(layerId: string): Record<string, unknown>[] {
    return this.features.featureProperties(layerId);
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

/** The sphere around a data source's first 2,000 entities (points, lines and polygons' outer rings): where its data is. */
function entitiesSphere(source: DataSource, time: JulianDate): BoundingSphere | undefined {
  const points: Cartesian3[] = [];
  for (const entity of source.entities.values.slice(0, 2000)) {
    const at = entity.position?.getValue(time);
    if (at) points.push(at);
    const ring = (entity.polygon?.hierarchy?.getValue(time) as PolygonHierarchy | undefined)?.positions;
    if (ring) points.push(...ring);
    const line = entity.polyline?.positions?.getValue(time) as Cartesian3[] | undefined;
    if (line) points.push(...line);
  }
  return points.length > 0 ? BoundingSphere.fromPoints(points) : undefined;
}
