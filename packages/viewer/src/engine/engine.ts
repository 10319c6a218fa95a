import type { SketchFeature } from '@orbis/plugin-api';
import type { Appearance, Camera, LayerCluster, LayerFilter, LayerHeatmap, LayerType, ViewerProperty } from '@orbis/scene';
import type { EngineCamera } from './engine-camera.js';
import type { EngineFeatures } from './engine-features.js';
import type { EnginePluginLayers } from './engine-plugin-layers.js';
import type { EngineTimeline } from './engine-timeline.js';
import type { AssetFiles } from './property-mapping.js';
import type { EngineLayerData } from './engine-layer-data.js';

/** A layer the engine can show: always with a URL. */
export interface EngineLayer {
  id: string;
  type: LayerType;
  url: string;
  visible: boolean;
  /** How its features look (docs/contract.md §7). */
  appearance?: Appearance;
  /** Type-specific settings: CSV columns, WMS layers, imagery maximum level (docs/contract.md §7). */
  data?: EngineLayerData;
  /** Sent with every request of the layer (the editor's admin token for private assets). */
  headers?: Record<string, string>;
  /** docs/contract.md §18: its points drawn as clusters with counts. */
  cluster?: LayerCluster;
  /** docs/contract.md §18: what a visitor may filter it by (its features then take the batched path, whose `show` the filters narrow). */
  filters?: LayerFilter[];
  /** docs/contract.md §18: its points drawn as a density heat map. */
  heatmap?: LayerHeatmap;
  /** docs/contract.md §18: its group's opacity, 0–1 (1 when absent): every colour of its features, or its imagery, at that opacity. */
  opacity?: number;
}

export type Position = [number, number, number];

/** How far a large layer's load has come. */
export interface LayerProgress {
  layerId: string;
  loaded: number;
  total: number;
}

/** A pointer action on the viewer, in viewer pixels. */
export interface PointerInput {
  type:
    | 'click'
    | 'doubleClick'
    | 'mouseDown'
    | 'mouseUp'
    | 'rightClick'
    | 'rightDown'
    | 'rightUp'
    | 'middleClick'
    | 'middleDown'
    | 'middleUp'
    | 'mouseMove'
    | 'mouseEnter'
    | 'mouseLeave'
    | 'wheel';
  x: number;
  y: number;
  delta?: number;
  /** Shift was held: only presses, releases and moves of the left button are reported so (cesium-pointer.ts). */
  shift?: boolean;
}

/**
 * The height (metres above the ellipsoid) at which a flat sketch polygon (not a marker, a line or
 * an extruded shape) is drawn: over ground-clamped layers, which would hide one on the ground. The
 * sketch editor grabs its vertices where they show.
 */
export const SKETCH_FLAT_RAISE = 1000;

/** A shape being drawn in sketch mode (degrees and metres): its points, outline so far, height and colour. */
/**
 * How a finished sketch is drawn: its colour, and the options' `appearance` (Re:Earth's layer
 * appearance of its kind) where it says more: a marker's colour and size, a line's colour and width,
 * a polygon's fill, outline colour and width. CSS colours; sizes in pixels.
 */
export interface SketchLook {
  color: string;
  pointColor?: string;
  pointSize?: number;
  strokeColor?: string;
  strokeWidth?: number;
  fillColor?: string;
}

export interface SketchDraft {
  points: [number, number, number][];
  line?: [number, number, number][];
  ring?: [number, number, number][];
  extrudedHeight: number;
  color: string;
  /** Whether the extruded shape casts and receives shadows where the scene shows them (Re:Earth's sketch does, unless `disableShadow`). */
  shadows: boolean;
}

/** What is under a viewer pixel: the seed's MouseEvent fields. */
export interface PointDescription {
  lat?: number;
  lng?: number;
  height?: number;
  layerId?: string;
}

/**
 * The globe behind an interface: the editor, the published page and the plugin host talk to
 * this, never to CesiumJS. Angles are degrees, distances metres.
 */
export interface Engine extends EngineFeatures {
  /** The plugin API's camera operations (radians). */
  readonly camera: EngineCamera;
  /** Plugins' layers beside the scene's, and controls on any loaded layer. */
  readonly pluginLayers: EnginePluginLayers;
  /** The page's clock (`app.timeline`, the timeline bar); time-dynamic layers follow it. */
  readonly timeline: EngineTimeline;
  /** Applies a whole effective ViewerProperty; only what changed is touched, the viewer is never rebuilt. */
  applyProperty(property: ViewerProperty): void;
  /**
   * Where a `pmtiles` basemap's archive is read from, by asset id (docs/contract.md §14): the editor's route
   * for the project's files. The published page needs none: its snapshot gives each archive's URL.
   */
  setAssetFiles(files: AssetFiles): void;
  setCamera(camera: Camera): void;
  flyTo(camera: Camera, seconds?: number): Promise<void>;
  /**
   * How many CSS pixels at the globe's bottom the page covers (the story's sheet on a phone; 0 by
   * default): `setCamera` and `flyTo` then show what a view looks at in the middle of the rest,
   * and the current view moves along when this changes (docs/viewer.md).
   */
  setCoveredBottom(pixels: number): void;
  getCamera(): Camera;
  /** Makes the shown layers these: adds new ones, removes gone ones, toggles visibility. Nothing is added before the globe's first complete frame (whenFirstFrame). Resolves when all are loaded. */
  setLayers(layers: EngineLayer[]): Promise<void>;
  /**
   * Flies to a layer's data once it is loaded (an imagery layer: its extent): a layer just given to
   * `setLayers` counts, so a new layer can be flown to at once. Resolves when the flight ends, or at
   * once for a layer that is not shown or could not be loaded. With `unlessInView`, a layer whose
   * data is already in view is not flown to (the editor's new layers: docs/editor.md).
   */
  flyToLayer(id: string, options?: { unlessInView?: boolean }): Promise<void>;
  /**
   * Loads these scene layers again from their sources though they draw the same: what is at a URL
   * changed (a content model's items made public). Resolves when they are loaded.
   */
  refreshLayers(ids: string[]): Promise<void>;
  /**
   * Calls `listener` after each change of the scene's layers on the globe: `loaded`, the ids drawn
   * anew (added, or loaded again); `removed`, the ids gone. Returns the function that stops it.
   */
  onLayersChange(listener: (change: { loaded: string[]; removed: string[] }) => void): () => void;
  /** The id of the layer whose feature is at this viewer pixel, if any. */
  pickLayer(x: number, y: number): string | undefined;
  /** A data URL of the current image, or undefined where it cannot be read. */
  capture(type?: string, quality?: number): string | undefined;
  requestRender(): void;
  /**
   * Calls `listener` as a large layer's features are drawn (docs/viewer.md, "Large layers"):
   * `loaded` of `total` features; returns the function that stops it.
   */
  onLayerProgress(listener: (progress: LayerProgress) => void): () => void;
  /**
   * Calls `listener` each time a clustered layer (docs/contract.md §18) has drawn the clusters of the view:
   * the count of each cluster, 1 for each lone point. Returns the function that stops it.
   */
  onClusters(listener: (drawn: { layerId: string; counts: number[] }) => void): () => void;
  /**
   * Calls `listener` when a layer of the scene could not be loaded (`reason` in words, e.g.
   * `"https://…/x.geojson answered 404"`), and with `reason` undefined when a later load of it
   * worked; returns the function that stops it.
   */
  onLayerFailure(listener: (failure: { layerId: string; reason?: string }) => void): () => void;
  /**
   * Calls `listener` when a basemap's tiles could not be loaded (`source`: where they come from, the
   * URL's host), and with undefined when the basemaps change; returns the function that stops it.
   */
  onBasemapFailure(listener: (failure: { source: string } | undefined) => void): () => void;
  /** Calls `listener` after each frame the viewer draws; returns the function that stops it. */
  onFrame(listener: () => void): () => void;
  /** The viewer's size in CSS pixels. */
  size(): { width: number; height: number };
  /** The globe ellipsoid's radii in metres. */
  ellipsoidRadii(): Position;
  /** The place under a viewer pixel: on the ellipsoid, or on the terrain with `withTerrain`. */
  locationAt(x: number, y: number, withTerrain: boolean): { lng: number; lat: number; height: number } | undefined;
  /** Where a Cartesian position shows on the viewer, in pixels, if it does. */
  screenOf(position: Position): [number, number] | undefined;
  /** The surface height the globe has loaded at a place (terrain tiles in view). */
  globeHeight(lng: number, lat: number): number | undefined;
  /** The terrain provider's most detailed height at a place. */
  terrainHeight(lng: number, lat: number): Promise<number | undefined>;
  /** A position moved by a screen offset (pixels), at the same height. */
  offsetOnScreen(position: Position, offset: [number, number]): Position | undefined;
  /**
   * Where a place (degrees, metres) shows on the viewer, in pixels; undefined while the globe
   * hides it or it is out of the view (a popup pinned there hides then).
   */
  placeOnScreen(lng: number, lat: number, height: number): [number, number] | undefined;
  /** Whether the globe hides a position from the camera. */
  isVisible(position: Position): boolean;
  /** What is under a viewer pixel: place and layer. */
  describePoint(x: number, y: number): PointDescription;
  /** Whether the mouse moves the camera (off while a selection box is dragged). */
  setNavigation(enabled: boolean): void;
  /** Draws one highlighted box (a Spatial ID voxel; CSS colours, yellow by default), or removes it with undefined. */
  showBox(
    box: { west: number; south: number; east: number; north: number; bottom: number; top: number } | undefined,
    colors?: { color?: string; outlineColor?: string },
  ): void;
  /** The features of the scene's layers whose position shows inside a screen rectangle. */
  featuresInRect(x0: number, y0: number, x1: number, y1: number): { layerId: string; featureId: string }[];
  /** Marks features as selected (highlighted); an empty list clears the selection. */
  highlightFeatures(features: { layerId: string; featureId: string }[]): void;
  /** Shows the shape being drawn (a rubber band), or clears it with undefined. */
  showSketchDraft(draft: SketchDraft | undefined): void;
  /** Adds a finished sketch (its feature id is the entity's) to the `sketch` layer, in a CSS colour; one of the same id is replaced (an edit). */
  addSketch(feature: SketchFeature, look: SketchLook): void;
  /** Subscribes to pointer actions on the viewer; returns the unsubscribe function. */
  onPointer(listener: (input: PointerInput) => void): () => void;
  /**
   * Resolves at the first frame drawn with the globe's visible tiles loaded (the page's first
   * frame, see first-frame-mark.ts), or after `maxWaitMs` (20 s) if it has not come by then.
   */
  whenFirstFrame(maxWaitMs?: number): Promise<void>;
  /** Resolves once a frame has been drawn with the globe's visible tiles loaded and every shown layer drawn (features built, 3D tiles loaded, models ready), or after `maxWaitMs` with a warning. */
  whenSettled(maxWaitMs?: number): Promise<void>;
  destroy(): void;
}
