import { Credit, DiscardEmptyTileImagePolicy, type ImageryTypes, Rectangle, type Request, UrlTemplateImageryProvider, WebMercatorTilingScheme } from 'cesium';
import type { PMTiles } from 'pmtiles';
import { attributionText, openPmtiles, summarizePmtiles, vectorArchiveRefusal } from './pmtiles-archive.js';
import type { AssetFile } from './property-mapping.js';

/**
 * Draws a raster PMTiles archive's tiles (SPEC §14): CesiumJS's template provider for the tiling,
 * levels, bounds and credit, with each tile read out of the archive instead of fetched by URL.
 */
class PmtilesImageryProvider extends UrlTemplateImageryProvider {
  constructor(
    private readonly archive: PMTiles,
    private readonly imageType: string,
    options: UrlTemplateImageryProvider.ConstructorOptions,
  ) {
    super(options);
  }

  override requestImage(x: number, y: number, level: number, _request?: Request): Promise<ImageryTypes> {
    return this.archive.getZxy(level, x, y).then((tile): Promise<ImageryTypes> | ImageryTypes =>
      // A tile the archive lacks is discarded: the globe shows the level above it there.
      tile ? createImageBitmap(new Blob([tile.data], { type: this.imageType })) : DiscardEmptyTileImagePolicy.EMPTY_IMAGE,
    );
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
