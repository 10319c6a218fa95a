import type { Infobox } from '@orbis/scene';
import { Cartesian2, Cesium3DTileset, Entity, type Viewer } from 'cesium';
import { entityProperties } from './cesium-appearance.js';
import { StyleEvaluator, styleFeature, toColor } from './cesium-style-evaluator.js';
import type { EngineFeatures, FeatureInfo, FeatureRef, GeometryKind } from '../../engine-features.js';
import { isTileFeature, TileFeatures, tileFeatureProperties } from './cesium-tile-features.js';
import { CesiumRasterValues } from './cesium-raster-values.js';
import { tilesetFeatureProperties } from './cesium-tileset-properties.js';
import { BatchedLayer } from '../vector/batched-layer.js';
import { VectorPick } from '../vector/vector-primitives.js';
import { TimedPointsPick } from '../vector/timed-points.js';

/** A property value as text: numbers and strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Features of the scene's layers for the infobox and the legend, read from CesiumJS. `owners`
 * maps each loaded data source or tileset to its layer id (kept by the engine).
 */
export class CesiumFeatures implements EngineFeatures {
  private readonly evaluator = new StyleEvaluator();
  private readonly tiles = new TileFeatures();

  private readonly rasters: CesiumRasterValues;

  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
    placeAt: (x: number, y: number) => { lng: number; lat: number } | undefined,
  ) {
    this.rasters = new CesiumRasterValues(viewer, owners, placeAt);
  }

  rasterAt(x: number, y: number): Promise<FeatureRef | undefined> {
    return this.rasters.rasterAt(x, y);
  }

  featureAt(x: number, y: number): FeatureRef | undefined {
    const picked = this.viewer.scene.pick(new Cartesian2(x, y)) as { id?: unknown } | undefined;
    if (isTileFeature(picked)) {
      const layerId = this.owners.get(picked.tileset);
      return layerId ? this.tiles.remember(layerId, picked) : undefined;
    }
    if (picked?.id instanceof VectorPick) {
      const layerId = this.owners.get(picked.id.owner);
      // A model of points drawn together names its batch: the point is the one under (x, y).
      const index = picked.id instanceof TimedPointsPick ? picked.id.featureAt(x, y) : picked.id.index;
      const featureId = index === undefined ? undefined : (picked.id.owner as BatchedLayer).featureId(index);
      return layerId && featureId !== undefined ? { layerId, featureId } : undefined;
    }
    if (!(picked?.id instanceof Entity)) return undefined;
    const owner = picked.id.entityCollection.owner;
    const layerId = owner ? this.owners.get(owner) : undefined;
    return layerId ? { layerId, featureId: picked.id.id } : undefined;
  }

  private entity(ref: FeatureRef): Entity | undefined {
    for (const [owner, layerId] of this.owners) {
      if (layerId !== ref.layerId) continue;
      const entities = (owner as { entities?: { getById(id: string): Entity | undefined } }).entities;
      return entities?.getById(ref.featureId);
    }
    return undefined;
  }

  private vector(ref: FeatureRef): { properties: Record<string, unknown>; name: string | undefined } | undefined {
    const layer = vectorLayerOf(this.owners, ref.layerId);
    const index = layer?.indexOf(ref.featureId);
    return layer && index !== undefined ? { properties: layer.properties(index)!, name: layer.name(index) } : undefined;
  }

  featureInfo(ref: FeatureRef, infobox?: Infobox): FeatureInfo | undefined {
    const pixel = this.rasters.info(ref);
    if (pixel) return pixel;
    const tile = this.tiles.find(ref);
    const vector = tile ? undefined : this.vector(ref);
    const entity = tile || vector ? undefined : this.entity(ref);
    if (!tile && !entity && !vector) return undefined;
    const properties = tile ? tileFeatureProperties(tile) : vector ? vector.properties : entityProperties(entity!, this.viewer.clock.currentTime);
    const feature = styleFeature(properties);
    const title = infobox?.title !== undefined ? this.evaluator.text({ expression: infobox.title }, feature) : undefined;
    const fields = infobox?.fields
      ? infobox.fields.map((f) => ({ label: f.label, value: asText(this.evaluator.value({ expression: f.value }, feature)), format: f.format }))
      : Object.entries(properties).map(([label, value]) => ({ label, value: asText(value) }));
    const description = infobox?.fields ? undefined : (entity?.description?.getValue(this.viewer.clock.currentTime) as unknown);
    const evaluate = (expression: string) => this.evaluator.value({ expression }, feature);
    return {
      title: title ?? entity?.name ?? vector?.name ?? ref.featureId,
      fields,
      feature: { properties, evaluate },
      ...(typeof description === 'string' && description.trim() !== '' ? { description } : {}),
    };
  }

  /** Marks the picked 3D Tiles features among `refs` as selected (entities are drawn by SceneDrawing). */
  highlightTiles(refs: FeatureRef[]): void {
    this.tiles.highlight(refs);
  }

  featureProperties(layerId: string): Record<string, unknown>[] {
    const time = this.viewer.clock.currentTime;
    for (const [owner, id] of this.owners) {
      if (id !== layerId) continue;
      if (owner instanceof BatchedLayer) return owner.allProperties();
      if (owner instanceof Cesium3DTileset) return tilesetFeatureProperties(owner);
      const entities = (owner as { entities?: { values: Entity[] } }).entities?.values ?? [];
      return entities.map((e) => entityProperties(e, time));
    }
    return [];
  }

  geometryKinds(layerId: string): GeometryKind[] {
    for (const [owner, id] of this.owners) {
      if (id !== layerId) continue;
      if (owner instanceof BatchedLayer) return [...owner.geometryKinds()];
      const kinds = new Set<GeometryKind>();
      for (const e of (owner as { entities?: { values: Entity[] } }).entities?.values ?? []) {
        if (e.point || e.billboard) kinds.add('marker');
        if (e.polyline) kinds.add('polyline');
        if (e.polygon) kinds.add('polygon');
      }
      return [...kinds];
    }
    return [];
  }

  expressionColor(expression: string): string | undefined {
    const color = toColor(this.evaluator.value({ expression }, styleFeature({})));
    return color?.toCssColorString();
  }
}

/** The batched-path layer loaded for a layer id, if it is one. */
export function vectorLayerOf(owners: Map<object, string>, layerId: string): BatchedLayer | undefined {
  for (const [owner, id] of owners) if (id === layerId && owner instanceof BatchedLayer) return owner;
  return undefined;
}
