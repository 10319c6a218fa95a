import { FetchSource, PMTiles, type Source, TileType } from 'pmtiles';
import type { AssetFile } from './property-mapping.js';

/** The image types of raster tiles that a basemap draws, by the archive's tile type. */
const RASTER_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};

/** What a basemap needs to know of a PMTiles archive before it draws a tile of it. */
export interface PmtilesSummary {
  /** The image type of its tiles, or undefined for a vector archive (MVT, MLT) or an unknown one. */
  imageType?: string;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees; the whole world when the archive says none. */
  bounds: [number, number, number, number];
  /** The archive's metadata `attribution` (HTML, as Protomaps' tools write it), if any. */
  attribution?: string;
}

/** A PMTiles archive read by HTTP Range requests from an asset's file (or any other source). */
export function openPmtiles(file: AssetFile | Source): PMTiles {
  return new PMTiles('getBytes' in file ? file : new FetchSource(file.url, new Headers(file.headers)));
}

/** An archive's tile type, levels, bounds and attribution, from its header and metadata. */
export async function summarizePmtiles(archive: PMTiles): Promise<PmtilesSummary> {
  const [header, metadata] = await Promise.all([archive.getHeader(), archive.getMetadata()]);
  const attribution = typeof metadata === 'object' && metadata !== null && typeof (metadata as { attribution?: unknown }).attribution === 'string' ? (metadata as { attribution: string }).attribution : undefined;
  const { minLon, minLat, maxLon, maxLat } = header;
  const hasBounds = minLon < maxLon && minLat < maxLat;
  return {
    imageType: RASTER_TYPES[header.tileType],
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: hasBounds ? [minLon, minLat, maxLon, maxLat] : [-180, -85.051129, 180, 85.051129],
    ...(attribution ? { attribution } : {}),
  };
}

/** Why an archive of vector tiles is no basemap: what the map maker reads, and what the engine logs. */
export function vectorArchiveRefusal(name: string): string {
  return `"${name}" holds vector tiles, which a basemap does not draw yet: pick or upload a PMTiles archive of images (PNG, JPEG or WebP tiles).`;
}

/** An archive's attribution as text: it is whoever made the archive's, and a page shows no HTML from data. */
export function attributionText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
