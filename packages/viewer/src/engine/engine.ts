import type { Camera, LayerType, ViewerProperty } from '../scene.js';

/** A layer the engine can show: always with a URL. */
export interface EngineLayer {
  id: string;
  type: LayerType;
  url: string;
  visible: boolean;
  /** Sent with every request of the layer (the editor's admin token for private assets). */
  headers?: Record<string, string>;
}

/**
 * The globe behind an interface: the editor, the published page and the plugin host talk to
 * this, never to CesiumJS. Angles are degrees, distances metres.
 */
export interface Engine {
  /** Applies a whole effective ViewerProperty; only what changed is touched, the viewer is never rebuilt. */
  applyProperty(property: ViewerProperty): void;
  setCamera(camera: Camera): void;
  flyTo(camera: Camera, seconds?: number): Promise<void>;
  getCamera(): Camera;
  /** Makes the shown layers these: adds new ones, removes gone ones, toggles visibility. Resolves when all are loaded. */
  setLayers(layers: EngineLayer[]): Promise<void>;
  flyToLayer(id: string): Promise<void>;
  /** The id of the layer whose feature is at this viewer pixel, if any. */
  pickLayer(x: number, y: number): string | undefined;
  /** A data URL of the current image, or undefined where it cannot be read. */
  capture(type?: string, quality?: number): string | undefined;
  requestRender(): void;
  /** Resolves once a frame has been drawn with the globe's visible tiles loaded. */
  whenSettled(): Promise<void>;
  destroy(): void;
}
