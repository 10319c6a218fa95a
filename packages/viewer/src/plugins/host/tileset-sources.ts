/**
 * Re:Earth's named 3D Tiles sources (its `data.type`, docs/contract.md §8), each drawn as a
 * `3dtiles` layer. `osm-buildings` is Cesium ion's, which needs an ion token Orbis does not have:
 * Re:Earth then draws Re:Earth Buildings instead, and so does Orbis.
 */
export const TILESET_SOURCES = ['reearth-buildings', 'osm-buildings', 'google-photorealistic'] as const;
export type TilesetSource = (typeof TILESET_SOURCES)[number];

export const isTilesetSource = (type: unknown): type is TilesetSource => (TILESET_SOURCES as readonly unknown[]).includes(type);

/** Re:Earth Buildings' tileset (buildings from Overture and OpenStreetMap). */
const REEARTH_BUILDINGS = 'https://buildings.reearth.land/tileset.json';
/** Google's Photorealistic 3D Tiles (Map Tiles API), read with an API key. */
const GOOGLE_PHOTOREALISTIC = 'https://tile.googleapis.com/v1/3dtiles/root.json';

/**
 * Where a named source's tileset is, or why it cannot be drawn: Google's needs
 * `data.serviceTokens.googleMapApiKey`. A `data.url` of the layer's own wins over both.
 */
export function tilesetSourceUrl(type: TilesetSource, data: Record<string, unknown>): { url: string } | { problem: string } {
  if (typeof data.url === 'string') return { url: data.url };
  if (type !== 'google-photorealistic') return { url: REEARTH_BUILDINGS };
  const tokens = data.serviceTokens as { googleMapApiKey?: unknown } | undefined;
  const key = tokens?.googleMapApiKey;
  if (typeof key !== 'string' || key === '')
    return { problem: 'a "google-photorealistic" layer needs data.serviceTokens.googleMapApiKey (a Google Map Tiles API key)' };
  return { url: `${GOOGLE_PHOTOREALISTIC}?key=${encodeURIComponent(key)}` };
}
