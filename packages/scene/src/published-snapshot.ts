import type { Layer, Scene } from './scene-schema.js';

/**
 * A layer as the published page gets it: always with a URL to load. A GIS file named by URL
 * (docs/contract.md §13) loads from the server, which converts it; `source` keeps the file's own URL.
 */
export type PublishedLayer = Layer & { url: string; source?: string };

/** The terrain as the published page gets it: a DEM's tiles in `url`; for a DEM by URL, `source` keeps the GeoTIFF's own URL. */
export type PublishedTerrain = NonNullable<Scene['property']['terrain']> & { source?: string };

/**
 * What `/p/{project}` shows: the scene as it was when published, and the plugins then installed
 * (`Plugin` is the server's plugin package type; the viewer reads it as its own).
 */
export interface PublishedSnapshot<Plugin = unknown> {
  project: { alias: string; name: string };
  scene: Omit<Scene, 'layers'> & { layers: PublishedLayer[] };
  plugins: Plugin[];
  publishedAt: string;
}
