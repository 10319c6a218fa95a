/**
 * What the server that cuts a GeoTIFF's tiles and the viewer that draws them agree on (docs/contract.md §17,
 * docs/rasters.md): where the tiles are, and which styles make sense.
 */

/** A `geotiff` layer's tiles, after `/api/p/{p}` (public) or `/api/projects/{p}` (the editor's). */
export function rasterTilesPath(assetId: string): string {
  return `/rasters/${encodeURIComponent(assetId)}/{z}/{x}/{y}.png`;
}

/**
 * A `geotiff` layer named by URL: its tiles for the editor, after `/api/projects/{p}` (the server
 * reads the file by ranges, for members only), with the URL in the query.
 */
export function urlRasterTilesPath(url: string): string {
  return `/url-rasters/{z}/{x}/{y}.png?url=${encodeURIComponent(url)}`;
}

/** A published `geotiff` layer named by URL: its tiles on the public page, after `/api/p/{p}` (only URLs the published scene names are read). */
export function publishedUrlRasterPath(layerId: string): string {
  return `/url-rasters/${encodeURIComponent(layerId)}/{z}/{x}/{y}.png`;
}

/**
 * Where the values of a raster layer's pixel under a place are answered (what a click shows,
 * docs/contract.md §17): beside its tiles, `values?lng=…&lat=…` in place of `{z}/{x}/{y}.png`.
 */
export function rasterValuesUrl(tileTemplate: string, lng: number, lat: number): string {
  const [path, query] = tileTemplate.split('?') as [string, string | undefined];
  const place = `lng=${lng.toFixed(7)}&lat=${lat.toFixed(7)}`;
  return `${path.replace('{z}/{x}/{y}.png', 'values')}?${query ? `${query}&` : ''}${place}`;
}

/** A DEM's terrain tiles, after `/api/p/{p}` (public) or `/api/projects/{p}` (the editor's): Terrarium PNGs, 65 × 65 heights on each Web Mercator tile's edges. */
export function terrainTilesPath(assetId: string): string {
  return `/terrain/${encodeURIComponent(assetId)}/{z}/{x}/{y}.png`;
}

/**
 * Terrain `dem` from a GeoTIFF named by URL (docs/rasters.md): its terrain tiles for the editor, after
 * `/api/projects/{p}` (the server reads the file by ranges, for members only), with the URL in the query.
 */
export function urlTerrainTilesPath(url: string): string {
  return `/url-terrain/{z}/{x}/{y}.png?url=${encodeURIComponent(url)}`;
}

/** The published scene's terrain `dem` by URL: its tiles on the public page, after `/api/p/{p}` (only the URL the published scene names is read). */
export const PUBLISHED_URL_TERRAIN_PATH = '/url-terrain/{z}/{x}/{y}.png';

/**
 * docs/contract.md §4's terrain types and §17's: `dem`, an elevation GeoTIFF of the project (`assetId`) or by `url`, and
 * `gsi`, GSI's elevation PNG tiles of Japan (or a `url` of tiles in their encoding).
 */
export const TERRAIN_TYPES = ['cesium', 'cesiumion', 'arcgis', 'dem', 'gsi'] as const;

/** GSI's elevation tiles (標高タイル, dem_png): only fetched when a scene names terrain type `gsi`. */
export const GSI_DEM_TILES = 'https://cyberjapandata.gsi.go.jp/xyz/dem_png/{z}/{x}/{y}.png';

/** Files the server cuts raster tiles of, by name. */
export const GEOTIFF_NAME = /\.tiff?$/i;

/** The parts of a `geotiff` layer's `data` that colour it. */
export interface RasterStyleFields {
  bands?: readonly number[];
  ramp?: readonly unknown[];
  breaks?: readonly number[];
  hillshade?: boolean;
}

/**
 * What is wrong with a raster style, by its key, or undefined: one or three or four bands; a ramp,
 * breaks and a hillshade colour one band; breaks ascend and are one fewer than the ramp's colours.
 * `bands` is the number of bands the style reads (its own list, or what the file implies).
 */
export function rasterStyleProblem(style: RasterStyleFields, bands = style.bands?.length ?? 1): { key: keyof RasterStyleFields; message: string } | undefined {
  if (bands === 2) return { key: 'bands', message: 'give one band (a ramp, grey or a hillshade), three (red, green, blue) or four (with alpha)' };
  if (bands > 1) {
    const key = style.ramp ? 'ramp' : style.breaks ? 'breaks' : style.hillshade ? 'hillshade' : undefined;
    if (key) return { key, message: `a ramp, breaks and a hillshade colour one band, and ${bands} are read: name one with "bands"` };
  }
  const { ramp, breaks } = style;
  if (breaks) {
    if (!ramp) return { key: 'breaks', message: 'breaks need a ramp of colours to colour their classes' };
    if (breaks.length !== ramp.length - 1)
      return {
        key: 'breaks',
        message: `${breaks.length} breaks make ${breaks.length + 1} classes, and the ramp has ${ramp.length} colours: give one break fewer than colours`,
      };
    for (let i = 1; i < breaks.length; i++) {
      if (!(breaks[i]! > breaks[i - 1]!)) return { key: 'breaks', message: `breaks must ascend: ${breaks[i]} follows ${breaks[i - 1]}` };
    }
  }
  return undefined;
}
