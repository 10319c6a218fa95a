import type { Cesium3DTile, Cesium3DTileContent, Cesium3DTileset } from 'cesium';
import { tileFeatureProperties } from './cesium-tile-features.js';

/** The most features whose properties the style panel reads of one tileset (the first loaded tiles'). */
export const MAX_TILESET_FEATURES = 20_000;

/** The tiles of each watched tileset that hold content now, in the order they loaded. */
const loadedTiles = new WeakMap<Cesium3DTileset, Set<Cesium3DTile>>();

/** Keeps count of a tileset's loaded tiles, so that {@link tilesetFeatureProperties} can read their features. */
export function watchTiles(tileset: Cesium3DTileset): void {
  const tiles = new Set<Cesium3DTile>();
  loadedTiles.set(tileset, tiles);
  tileset.tileLoad.addEventListener((tile: Cesium3DTile) => void tiles.add(tile));
  tileset.tileUnload.addEventListener((tile: Cesium3DTile) => void tiles.delete(tile));
}

/** A tile's contents with features: itself, or those a composite or multiple content holds. */
function contentsOf(content: Cesium3DTileContent): Cesium3DTileContent[] {
  const inner = content.innerContents as Cesium3DTileContent[] | undefined;
  return inner?.length ? inner.flatMap(contentsOf) : [content];
}

/**
 * The properties of the features of a tileset's loaded tiles (their batch tables or structural
 * metadata), at most `limit` of them: what the style panel offers to style a tileset by
 * (docs/viewer.md). A tileset streams its tiles, so these are the features near the view.
 */
export function tilesetFeatureProperties(tileset: Cesium3DTileset, limit = MAX_TILESET_FEATURES): Record<string, unknown>[] {
  if (tileset.isDestroyed()) return [];
  const rows: Record<string, unknown>[] = [];
  for (const tile of loadedTiles.get(tileset) ?? []) {
    // An unloaded tile has left the set (tileUnload); a destroyed tileset took all of them.
    if (!tile.content) continue;
    for (const content of contentsOf(tile.content))
      for (let i = 0; i < content.featuresLength && rows.length < limit; i++) rows.push(tileFeatureProperties(content.getFeature(i)));
    if (rows.length >= limit) break;
  }
  return rows;
}
