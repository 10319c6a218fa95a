import { CzmlDataSource, type DataSource, type Entity, ImageryLayer, type Viewer } from 'cesium';
import { loadFeatures, loadLayer, type LoadedLayer, removeLayer, setLayerVisible } from './cesium-layers.js';
import { loadFailure } from './load-failure.js';
import { BatchedLayer } from '../vector/batched-layer.js';
import { CesiumVectorLayer } from '../vector/cesium-vector-layer.js';
import type { Appearance } from '@orbis/scene';
import { styleEntities, tilesetStyle } from './cesium-appearance.js';
import type { EnginePluginLayers, FeatureData, PluginLayerSource } from '../../engine-plugin-layers.js';

/**
 * Plugins' layers on CesiumJS, kept apart from the scene's (`CesiumEngine.setLayers` never sees
 * them). Each loaded layer is registered in the engine's `owners` map, so picking, selection
 * boxes and highlights find its features as they find the scene's.
 */
export class CesiumPluginLayers implements EnginePluginLayers {
  private readonly loaded = new Map<string, { source: PluginLayerSource; layer: Promise<LoadedLayer | undefined> }>();
  /** The data scene layers were drawn again from (`reload`), for their features' geometry. */
  private readonly sceneSources = new Map<string, PluginLayerSource>();

  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
    /** Puts what `load` draws in place of a scene layer's drawing; undefined when the scene has no such layer. */
    private readonly replaceSceneLayer: (id: string, load: () => Promise<LoadedLayer>) => Promise<LoadedLayer | undefined> | undefined,
  ) {}

  add(source: PluginLayerSource): Promise<boolean> {
    const layer = this.load(source).then(
      (l) => {
        // Deleted while loading: it never shows.
        if (this.loaded.get(source.id)?.source !== source) {
          removeLayer(this.viewer, l);
          return undefined;
        }
        setLayerVisible(l, source.visible);
        this.owners.set(l.value, source.id);
        this.viewer.scene.requestRender();
        return l;
      },
      (err: unknown) => {
        console.error(`[orbis] plugin layer "${source.id}" could not be loaded: ${loadFailure(err, source.url)}`);
        return undefined;
      },
    );
    this.loaded.set(source.id, { source, layer });
    return layer.then((l) => l !== undefined);
  }

  /** Resolves once every feature of the new data is in, so that the caller can look its features up. */
  async reload(source: PluginLayerSource): Promise<boolean> {
    let drawn: LoadedLayer | undefined;
    if (this.loaded.has(source.id)) {
      this.remove(source.id);
      if (!(await this.add(source))) return false;
      drawn = await this.loaded.get(source.id)?.layer;
    } else {
      const replaced = this.replaceSceneLayer(source.id, () => this.load(source));
      if (!replaced) return false;
      this.sceneSources.set(source.id, source);
      drawn = await replaced;
      if (drawn) setLayerVisible(drawn, source.visible);
    }
    if (!drawn) return false;
    if (drawn.value instanceof CesiumVectorLayer) await drawn.value.whenComplete();
    this.viewer.scene.requestRender();
    return true;
  }

  private async load(source: PluginLayerSource): Promise<LoadedLayer> {
    const { id, type, visible, appearance, data } = source;
    if (source.problem !== undefined) throw new Error(source.problem);
    if (source.inline === undefined)
      return loadLayer(this.viewer, { id, type, url: source.url!, visible, ...(appearance ? { appearance } : {}), ...(data ? { data } : {}) });
    const inline = source.inline as object;
    if (type !== 'czml') {
      const loaded = await loadFeatures(this.viewer, { id, type, visible, inline, ...(appearance ? { appearance } : {}), ...(data ? { data } : {}) });
      if (loaded.kind === 'dataSource') styleEntities(loaded.value.entities.values, appearance, this.viewer.clock.currentTime);
      return loaded;
    }
    const value: DataSource = await CzmlDataSource.load(inline);
    await this.viewer.dataSources.add(value);
    styleEntities(value.entities.values, appearance, this.viewer.clock.currentTime);
    return { kind: 'dataSource', value };
  }

  remove(id: string): void {
    const entry = this.loaded.get(id);
    if (!entry) return;
    this.loaded.delete(id);
    void entry.layer.then((l) => {
      if (!l) return;
      this.owners.delete(l.value);
      removeLayer(this.viewer, l);
      this.viewer.scene.requestRender();
    });
  }

  setVisible(id: string, visible: boolean): void {
    for (const object of this.objectsOf(id)) (object as { show: boolean }).show = visible;
    const entry = this.loaded.get(id);
    if (entry) entry.source = { ...entry.source, visible };
    this.viewer.scene.requestRender();
  }

  restyle(id: string, appearance: Appearance | undefined): void {
    for (const object of this.objectsOf(id)) {
      if (object instanceof BatchedLayer) {
        object.restyle(appearance);
        continue;
      }
      const entities = (object as { entities?: { values: Entity[] } }).entities?.values;
      if (entities) styleEntities(entities, appearance, this.viewer.clock.currentTime);
      else if ('style' in object) (object as { style: unknown }).style = tilesetStyle(appearance?.['3dtiles']);
    }
    this.viewer.scene.requestRender();
  }

  order(id: string, where: 'front' | 'back'): void {
    const { dataSources, imageryLayers, scene } = this.viewer;
    for (const owner of this.objectsOf(id)) {
      // A large layer's primitives are what the scene orders.
      const object = owner instanceof BatchedLayer ? owner.primitives : owner;
      if (object instanceof ImageryLayer) {
        if (where === 'front') imageryLayers.raiseToTop(object);
        // Above the base imagery (the first layer), not under it.
        else while (imageryLayers.indexOf(object) > 1) imageryLayers.lower(object);
      } else if (dataSources.contains(object as DataSource)) {
        if (where === 'front') dataSources.raiseToTop(object as DataSource);
        else dataSources.lowerToBottom(object as DataSource);
      } else if (scene.primitives.contains(object)) {
        if (where === 'front') scene.primitives.raiseToTop(object);
        else scene.primitives.lowerToBottom(object);
      }
    }
    scene.requestRender();
  }

  feature(layerId: string, featureId: string): FeatureData | undefined {
    const now = this.viewer.clock.currentTime;
    for (const object of this.objectsOf(layerId)) {
      if (object instanceof BatchedLayer) {
        const index = object.indexOf(featureId);
        if (index === undefined) continue;
        const geometry = this.inlineGeometry(layerId, featureId);
        return { properties: JSON.parse(JSON.stringify(object.properties(index))) as Record<string, unknown>, ...(geometry === undefined ? {} : { geometry }) };
      }
      const entity = (object as { entities?: { getById(id: string): Entity | undefined } }).entities?.getById(featureId);
      if (!entity) continue;
      const properties = (entity.properties?.getValue(now) ?? {}) as Record<string, unknown>;
      const geometry = this.inlineGeometry(layerId, featureId);
      return { properties: JSON.parse(JSON.stringify(properties)) as Record<string, unknown>, ...(geometry === undefined ? {} : { geometry }) };
    }
    return undefined;
  }

  /** The geometry of a feature of inline GeoJSON, as the plugin gave it. */
  private inlineGeometry(layerId: string, featureId: string): unknown {
    const inline = (this.loaded.get(layerId)?.source ?? this.sceneSources.get(layerId))?.inline as
      { features?: { id?: unknown; geometry?: unknown }[] } | undefined;
    return inline?.features?.find((f) => String(f.id) === featureId)?.geometry;
  }

  private objectsOf(id: string): object[] {
    const out: object[] = [];
    for (const [object, owner] of this.owners) if (owner === id) out.push(object);
    return out;
  }
}
