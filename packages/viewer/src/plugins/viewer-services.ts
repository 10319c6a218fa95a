import type { FrameSize, InteractionModeType, Location, Position, Viewport } from '@orbis/plugin-api';
import type { ViewerProperty } from '@orbis/scene';
import type { EngineCamera } from '../engine/engine-camera.js';
import type { ClientStorage } from './host/client-storage.js';
import type { LayerServices } from './host/plugin-layers.js';
import type { ToolServices } from './host/plugin-tools.js';
import type { Extension, WidgetLayout } from './frames/widget-area.js';
import type { WidgetArea } from '@orbis/scene';

/** A plugin frame besides its widget. */
export type FrameKind = 'modal' | 'popup';

/** An installed plugin (docs/contract.md §5): its manifest and one script per extension. */
export interface InstalledPlugin {
  id: string;
  name: string;
  version: string;
  extensions: {
    id: string;
    type: string;
    name: string;
    widgetLayout?: WidgetLayout;
    /** Re:Earth's property schema: the Widgets tab's settings form. */ schema?: unknown;
  }[];
  files: Record<string, string>;
  /** A Re:Earth package (`reearth.yml`): its sandboxes also get the global `reearth`. */
  reearth?: boolean;
}

/** What the page gives plugins: the viewer's services, behind the engine. */
export interface ViewerServices {
  env: { inEditor: boolean; isBuilt: boolean };
  viewport(): Viewport;
  /** The globe's ellipsoid radii in metres (for `useGlobeEllipsoid`). */
  ellipsoidRadii: Position;
  applyProperty(effective: ViewerProperty): void;
  setInteractionMode(mode: InteractionModeType): void;
  locationAt(x: number, y: number, withTerrain: boolean): Location | undefined;
  screenOf(position: Position): [number, number] | undefined;
  globeHeight(lng: number, lat: number): number | undefined;
  terrainHeight(lng: number, lat: number): Promise<number | undefined>;
  offsetOnScreen(position: Position, offset: [number, number]): Position | undefined;
  isVisible(position: Position): boolean;
  /** `null` fields are absent (JSON's `undefined`). */
  currentLocation(options: { maximumAge?: number | null; timeout?: number | null; enableHighAccuracy?: boolean | null }): Promise<Location | undefined>;
  capture(type?: string, quality?: number): string | undefined;
  open(url: string): void;
  reload(): void;
  showUi(source: string, html: string, options: Record<string, unknown>): void;
  postToUi(source: string, message: unknown): void;
  /** Resizes a plugin's UI frame (an absent size keeps the current one); `extended` stretches it across its area. */
  resizeUi(source: string, width: FrameSize | undefined, height: FrameSize | undefined, extended: boolean | undefined): void;
  /** Removes a plugin's UI frame. */
  closeUi(source: string): void;
  /** Where a widget sits, and which way its frame is stretched now, if it is (`app.extension.widget.layout`, `extended`). */
  widgetPlace(source: string): { area: WidgetArea; extended: Extension | undefined };
  /** `app.modal` and `app.popup` (plugin-frames.ts); `close` answers whether a frame was shown. */
  frames: {
    show(kind: FrameKind, source: string, html: string, options: Record<string, unknown>): void;
    update(kind: FrameKind, source: string, options: Record<string, unknown>): void;
    post(kind: FrameKind, source: string, message: unknown): void;
    close(kind: FrameKind, source: string): boolean;
  };
  /** `app.data.clientStorage`, one project's. */
  clientStorage: ClientStorage;
  /** The geoid's height above the ellipsoid; undefined where no geoid model is loaded. */
  geoidHeight(lng: number, lat: number): Promise<number | undefined>;
  /** The camera of the plugin API (`app.camera`). */
  camera: EngineCamera;
  /** The page's layers, for `app.layers`. */
  layers: LayerServices;
  /** Flies to a layer of the page; an unknown id does nothing. */
  flyToLayer(id: string): void;
  /** The sketch tool, the Spatial ID picker and the clock (`app.sketch`, `app.spatialId`, `app.timeline`). */
  tools: ToolServices;
  /** A plugin's console line; the page prefixes and shows it. */
  log(source: string, level: string, text: string): void;
  /** An extension was stopped by its limits or an error (its console already says why): the editor shows a notice. */
  stopped?(source: string, reason: string): void;
}
