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
  /** Whether its tiles are Mapbox Vector Tiles, which a basemap paints with its street style. */
  vector: boolean;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees; the whole world when the archive says none. */
  bounds: [number, number, number, number];
  /** Longitude, latitude (degrees) and zoom that the archive's maker chose to open it at. */
  center: [number, number, number];
  /** The archive's metadata `attribution` (HTML, as Protomaps' tools write it), if any. */
  attribution?: string;
  /** The names of the layers its metadata lists (`vector_layers`), for a vector archive. */
  vectorLayers?: string[];
}

/** A PMTiles archive read by HTTP Range requests from an asset's file (or any other source). */
export function openPmtiles(file: AssetFile | Source): PMTiles {
  return new PMTiles('getBytes' in file ? file : new FetchSource(file.url, new Headers(file.headers)));
}

/** An archive's tile type, levels, bounds and attribution, from its header and metadata. */
export async function summarizePmtiles(archive: PMTiles): Promise<PmtilesSummary> {
  const [header, metadata] = await Promise.all([archive.getHeader(), archive.getMetadata()]);
  const meta = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as { attribution?: unknown; vector_layers?: unknown };
  const attribution = typeof meta.attribution === 'string' ? meta.attribution : undefined;
  const vectorLayers = Array.isArray(meta.vector_layers)
    ? meta.vector_layers.map((l: { id?: unknown }) => l?.id).filter((id): id is string => typeof id === 'string')
    : undefined;
  const { minLon, minLat, maxLon, maxLat } = header;
  const hasBounds = minLon < maxLon && minLat < maxLat;
  const bounds: PmtilesSummary['bounds'] = hasBounds ? [minLon, minLat, maxLon, maxLat] : [-180, -85.051129, 180, 85.051129];
  const centerZoom = Math.min(header.maxZoom, Math.max(header.minZoom, header.centerZoom));
  const inBounds = header.centerLon >= bounds[0] && header.centerLon <= bounds[2] && header.centerLat >= bounds[1] && header.centerLat <= bounds[3];
  return {
    imageType: RASTER_TYPES[header.tileType],
    vector: header.tileType === TileType.Mvt,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds,
    center: inBounds ? [header.centerLon, header.centerLat, centerZoom] : [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, centerZoom],
    ...(attribution ? { attribution } : {}),
    ...(vectorLayers?.length ? { vectorLayers } : {}),
  };
}

/** Why an archive of tiles that are neither images nor Mapbox Vector Tiles (MLT, unknown) is no basemap. */
export function unknownTilesRefusal(name: string): string {
  return `"${name}" holds tiles that a basemap does not draw (neither images nor Mapbox Vector Tiles): pick or upload a PMTiles archive of PNG, JPEG or WebP images or of MVT vector tiles.`;
}

/** An archive's attribution as text: it is whoever made the archive's, and a page shows no HTML from data. */
export function attributionText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
