import { type FileLayerType, isFileLayerType } from './layer-types.js';

/** How a GIS file format is recognised: its file name extensions and its media type. */
export interface VectorFormat {
  type: FileLayerType;
  /** Lower-case extensions without the dot; a shapefile is a `.zip` that holds a `.shp`. */
  extensions: readonly string[];
  /** The media type an import may be sent as. */
  contentTypes: readonly string[];
}

/**
 * docs/contract.md §13's GIS files, the one list that the server (upload, import) and the editor (*Add as
 * layer*) both read.
 */
export const VECTOR_FORMATS: readonly VectorFormat[] = [
  { type: 'shapefile', extensions: ['zip', 'shz'], contentTypes: ['application/zip', 'application/x-zip-compressed', 'application/x-shapefile'] },
  { type: 'geopackage', extensions: ['gpkg'], contentTypes: ['application/geopackage+sqlite3'] },
  { type: 'flatgeobuf', extensions: ['fgb'], contentTypes: ['application/flatgeobuf', 'application/vnd.flatgeobuf'] },
  {
    type: 'geojsonseq',
    extensions: ['geojsonl', 'geojsons', 'geojsonseq', 'ndjson'],
    contentTypes: ['application/geo+json-seq', 'application/x-ndjson', 'application/jsonl'],
  },
];

/** The extension of a file name, lower-case, without the dot ('' when it has none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The GIS file type of a file, from its name and, for a zip, the paths it holds: a zip is a
 * shapefile when it holds a `.shp` (any zip when its paths are not given). Undefined for every
 * other file.
 */
export function vectorFormatOf(name: string, archivePaths?: readonly string[]): FileLayerType | undefined {
  const ext = extensionOf(name);
  // Without its paths (an import's body not yet read), a zip may be a shapefile: reading tells.
  if (ext === 'zip') return !archivePaths || archivePaths.some((p) => extensionOf(p) === 'shp') ? 'shapefile' : undefined;
  return VECTOR_FORMATS.find((f) => f.extensions.includes(ext))?.type;
}

/** The GIS file type a media type names (a zip is only a candidate shapefile), if any. */
export function vectorFormatOfContentType(contentType: string): FileLayerType | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return VECTOR_FORMATS.find((f) => f.contentTypes.includes(type))?.type;
}

/**
 * The path of the WGS84 GeoJSON the server derives from a GIS file asset, among the asset's
 * `files`: what a layer of that asset draws.
 */
export const DERIVED_GEOJSON_PATH = 'orbis-wgs84.geojson';

/** The derived GeoJSON of one GeoPackage table (docs/contract.md §13 `data.table`), among the asset's `files`. */
export function derivedTablePath(table: string): string {
  return `orbis-wgs84/${encodeURIComponent(table)}.geojson`;
}

/** The GeoPackage tables an asset has derived GeoJSON files of (its `files` paths), in their order: what a layer's `data.table` may pick. */
export function derivedTablesOf(paths: readonly string[]): string[] {
  const tables: string[] = [];
  for (const path of paths) {
    const match = /^orbis-wgs84\/([^/]+)\.geojson$/.exec(path);
    if (match && derivedTablePath(decodeURIComponent(match[1]!)) === path) tables.push(decodeURIComponent(match[1]!));
  }
  return tables;
}

/**
 * Which of an asset's derived GeoJSON files (its `files` paths) a GIS file layer draws: its
 * GeoPackage table's own when `table` names one the server derived, else the whole file's.
 */
export function derivedPathOf(paths: readonly string[], table: string | undefined): string {
  const own = table === undefined ? undefined : derivedTablePath(table);
  return own !== undefined && paths.includes(own) ? own : DERIVED_GEOJSON_PATH;
}

/**
 * The query that asks a CSV asset's file for the GeoJSON of its WKT column (docs/contract.md §13
 * `data.wktColumn`): the server answers it under the file's access rules.
 */
export function wktColumnQuery(column: string): string {
  return `?wktColumn=${encodeURIComponent(column)}`;
}

/** What a URL layer that the server converts needs: its type, the URL, and the `data` that picks what to draw. */
export interface ConvertedUrlLayer {
  type: string;
  url?: string;
  data?: { table?: string; wktColumn?: string };
}

/**
 * Whether a layer is a GIS file (docs/contract.md §13: shapefile, GeoPackage, FlatGeobuf, GeoJSON sequence,
 * or a CSV of WKT) named by URL: the server reads such a file and answers its WGS84 GeoJSON.
 */
export function convertsFromUrl(layer: ConvertedUrlLayer): boolean {
  if (layer.url === undefined) return false;
  return isFileLayerType(layer.type) || (layer.type === 'csv' && layer.data?.wktColumn !== undefined);
}

/**
 * The query of the editor's route that converts such a layer (`GET /api/projects/{p}/url-layer`):
 * the type, the URL, and `table` or `wktColumn` when the layer has one.
 */
export function urlLayerQuery(layer: ConvertedUrlLayer): string {
  const query = new URLSearchParams({ type: layer.type, url: layer.url ?? '' });
  if (layer.data?.table !== undefined) query.set('table', layer.data.table);
  if (layer.data?.wktColumn !== undefined) query.set('wktColumn', layer.data.wktColumn);
  return `?${query.toString()}`;
}

/** Where the published page reads a converted URL layer of its snapshot: `/p/{p}/layers/{id}.geojson`. */
export function publishedUrlLayerPath(alias: string, layerId: string): string {
  return `/p/${encodeURIComponent(alias)}/layers/${encodeURIComponent(layerId)}.geojson`;
}
