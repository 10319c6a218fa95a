import { Cesium3DTileFeature, Color } from 'cesium';
import type { FeatureRef } from '../../engine-features.js';

/** Properties that name a 3D Tiles feature for good (CityGML and PLATEAU export `gml_id`). */
const ID_PROPERTIES = ['id', 'gml_id', '_gml_id', 'ID'];

/** How many picked tile features are remembered for their infobox and highlight. */
const REMEMBERED = 64;

/**
 * Features of 3D Tiles layers as the infobox and the selection see them. A tile feature exists
 * only while its tile is loaded and has no id of its own beyond its index in that tile, so the
 * features the user picked are remembered (the last {@link REMEMBERED}) under an id taken from
 * their properties where they have one (`id`, `gml_id`, …), else `<index>@<tile content URL>`.
 */
export class TileFeatures {
  private readonly picked = new Map<string, Cesium3DTileFeature>();
  private highlighted: { feature: Cesium3DTileFeature; color: Color }[] = [];

  /** The ref of a picked feature of layer `layerId`, remembered for {@link TileFeatures.find}. */
  remember(layerId: string, feature: Cesium3DTileFeature): FeatureRef {
    const ref = { layerId, featureId: tileFeatureId(feature) };
    const key = keyOf(ref);
    this.picked.delete(key);
    this.picked.set(key, feature);
    if (this.picked.size > REMEMBERED) this.picked.delete(this.picked.keys().next().value!);
    return ref;
  }

  /** A remembered feature whose tile is still loaded. */
  find(ref: FeatureRef): Cesium3DTileFeature | undefined {
    const feature = this.picked.get(keyOf(ref));
    if (feature && isLoaded(feature)) return feature;
    return undefined;
  }

  /** Marks the remembered features among `refs` in the selection colour; the rest get theirs back. */
  highlight(refs: FeatureRef[]): void {
    for (const { feature, color } of this.highlighted) if (isLoaded(feature)) feature.color = color;
    this.highlighted = [];
    for (const ref of refs) {
      const feature = this.find(ref);
      if (!feature) continue;
      this.highlighted.push({ feature, color: Color.clone(feature.color) });
      feature.color = Color.YELLOW;
    }
  }
}

/** A picked object that is a feature of a 3D Tiles tileset. */
export function isTileFeature(picked: unknown): picked is Cesium3DTileFeature {
  return picked instanceof Cesium3DTileFeature;
}

/** Every property of a tile feature (its batch table or structural metadata), by name. */
export function tileFeatureProperties(feature: Cesium3DTileFeature): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of feature.getPropertyIds()) out[name] = feature.getProperty(name);
  return out;
}

function tileFeatureId(feature: Cesium3DTileFeature): string {
  for (const name of ID_PROPERTIES) {
    const value: unknown = feature.getProperty(name);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return `${feature.featureId}@${contentOf(feature).url}`;
}

/**
 * The tile content a feature belongs to. CesiumJS marks `content` private in its typings, yet it
 * is the only way to tell which tile a feature is in and whether that tile is still loaded (a
 * feature of an unloaded tile throws when coloured).
 */
function contentOf(feature: Cesium3DTileFeature): { url: string; isDestroyed(): boolean } {
  return (feature as unknown as { content: { url: string; isDestroyed(): boolean } }).content;
}

function isLoaded(feature: Cesium3DTileFeature): boolean {
  return !contentOf(feature).isDestroyed();
}

const keyOf = (ref: FeatureRef) => `${ref.layerId}\u0000${ref.featureId}`;
