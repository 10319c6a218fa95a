import type { Feature, Layer } from '@orbis/plugin-api';
import type { EnginePluginLayers, PluginLayerSource } from '../../engine/engine-plugin-layers.js';
import type { Layer as SceneLayer } from '@orbis/scene';
import type { PluginLayerSpec } from './layer-input.js';
import { dataType, layerSource, mergeLayerOverride } from './layer-override.js';

export type SelectedFeature = { layerId: string; featureId: string };

/** What `app.layers` needs from the page. */
export interface LayerServices {
  /** The scene's layers now (docs/contract.md §4). */
  sceneLayers(): SceneLayer[];
  engine: EnginePluginLayers;
  select(features: SelectedFeature[]): void;
  selected(): SelectedFeature[];
  /** Calls `listener` after each selection (a click, a selection box, a plugin). */
  onSelect(listener: (features: SelectedFeature[]) => void): () => void;
  featuresInRect(x0: number, y0: number, x1: number, y1: number): SelectedFeature[];
  /** The URL of a project asset, where the page knows it. */
  assetUrl(assetId: string): string | undefined;
  /** The tile template of the scene's geotiff layer of an asset id or URL (docs/rasters.md, "Plugins"). */
  rasterUrl(source: string): string | undefined;
}

interface Owned {
  pluginId: string;
  layer: Layer;
}

/**
 * The page's layers as plugins see them: the scene's (with plugins' show/hide applied) and the
 * plugins' own, which live only here and on the engine: never in the scene, gone with the page.
 */
export class PluginLayers {
  private readonly added = new Map<string, Owned>();
  /** show/hide of the scene's layers by plugins. */
  private readonly shown = new Map<string, boolean>();
  /** Each plugin's override of a layer (`layers.override`), by layer id, then plugin id. */
  private readonly overrides = new Map<string, Map<string, Record<string, unknown>>>();
  /** How many layers each plugin added, by plugin id: a plugin's layer ids count its own layers only. */
  private readonly counts = new Map<string, number>();
  private readonly stopSelect: () => void;

  constructor(
    private readonly services: LayerServices,
    private readonly emit: (event: string, payload: unknown) => void,
  ) {
    this.stopSelect = services.onSelect((features) => {
      const first = features[0];
      emit('layers.select', [first?.layerId, first?.featureId]);
    });
  }

  /** Every layer, plain copies: the scene's in order, then the plugins' in the order they came. */
  list(): Layer[] {
    const scene = this.services.sceneLayers().map((l) => ({ ...structuredClone(l), visible: this.shown.get(l.id) ?? l.visible }) as Layer);
    return [...scene, ...[...this.added.values()].map((o) => structuredClone(o.layer))].map((l) => this.overridden(l));
  }

  /** A layer with every plugin's override over it, in the order they came. */
  private overridden(layer: Layer): Layer {
    let out = layer as unknown as Record<string, unknown>;
    for (const patch of this.overrides.get(layer.id)?.values() ?? []) out = mergeLayerOverride(out, patch);
    const overridden = out as unknown as Layer;
    return { ...overridden, type: dataType(overridden) };
  }

  /**
   * Re:Earth's `layers.overridden`: every layer some plugin overrides, as `{id, …}` with the plugins'
   * overrides merged in the order they came (the appearance keys under `appearance`).
   */
  overriddenLayers(): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const [id, byPlugin] of this.overrides) {
      if (byPlugin.size === 0) continue;
      let merged: Record<string, unknown> = {};
      for (const patch of byPlugin.values()) merged = mergeLayerOverride(merged, patch);
      out.push({ id, ...structuredClone(merged) });
    }
    return out;
  }

  /** Merges `patch` (checked by toOverridePatch) into this plugin's override of a layer; `null` removes it. */
  override(pluginId: string, id: string, patch: Record<string, unknown> | null): void {
    const before = this.find(id) ?? unknown('layers.override', id);
    const mine = this.overrides.get(id) ?? new Map<string, Record<string, unknown>>();
    this.overrides.set(id, mine);
    const previous = mine.get(pluginId);
    if (patch === null) mine.delete(pluginId);
    else mine.set(pluginId, mergeLayerOverride(previous ?? {}, patch));
    const after = this.find(id)!;
    const [was, now] = [
      layerSource(before, this.services.assetUrl, this.services.rasterUrl),
      layerSource(after, this.services.assetUrl, this.services.rasterUrl),
    ];
    if (now.inline !== undefined && now.type !== 'geojson' && now.type !== 'czml') {
      if (previous) mine.set(pluginId, previous);
      else mine.delete(pluginId);
      throw new TypeError(`layers.override: patch.data inline data is GeoJSON or CZML, not ${now.type}`);
    }
    // New data, or the same again (a refresh: what is at the URL may have changed): drawn again
    // from it, with the style and visibility it has now.
    const reloading =
      (patch !== null && patch.data !== undefined) ||
      JSON.stringify([was.type, was.url, was.inline, was.data]) !== JSON.stringify([now.type, now.url, now.inline, now.data]);
    if (reloading) this.reload(now);
    else if (JSON.stringify(before.appearance) !== JSON.stringify(after.appearance))
      this.services.engine.restyle(id, after.appearance as Parameters<LayerServices['engine']['restyle']>[1]);
    if (before.visible !== after.visible) {
      if (!reloading) this.services.engine.setVisible(id, after.visible);
      this.emit('layers.visible', { layerId: id, visible: after.visible });
    }
  }

  /** One layer as plugins see it (a plugin's own, or the scene's, with the overrides), or undefined. */
  find(id: string): Layer | undefined {
    return this.list().find((l) => l.id === id);
  }

  add(pluginId: string, spec: PluginLayerSpec): string {
    let url = spec.url;
    if (spec.assetId !== undefined && spec.type !== 'geotiff') {
      url = this.services.assetUrl(spec.assetId);
      if (url === undefined) throw new TypeError(`layers.add: layer.assetId "${spec.assetId}" is no asset this page shows`);
    }
    const n = (this.counts.get(pluginId) ?? 0) + 1;
    this.counts.set(pluginId, n);
    const id = `${pluginId}-layer-${n}`;
    const layer: Layer = { id, ...structuredClone(spec), pluginId };
    this.added.set(id, { pluginId, layer });
    const source = layerSource(layer, () => url, this.services.rasterUrl);
    void this.services.engine.add(source).then((ok) => {
      if (ok && this.added.has(id)) this.emit('layers.load', { layerId: id });
    });
    return id;
  }

  /**
   * Draws a layer again from its new data (its style and visibility as they are now) and fires
   * `load`. The selection keeps the layer's features whose ids the new data still has, drawn
   * again; the others leave it.
   */
  private reload(source: PluginLayerSource): void {
    const id = source.id;
    void this.services.engine.reload(source).then((ok) => {
      const current = this.find(id);
      if (!current) return;
      // Overridden again while it loaded.
      if (ok && JSON.stringify(current.appearance) !== JSON.stringify(source.appearance))
        this.services.engine.restyle(id, current.appearance as PluginLayerSource['appearance']);
      if (ok && current.visible !== source.visible) this.services.engine.setVisible(id, current.visible);
      if (ok) this.emit('layers.load', { layerId: id });
      const selected = this.services.selected();
      if (!selected.some((f) => f.layerId === id)) return;
      this.services.select(selected.filter((f) => f.layerId !== id || (ok && this.services.engine.feature(id, f.featureId) !== undefined)));
    });
  }

  /**
   * The scene's layers changed on the globe (the editor added, restyled or removed some): a layer
   * drawn anew fires `load`, as a plugin's own does; a layer gone fires `visible` with `visible:
   * false`, Re:Earth having no event of its own for it (docs/plugin-api.md, "Layer events"), so that
   * a plugin listing `app.layers.layers` on either lists it no more.
   */
  sceneLayersChanged(change: { loaded: string[]; removed: string[] }): void {
    for (const layerId of change.removed) {
      this.shown.delete(layerId);
      this.emit('layers.visible', { layerId, visible: false });
    }
    for (const layerId of change.loaded) this.emit('layers.load', { layerId });
  }

  /** Deletes layers this plugin added; any other id throws before anything is deleted. */
  delete(pluginId: string, ids: string[]): void {
    for (const id of ids) {
      const owned = this.added.get(id);
      if (!owned) throw new TypeError(`layers.delete: "${id}" is not a layer this plugin added`);
      if (owned.pluginId !== pluginId) throw new TypeError(`layers.delete: "${id}" was added by another plugin`);
    }
    for (const id of ids) {
      this.added.delete(id);
      this.overrides.delete(id);
      this.services.engine.remove(id);
    }
    if (this.services.selected().some((f) => ids.includes(f.layerId))) this.services.select([]);
  }

  setVisible(ids: string[], visible: boolean): void {
    const layers = ids.map((id) => this.find(id) ?? unknown('layers.' + (visible ? 'show' : 'hide'), id));
    for (const layer of layers) {
      if (layer.visible === visible) continue;
      const owned = this.added.get(layer.id);
      if (owned) owned.layer.visible = visible;
      else this.shown.set(layer.id, visible);
      // show/hide wins over every override's `visible`.
      for (const patch of this.overrides.get(layer.id)?.values() ?? []) delete patch.visible;
      this.services.engine.setVisible(layer.id, visible);
      this.emit('layers.visible', { layerId: layer.id, visible });
    }
  }

  select(layerId: string | undefined, featureId: string | undefined): void {
    if (layerId === undefined) return this.services.select([]);
    if (!this.find(layerId)) unknown('layers.select', layerId);
    this.services.select(featureId === undefined ? [] : [{ layerId, featureId }]);
  }

  selectFeatures(features: { layerId: string; featureId: string[] }[]): void {
    for (const f of features) if (!this.find(f.layerId)) unknown('layers.selectFeatures', f.layerId);
    this.services.select(features.flatMap((f) => f.featureId.map((featureId) => ({ layerId: f.layerId, featureId }))));
  }

  selected(): Layer | undefined {
    const first = this.services.selected()[0];
    return first ? this.find(first.layerId) : undefined;
  }

  selectedFeature(): Feature | undefined {
    const first = this.services.selected()[0];
    return first ? this.features(first.layerId, [first.featureId])[0] : undefined;
  }

  features(layerId: string, featureIds: string[]): (Feature | undefined)[] {
    return featureIds.map((id) => {
      const info = this.services.engine.feature(layerId, id);
      return info ? { id, layerId, ...info } : undefined;
    });
  }

  inRect([x, y, width, height]: [number, number, number, number]): Feature[] {
    return this.services
      .featuresInRect(x, y, x + width, y + height)
      .flatMap((f) => this.features(f.layerId, [f.featureId]).filter((v): v is Feature => v !== undefined));
  }

  order(id: string, where: 'front' | 'back'): void {
    if (!this.find(id)) unknown(where === 'front' ? 'layers.bringToFront' : 'layers.sendToBack', id);
    this.services.engine.order(id, where);
  }

  /** The plugins stopped (the page goes, or the editor restarts them): every plugin layer goes. */
  dispose(): void {
    this.stopSelect();
    for (const id of this.added.keys()) this.services.engine.remove(id);
    this.added.clear();
    this.overrides.clear();
    this.shown.clear();
  }

  /** The plugin stopped: its layers go. */
  removePlugin(pluginId: string): void {
    const ids = [...this.added].filter(([, o]) => o.pluginId === pluginId).map(([id]) => id);
    if (ids.length > 0) this.delete(pluginId, ids);
  }
}

function unknown(op: string, id: string): never {
  throw new TypeError(`${op}: there is no layer "${id}"`);
}
