import { Credit, DiscardEmptyTileImagePolicy, type ImageryTypes, Rectangle, type Request, UrlTemplateImageryProvider, WebMercatorTilingScheme } from 'cesium';
import type { PMTiles } from 'pmtiles';
import { attributionText, openPmtiles, summarizePmtiles, unknownTilesRefusal } from '../pmtiles-archive.js';
import type { AssetFile } from '../property-mapping.js';
import { paintStreetTile } from '../street-basemap/street-basemap-client.js';
import { MAX_PAINTED_LEVEL, OVERZOOM_LEVELS } from '../street-basemap/street-painter.js';

/** Tiles read out of one archive at once, as CesiumJS's request scheduler allows a server by default over HTTP/1. */
export const MAX_TILE_READS = 6;

/** One tile of an archive as an image, or undefined where the archive has none. */
export type TileImage = (level: number, x: number, y: number) => Promise<ImageryTypes | undefined>;

/**
 * Draws a PMTiles archive's tiles (docs/contract.md §14): CesiumJS's template provider for the tiling,
 * levels, bounds and credit, with each tile read out of the archive (and, for a vector archive,
 * painted) instead of fetched by URL. Reads past {@link MAX_TILE_READS} answer `undefined`,
 * CesiumJS's "ask again later", so a flight over the globe does not start every tile's Range
 * request at once.
 */
export class PmtilesImageryProvider extends UrlTemplateImageryProvider {
  private reading = 0;

  constructor(
    private readonly tileImage: TileImage,
    options: UrlTemplateImageryProvider.ConstructorOptions,
  ) {
    super(options);
  }

  override requestImage(x: number, y: number, level: number, _request?: Request): Promise<ImageryTypes> | undefined {
    if (this.reading >= MAX_TILE_READS) return undefined;
    this.reading += 1;
    return (
      this.tileImage(level, x, y)
        // A tile the archive lacks is discarded: the globe shows the level above it there.
        .then((image) => image ?? DiscardEmptyTileImagePolicy.EMPTY_IMAGE)
        .finally(() => (this.reading -= 1))
    );
  }
}

/** A raster archive's tile, decoded by the browser upside down, as CesiumJS decodes every imagery tile (`imageOrientation: "flipY"`) and turns it back. */
export function rasterTile(archive: PMTiles, imageType: string): TileImage {
  return (level, x, y) =>
    archive
      .getZxy(level, x, y)
      .then((tile) => (tile ? createImageBitmap(new Blob([tile.data], { type: imageType }), { imageOrientation: 'flipY' }) : undefined));
}

/**
 * The imagery of a PMTiles archive at `file`, read by HTTP Range requests, with the archive's
 * `attribution` as its credit, in sight on the globe: a raster archive's images, or a vector
 * archive's Mapbox Vector Tiles painted as a street basemap, down to {@link OVERZOOM_LEVELS} past
 * its deepest level. An archive of any other tiles is refused with the reason.
 */
export async function pmtilesImagery(file: AssetFile & { minimumLevel?: number; maximumLevel?: number }): Promise<UrlTemplateImageryProvider> {
  const archive = openPmtiles(file);
  const summary = await summarizePmtiles(archive);
  const { imageType } = summary;
  if (!imageType && !summary.vector) throw new Error(unknownTilesRefusal(decodeURIComponent(file.url.slice(file.url.lastIndexOf('/') + 1))));
  const credit = summary.attribution ? new Credit(escapeHtml(attributionText(summary.attribution)), true) : undefined;
  const deepest = imageType ? summary.maxZoom : Math.min(MAX_PAINTED_LEVEL, summary.maxZoom + OVERZOOM_LEVELS);
  const tileImage: TileImage = imageType ? rasterTile(archive, imageType) : (level, x, y) => paintStreetTile(file, level, x, y, 'bitmap');
  return new PmtilesImageryProvider(tileImage, {
    // Never fetched: every tile comes from the archive.
    url: 'pmtiles:{z}/{x}/{y}',
    tilingScheme: new WebMercatorTilingScheme(),
    rectangle: Rectangle.fromDegrees(...summary.bounds),
    // The entry's `zoomLevel` narrows the levels drawn, never widens them.
    minimumLevel: Math.max(summary.minZoom, file.minimumLevel ?? 0),
    maximumLevel: Math.min(deepest, file.maximumLevel ?? deepest),
    tileDiscardPolicy: new DiscardEmptyTileImagePolicy(),
    credit,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
