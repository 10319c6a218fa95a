/**
 * The vector tiles the server cuts from a large GeoJSON asset (docs/contract.md §13, docs/viewer.md "Tiles"),
 * and what both the server that writes them and the viewer that reads them agree on.
 */

/** An asset's tiles, under its file path: `…/files/{project}/{asset}/orbis-tiles/{z}/{x}/{y}.pbf`. */
export const TILES_PATH = 'orbis-tiles';

/** The template of an asset's tiles, after its files' base URL. */
export const TILES_TEMPLATE = `${TILES_PATH}/{z}/{x}/{y}.pbf`;

/** The one Mapbox Vector Tile layer in each of Orbis's tiles. */
export const TILE_LAYER = 'features';

/**
 * The editor adds a GeoJSON or GIS file larger than this as an `mvt` layer of its tiles rather
 * than as the whole file: the browser would hold every feature of it.
 */
export const TILED_LAYER_BYTES = 100 * 1024 * 1024;

/** The deepest zoom the server cuts; deeper views draw these tiles (overzoom). */
export const MAX_TILE_ZOOM = 14;

/**
 * A feature's GeoJSON `id` when it is not a non-negative integer (MVT ids are): kept as this
 * property. A feature without an `id` gets its 1-based place in the file as its MVT id, the id the
 * viewer gives it when it draws the file whole.
 */
export const TILE_ID_PROPERTY = '@id';

/** The tile at zoom `z` of column `x` and row `y` (XYZ, Web Mercator), if the numbers name one. */
export function isTile(z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  return Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= 30 && x >= 0 && y >= 0 && x < n && y < n;
}

/**
 * The tile URL template of an uploaded asset (an `mvt` layer's `assetId`), from the URL of the
 * asset's own file; with `table`, the tiles of that GeoPackage table only (docs/contract.md §13 `data.table`),
 * asked by the query `?table=`.
 */
export function tilesUrlOf(assetFileUrl: string, table?: string): string {
  const template = assetFileUrl.slice(0, assetFileUrl.lastIndexOf('/') + 1) + TILES_TEMPLATE;
  return table === undefined ? template : `${template}?table=${encodeURIComponent(table)}`;
}
