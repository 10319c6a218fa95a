import { Credit, DiscardEmptyTileImagePolicy, type ImageryTypes, Rectangle, type Request, UrlTemplateImageryProvider, WebMercatorTilingScheme } from 'cesium';
import type { PMTiles } from 'pmtiles';
import { attributionText, openPmtiles, summarizePmtiles, vectorArchiveRefusal } from './pmtiles-archive.js';
import type { AssetFile } from './property-mapping.js';

/** Tiles read out of one archive at once, as CesiumJS's request scheduler allows a server by default over HTTP/1. */
export const MAX_TILE_READS = 6;

/**
 * Draws a raster PMTiles archive's tiles (SPEC §14): CesiumJS's template provider for the tiling,
 * levels, bounds and credit, with each tile read out of the archive instead of fetched by URL.
 * Reads past {@link MAX_TILE_READS} answer `undefined`, CesiumJS's "ask again later", so a flight
 * over the globe does not start every tile's Range request at once.
 */
export class PmtilesImageryProvider extends UrlTemplateImageryProvider {
  private reading = 0;

  constructor(
    private readonly archive: PMTiles,
    private readonly imageType: string,
    options: UrlTemplateImageryProvider.ConstructorOptions,
  ) {
    super(options);
  }

  override requestImage(x: number, y: number, level: number, _request?: Request): Promise<ImageryTypes> | undefined {
    if (this.reading >= MAX_TILE_READS) return undefined;
    this.reading += 1;
    return this.archive
      .getZxy(level, x, y)
      .then((tile): Promise<ImageryTypes> | ImageryTypes =>
        // A tile the archive lacks is discarded: the globe shows the level above it there.
        tile ? createImageBitmap(new Blob([tile.data], { type: this.imageType })) : DiscardEmptyTileImagePolicy.EMPTY_IMAGE,
      )
      .finally(() => (this.reading -= 1));
  }
}

/**
 * The imagery of a PMTiles archive at `file`, read by HTTP Range requests, with the archive's
 * `attribution` as its credit, in sight on the globe. A vector archive is refused with the reason.
 */
export async function pmtilesImagery(file: AssetFile & { minimumLevel?: number; maximumLevel?: number }): Promise<UrlTemplateImageryProvider> {
  const archive = openPmtiles(file);
  const summary = await summarizePmtiles(archive);
  if (!summary.imageType) throw new Error(vectorArchiveRefusal(decodeURIComponent(file.url.slice(file.url.lastIndexOf('/') + 1))));
  const credit = summary.attribution ? new Credit(escapeHtml(attributionText(summary.attribution)), true) : undefined;
  return new PmtilesImageryProvider(archive, summary.imageType, {
    // Never fetched: every tile comes from the archive.
    url: 'pmtiles:{z}/{x}/{y}',
    tilingScheme: new WebMercatorTilingScheme(),
    rectangle: Rectangle.fromDegrees(...summary.bounds),
    // The entry's `zoomLevel` narrows the archive's levels, never widens them.
    minimumLevel: Math.max(summary.minZoom, file.minimumLevel ?? 0),
    maximumLevel: Math.min(summary.maxZoom, file.maximumLevel ?? summary.maxZoom),
    tileDiscardPolicy: new DiscardEmptyTileImagePolicy(),
    credit,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
