/**
 * The API an Orbis plugin sees: the global `app`. Plugins run in a sandbox with no DOM, no
 * network and no access to the page: only `app`, `console`, timers and the language's built-ins.
 *
 * @example
 * /// <reference types="@orbis/plugin-api" />
 * app.viewer.on('click', (e) => console.log(e.lat, e.lng, e.layerId));
 */

/** Viewer settings. Only explicitly set values are present; defaults are omitted. */
export interface ViewerProperty {
  globe?: { enabled?: boolean; baseColor?: string; enableLighting?: boolean; showGroundAtmosphere?: boolean; depthTestAgainstTerrain?: boolean };
  /** Terrain is off unless `enabled`; `type` picks a quantized-mesh `url`, Cesium ion (with a token) or ArcGIS. */
  terrain?: { enabled?: boolean; type?: 'cesium' | 'cesiumion' | 'arcgis'; url?: string; ionAssetId?: number; ionAccessToken?: string; exaggeration?: number };
  scene?: { backgroundColor?: string; fog?: boolean; shadows?: boolean; mode?: '3d' | '2d' | 'columbus' };
  /**
   * Basemaps, bottom first (docs/contract.md §14): `default` is Natural Earth II (offline); the named ones are
   * outside services with their credit; `url` is a `{z}/{x}/{y}` template; `pmtiles` is a PMTiles
   * archive uploaded to the project (raster tiles, or vector tiles painted as streets), named by `assetId`.
   * @example app.viewer.overrideProperty({ tiles: [{ type: 'open_street_map' }] })
   */
  tiles?: {
    id?: string;
    type: 'default' | 'open_street_map' | 'japan_gsi_standard' | 'esri_world_topo' | 'black_marble' | 'url' | 'wms' | 'osm' | 'pmtiles';
    url?: string;
    /** A `pmtiles` basemap's archive: an asset of the project (on the published page, one the scene's basemaps publish). */
    assetId?: string;
    layers?: string;
    opacity?: number;
    show?: boolean;
    /** `[min, max]` levels to ask for. */
    zoomLevel?: [number, number];
  }[];
  sky?: { show?: boolean; atmosphere?: boolean; sun?: boolean; moon?: boolean };
  camera?: { minimumZoomDistance?: number; maximumZoomDistance?: number; enableTilt?: boolean; enableRotate?: boolean };
  render?: { antialias?: boolean; resolutionScale?: number; debugFramesPerSecond?: boolean };
}

/** A patch of a ViewerProperty: objects merge key by key, arrays and values replace, `null` removes a key. */
export type PropertyOverride = {
  [K in keyof ViewerProperty]?:
    (ViewerProperty[K] extends (infer T)[] ? T[] : { [F in keyof NonNullable<ViewerProperty[K]>]?: NonNullable<ViewerProperty[K]>[F] | null }) | null;
};

export interface Viewport {
  width: number;
  height: number;
  /** True when user-agent detection classifies the device as mobile. */
  isMobile: boolean;
  /** The URL query parameters of the page. */
  query: Record<string, string>;
}

/** Where the plugin runs: the editor's Map/Story/Widgets tabs, its Publish tab, or the published page. */
export interface Env {
  inEditor: boolean;
  isBuilt: boolean;
  /**
   * Orbis's addition to Re:Earth's `Env`: the language the page speaks, `"en"` or `"ja"` (the editor's
   * user's choice, or the published page's); `app.viewer.on('languagechange')` tells when it changes.
   * @example const hello = app.viewer.env.language === 'ja' ? 'こんにちは' : 'Hello';
   */
  language: string;
}

/** `languagechange`'s payload (Orbis's addition): the page's new language. */
export interface LanguageChangeEvent {
  language: string;
}

export type InteractionModeType = 'default' | 'move' | 'selection' | 'sketch' | 'spatialId';

/** The payload of every mouse event; each field is there when it applies. */
export interface MouseEvent {
  x?: number;
  y?: number;
  lat?: number;
  lng?: number;
  height?: number;
  /** The id of the scene layer whose feature is under the cursor. */
  layerId?: string;
  /** The wheel's delta (`wheel` only). */
  delta?: number;
}

export interface ResizeEvent {
  width: number;
  height: number;
  isMobile: boolean;
}

/** `getCurrentLocationAsync` options; defaults: maximumAge 0, timeout 10000, enableHighAccuracy false. */
export interface GeolocationOptions {
  maximumAge?: number;
  timeout?: number;
  enableHighAccuracy?: boolean;
}

/** A Cartesian (ECEF) position in metres. */
export type Position = [x: number, y: number, z: number];

export interface ViewerEvents {
  resize: ResizeEvent;
  click: MouseEvent;
  doubleClick: MouseEvent;
  mouseDown: MouseEvent;
  mouseUp: MouseEvent;
  rightClick: MouseEvent;
  rightDown: MouseEvent;
  rightUp: MouseEvent;
  middleClick: MouseEvent;
  middleDown: MouseEvent;
  middleUp: MouseEvent;
  mouseMove: MouseEvent;
  mouseEnter: MouseEvent;
  mouseLeave: MouseEvent;
  wheel: MouseEvent;
  /** Orbis's addition: the page's language changed (`app.viewer.env.language` already says the new one). */
  languagechange: LanguageChangeEvent;
}

/** Coordinate and height tools. Those that can have no result return `undefined`. */
export interface Tools {
  /**
   * The place under a viewer pixel.
   * @example const here = app.viewer.tools.getLocationFromScreenCoordinate(100, 200, true);
   */
  getLocationFromScreenCoordinate(x: number, y: number, withTerrain?: boolean): Location | undefined;
  /** @example const [x, y] = app.viewer.tools.getScreenCoordinateFromPosition(p) ?? []; */
  getScreenCoordinateFromPosition(position: Position): [x: number, y: number] | undefined;
  /** @example const h = await app.viewer.tools.getTerrainHeightAsync(138.7274, 35.3606); */
  getTerrainHeightAsync(lng: number, lat: number): Promise<number | undefined>;
  /**
   * The globe's loaded surface height (metres) at a place. `height` is taken and changes nothing, as
   * on Re:Earth: CesiumJS's `Globe.getHeight`, which Re:Earth hands it to, reads only the longitude
   * and latitude. @example const h = app.viewer.tools.getGlobeHeight(139.77, 35.68);
   */
  getGlobeHeight(lng: number, lat: number, height?: number): number | undefined;
  /** Uses the browser's geolocation. @example const me = await app.viewer.tools.getCurrentLocationAsync({ timeout: 5000 }); */
  getCurrentLocationAsync(options?: GeolocationOptions): Promise<Location | undefined>;
  /** WGS84 unless `useGlobeEllipsoid`. @example const p = app.viewer.tools.cartographicToCartesian(139.7454, 35.6586, 333); */
  cartographicToCartesian(lng: number, lat: number, height: number, options?: { useGlobeEllipsoid?: boolean }): Position | undefined;
  /** @example const [lng, lat, h] = app.viewer.tools.cartesianToCartographic(x, y, z) ?? []; */
  cartesianToCartographic(x: number, y: number, z: number, options?: { useGlobeEllipsoid?: boolean }): [lng: number, lat: number, height: number] | undefined;
  /** @example const moved = app.viewer.tools.transformByOffsetOnScreen(p, [10, -20]); */
  transformByOffsetOnScreen(rawPosition: Position, screenOffset: [x: number, y: number]): Position | undefined;
  /** @example if (app.viewer.tools.isPositionVisibleOnGlobe(p)) console.log('in view'); */
  isPositionVisibleOnGlobe(position: Position): boolean;
  /** The globe's loaded surface height (metres) under the camera. @example const ground = app.viewer.tools.getGlobeHeightByCamera(); */
  getGlobeHeightByCamera(): number | undefined;
  /**
   * The geoid's height above the ellipsoid (metres) at a place; `undefined` where no geoid model
   * is loaded (Orbis loads none yet) and, as on Re:Earth, when `lng` or `lat` is not given.
   * @example const n = await app.viewer.tools.getGeoidHeight(139.77, 35.68);
   */
  getGeoidHeight(lng?: number, lat?: number): Promise<number | undefined>;
}

/**
 * A selection box on screen, in viewer pixels, and where the pointer is. `x`/`y` are the box's
 * top-left corner (Re:Earth's are the pointer's at the start and the box's far corner after: its
 * `startX`, `startY`, `width` and `height` are the same box as here).
 */
export interface MarqueeEvent {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The box's top-left corner, as Re:Earth's. */
  startX: number;
  startY: number;
  /** The place under the pointer (degrees), when the pointer is over the globe. */
  lng?: number;
  lat?: number;
  /** `"shift"` while Shift is held. */
  pressedKey?: 'shift';
}

/** The box at its release: what it picked, as the selection then gets it. */
export interface MarqueeEndEvent extends MarqueeEvent {
  /** The features inside the box; for a click, the one under the pointer (or none). */
  features: Feature[];
  /** The pointer did not move between the press and the release. */
  isClick: boolean;
}

/** The `selection` mode's box as the user drags it. */
export interface SelectionModeEvents {
  marqueeStart: MarqueeEvent;
  marqueeMove: MarqueeEvent;
  marqueeEnd: MarqueeEndEvent;
}

/** Events of the `selection` interaction mode. */
export interface SelectionMode {
  /** @example app.viewer.interactionMode.selectionMode.on('marqueeEnd', (box) => console.log(box.width, box.height)); */
  on<E extends keyof SelectionModeEvents>(event: E, listener: (event: SelectionModeEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.viewer.interactionMode.selectionMode.off('marqueeMove', onMove); */
  off<E extends keyof SelectionModeEvents>(event: E, listener: (event: SelectionModeEvents[E]) => void): void;
}

export interface Viewer {
  /** The effective property now: the scene's values with every plugin's overrides. @example if (app.viewer.property.terrain?.enabled) … */
  readonly property: ViewerProperty;
  /** @example const { width, height } = app.viewer.viewport; */
  readonly viewport: Viewport;
  /** @example if (app.viewer.env.isBuilt) console.log('published page'); */
  readonly env: Env;
  readonly interactionMode: {
    /** Starts as `default`. */
    readonly mode: InteractionModeType;
    /** Throws a TypeError for anything that is not a mode. @example app.viewer.interactionMode.override('spatialId'); */
    override(mode: InteractionModeType): void;
    /** The selection box's events (`selection` mode). */
    readonly selectionMode: SelectionMode;
  };
  /** Merges into this plugin's own override layer. @example app.viewer.overrideProperty({ terrain: { enabled: true } }); */
  overrideProperty(property: PropertyOverride): void;
  /** A data URL of the viewer's image; PNG unless `type` is a supported format. @example const jpeg = app.viewer.capture('image/jpeg', 0.8); */
  capture(type?: string, encoderOptions?: number): string | undefined;
  /** Opens an http(s) URL in a new tab; other schemes throw a TypeError. @example app.viewer.open('https://example.org'); */
  open(url: string): void;
  /** @example app.viewer.reload(); */
  reload(): void;
  readonly tools: Tools;
  /**
   * Subscribes a listener; returns the function that removes it. Unknown events throw a TypeError.
   * @example const stop = app.viewer.on('mouseMove', (e) => console.log(e.lng, e.lat)); stop();
   */
  on<E extends keyof ViewerEvents>(event: E, listener: (event: ViewerEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.viewer.off('click', onClick); */
  off<E extends keyof ViewerEvents>(event: E, listener: (event: ViewerEvents[E]) => void): void;
}

/** Options of every `on`: `once` removes the listener after its first call. */
/** `app.ui`'s events and what their listeners get. */
export interface UiEvents {
  /** A message from this plugin's UI frame. */
  message: any;
  /** The widget's `property` changed in the editor: read the new one as `app.extension.widget.property`. */
  update: void;
  /** The UI frame was closed (`app.ui.close()`). */
  close: void;
}

/** The plugin's own UI: HTML in a sandboxed iframe, messages both ways. */
export interface PluginUI {
  /** @example app.ui.show('<button onclick="parent.postMessage(\'go\', \'*\')">Go</button>', { width: 120, height: 40 }); */
  show(
    html: string,
    options?: {
      width?: FrameSize;
      height?: FrameSize;
      visible?: boolean;
      /** spans the widget's zone, top or bottom, as Re:Earth's extended widgets do */ extended?: boolean;
    },
  ): void;
  /** @example app.ui.postMessage({ lng: 139.7 }); */
  postMessage(message: unknown): void;
  /**
   * Resizes the frame ({@link FrameSize}); an `undefined` width or height keeps the current one.
   * `extended` stretches it across its corner's width, as Re:Earth's extended widgets do. Nothing
   * is shown yet: nothing happens.
   * @example app.ui.resize(320, 240);
   * @example app.ui.resize(undefined, '40vh');
   */
  resize(width: FrameSize | undefined, height: FrameSize | undefined, extended?: boolean): void;
  /** Removes the frame; `show` makes a new one. Fires `close`. @example app.ui.close(); */
  close(): void;
  /**
   * Returns the function that removes the listener.
   * @example const stop = app.ui.on('message', (m) => console.log(m)); stop();
   * @example app.ui.on('update', () => render(app.extension.widget.property));
   * @example app.ui.on('close', () => console.log('closed'));
   */
  on<E extends keyof UiEvents>(event: E, listener: (event: UiEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.ui.off('message', onMessage); */
  off<E extends keyof UiEvents>(event: E, listener: (event: UiEvents[E]) => void): void;
}

/** This extension as the scene places it. */
export interface WidgetInfo {
  /** `pluginId/extensionId`. */
  id: string;
  pluginId: string;
  extensionId: string;
  /** The widget's settings from the scene (`{}` when none); Re:Earth groups them by schema group. */
  property: Record<string, any>;
  /**
   * Whether the widget's frame is stretched across its zone (`ui.show`'s or `ui.resize`'s
   * `extended`). Orbis's stretch is across the top or bottom row: `vertically` is always false.
   * @example if (app.extension.widget.extended.horizontally) app.ui.resize(undefined, 60);
   */
  extended: { horizontally: boolean; vertically: boolean };
  /** Where the widget sits, in Re:Earth's terms. @example const atBottom = app.extension.widget.layout.location.area === 'bottom'; */
  layout: WidgetLayout;
}

/**
 * Re:Earth's widget layout. Orbis's four corners are the `inner` zone's `left` and `right`
 * sections, `top` and `bottom` areas; widgets of a corner stack from it (`align: "start"`).
 */
export interface WidgetLayout {
  location: { zone: 'inner' | 'outer'; section: 'left' | 'center' | 'right'; area: 'top' | 'middle' | 'bottom' };
  align?: 'start' | 'centered' | 'end';
}

/**
 * This extension as a block (Re:Earth's `infoboxBlock` or `storyBlock`): its place in a layer's
 * infobox or on a story page, and its settings there.
 */
export interface BlockInfo {
  /** `pluginId/extensionId/place`, unique on the page (its id in `app.extension.list`), e.g. `charts/bars/infobox-buildings-0`. */
  id: string;
  pluginId: string;
  extensionId: string;
  /** The block's settings from the scene (`{}` when none), grouped by the manifest schema's groups as Re:Earth does. */
  property: Record<string, any>;
  /** In an infobox, the layer whose infobox it is, as it is now (a plain copy); absent in a story. */
  layer?: Layer;
}

/** One running extension. */
export interface ExtensionInfo {
  id: string;
  pluginId: string;
  extensionId: string;
  name: string;
  extensionType: string;
  /**
   * How many times this extension's script has been started on this page, this run included
   * (1 on the first): restarts count (the editor's after a widget change or a reinstall, a block
   * shown again in the same place); a page reload starts from 0 again.
   */
  runTimes: number;
}

/** A message from another extension (`app.extension.postMessage`). */
export interface ExtensionMessage {
  data: any;
  /** The sending extension's `id` (`pluginId/extensionId`). */
  sender: string;
}

/** `app.extension`'s events and what their listeners get. */
export interface ExtensionEvents {
  /** A message from this plugin's UI frame (the same as `app.ui.on("message")`). */
  message: any;
  /** A message another running extension sent with `app.extension.postMessage`. */
  extensionMessage: ExtensionMessage;
}

/** `app.extension`: this widget and the extensions around it. */
export interface Extension {
  /** In a widget (in a block, undefined, as on Re:Earth). @example const url = app.extension.widget.property.default?.imageUrl; */
  readonly widget: WidgetInfo;
  /**
   * In a block (an `infoboxBlock` or `storyBlock` extension) this block; undefined in a widget.
   * In an infobox, the feature it shows is `app.layers.selectedFeature`.
   * @example const max = app.extension.block?.property.default?.max ?? 10;
   */
  readonly block?: BlockInfo;
  /** Every running extension, this one included (pushed state: reading it costs nothing). @example for (const e of app.extension.list) console.log(e.id, e.extensionType); */
  readonly list: ExtensionInfo[];
  /**
   * Sends `message` (a JSON value) to the running extension `id` of `list`, which hears it as
   * `extensionMessage`. An id that is not running is a TypeError. Like a UI frame's messages, at
   * most 200 a second from one extension; more are dropped.
   * @example app.extension.postMessage('layer-switcher/main', { show: 'roads' });
   */
  postMessage(id: string, message: unknown): void;
  /**
   * @example app.extension.on('message', (m) => console.log(m));
   * @example app.extension.on('extensionMessage', ({ data, sender }) => console.log(sender, data));
   */
  on<E extends keyof ExtensionEvents>(event: E, listener: (event: ExtensionEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.extension.off('extensionMessage', onMessage); */
  off<E extends keyof ExtensionEvents>(event: E, listener: (event: ExtensionEvents[E]) => void): void;
}

export interface App {
  /** Orbis's version. @example console.log(app.version); */
  readonly version: string;
  /** The plugin API's version (Re:Earth's numbering). @example if (app.apiVersion.startsWith('2.')) … */
  readonly apiVersion: string;
  /** @example app.engine.name === 'cesium'; */
  readonly engine: { readonly name: 'cesium' };
  readonly viewer: Viewer;
  readonly ui: PluginUI;
  readonly camera: Camera;
  readonly layers: Layers;
  readonly extension: Extension;
  readonly modal: Modal;
  readonly popup: Popup;
  readonly data: Data;
  readonly sketch: Sketch;
  readonly spatialId: SpatialId;
  readonly timeline: Timeline;
}

export type { FrameSize, ListenerOptions, Location } from './common.js';
import type { FrameSize, ListenerOptions, Location } from './common.js';
export * from './camera.js';
export * from './layers.js';
export * from './frames.js';
export * from './data.js';
import type { Modal, Popup } from './frames.js';
import type { Data } from './data.js';
export * from './sketch.js';
export * from './spatial-id.js';
export * from './timeline.js';
import type { Camera } from './camera.js';
import type { Feature, Layer, Layers } from './layers.js';
import type { Sketch } from './sketch.js';
import type { SpatialId } from './spatial-id.js';
import type { Timeline } from './timeline.js';

declare global {
  /** The only entry to Orbis from a plugin. */
  const app: App;
  /** The same object as `app`, in plugins packaged with Re:Earth's `reearth.yml`. */
  const reearth: App;
}
