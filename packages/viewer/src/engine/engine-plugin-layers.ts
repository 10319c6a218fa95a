import type { Appearance, LayerType } from '@orbis/scene';
import type { EngineLayerData } from './engine-layer-data.js';

/** A layer a plugin adds (docs/contract.md §8): a URL, or inline GeoJSON / CZML. */
export interface PluginLayerSource {
  id: string;
  type: LayerType;
  url?: string;
  /** Inline data instead of `url`. */
  inline?: unknown;
  /** Why it cannot be loaded (a source that lacks its key, …): the engine reports it as the layer's load failure. */
  problem?: string;
  visible: boolean;
  /** How its features look (docs/contract.md §7). */
  appearance?: Appearance;
  /** Type settings (docs/contract.md §7; a Re:Earth layer's whole `data` but its type, url and value, §8). */
  data?: EngineLayerData;
}

/** A feature's properties (and its GeoJSON geometry where the engine has it). */
export interface FeatureData {
  properties: Record<string, unknown>;
  geometry?: unknown;
}

/**
 * Layers on the engine beside the scene's: plugins' layers (which `Engine.setLayers` never
 * touches, so they are never saved and never removed by a scene edit) and per-layer controls that
 * work on any loaded layer, the scene's too.
 */
export interface EnginePluginLayers {
  /** Loads a plugin's layer; resolves false (and says why in the console) when it cannot be loaded. */
  add(layer: PluginLayerSource): Promise<boolean>;
  remove(id: string): void;
  /**
   * Draws a loaded layer (a plugin's, or the scene's) again from other data, in place of what it
   * drew: same id, so picking and selection find its features. Resolves false (and says why in
   * the console) when the new data cannot be loaded; the old drawing is gone either way.
   */
  reload(layer: PluginLayerSource): Promise<boolean>;
  /** Shows or hides a loaded layer, the scene's or a plugin's. */
  setVisible(id: string, visible: boolean): void;
  /** Restyles a loaded layer (the scene's or a plugin's) with this appearance. */
  restyle(id: string, appearance: Appearance | undefined): void;
  /** Draws a layer above (`front`) or below (`back`) the others of its kind. */
  order(id: string, where: 'front' | 'back'): void;
  /** A feature of any loaded layer, by its id. */
  feature(layerId: string, featureId: string): FeatureData | undefined;
}
