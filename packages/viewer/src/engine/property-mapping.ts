import type { ViewerProperty } from '@orbis/scene';
import { GSI_DEM_TILES } from '@orbis/scene/checks';
import { isNamedBasemap, NAMED_BASEMAPS } from './basemaps.js';

/** Where terrain comes from. `ellipsoid` is no terrain, and needs no network. */
export type TerrainSource =
  | { kind: 'ellipsoid' }
  | { kind: 'quantized-mesh'; url: string }
  | { kind: 'cesium-ion'; assetId: number; token: string }
  | { kind: 'arcgis'; url: string }
  /** Terrarium-encoded heights on each Web Mercator tile's 65 × 65 edge grid: a DEM's tiles from the server (docs/contract.md §17 "dem"). */
  | { kind: 'terrarium'; url: string; headers?: Record<string, string> }
  /** GSI's elevation PNG tiles (docs/contract.md §17 "gsi"), or tiles in their encoding. */
  | { kind: 'gsi'; url: string };

export type TileSource =
  | { kind: 'natural-earth'; opacity: number; show: boolean }
  | { kind: 'url-template'; url: string; opacity: number; show: boolean; credit?: string; minimumLevel?: number; maximumLevel?: number }
  | { kind: 'wms'; url: string; layers: string; opacity: number; show: boolean }
  | { kind: 'osm'; url: string; opacity: number; show: boolean }
  | { kind: 'pmtiles'; url: string; headers?: Record<string, string>; opacity: number; show: boolean; minimumLevel?: number; maximumLevel?: number };

/** Where the engine reads a project asset's file: its URL, and the headers to send (the editor's token). */
export interface AssetFile {
  url: string;
  headers?: Record<string, string>;
  /** A GeoTIFF's terrain tiles, a `{z}/{x}/{y}` template (docs/contract.md §17 terrain "dem"). */
  terrain?: string;
}

/**
 * A project asset's file by its id, or nothing for an id the page does not know; in the editor,
 * also where the terrain tiles of a DEM named by URL are read (the published page has them in its scene).
 */
export type AssetFiles = ((assetId: string) => AssetFile | undefined) & { urlTerrain?: (url: string) => AssetFile | undefined };

/** Everything the engine sets, with defaults filled in: what a ViewerProperty means. */
export interface EngineSettings {
  globe: { show: boolean; baseColor: string; enableLighting: boolean; showGroundAtmosphere: boolean; depthTestAgainstTerrain: boolean };
  terrain: TerrainSource;
  exaggeration: number;
  scene: { backgroundColor: string; fog: boolean; shadows: boolean; mode: '3d' | '2d' | 'columbus' };
  tiles: TileSource[];
  sky: { show: boolean; atmosphere: boolean; sun: boolean; moon: boolean };
  camera: { minimumZoomDistance: number; maximumZoomDistance: number; enableTilt: boolean; enableRotate: boolean };
  render: { antialias: boolean; resolutionScale: number; debugFramesPerSecond: boolean };
}

const ARCGIS_WORLD_ELEVATION = 'https://elevation3d.arcgis.com/arcgis/rest/services/WorldElevation3D/Terrain3D/ImageServer';

function section(property: ViewerProperty, key: string): Record<string, unknown> {
  const value = property[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);

/**
 * The terrain a property asks for. Terrain is off unless `enabled` is true; then `type` picks the
 * source (a quantized-mesh `url`, Cesium ion with a token, or ArcGIS), and with no type a `url`
 * means quantized-mesh. Enabled with nothing to load from stays the ellipsoid: Orbis never calls a
 * service the scene did not name.
 */
export function terrainSource(terrain: Record<string, unknown>, assetFiles: AssetFiles = () => undefined): TerrainSource {
  if (terrain.enabled !== true) return { kind: 'ellipsoid' };
  const url = text(terrain.url, '');
  switch (terrain.type) {
    case 'dem': {
      // Published (an asset's, or one by URL whose `source` is the GeoTIFF's URL), its tiles' URL;
      // in the editor, where the page reads the asset's tiles, or the server's tiles of the URL's GeoTIFF.
      const byUrl = typeof terrain.assetId !== 'string';
      if (url && (!byUrl || typeof terrain.source === 'string')) return { kind: 'terrarium', url };
      const file = byUrl ? (url ? assetFiles.urlTerrain?.(url) : undefined) : assetFiles(terrain.assetId as string);
      return file?.terrain ? { kind: 'terrarium', url: file.terrain, ...(file.headers ? { headers: file.headers } : {}) } : { kind: 'ellipsoid' };
    }
    case 'gsi':
      return { kind: 'gsi', url: url || GSI_DEM_TILES };
    case 'cesiumion': {
      const token = text(terrain.ionAccessToken, '');
      return token ? { kind: 'cesium-ion', assetId: num(terrain.ionAssetId, 1), token } : { kind: 'ellipsoid' };
    }
    case 'arcgis':
      return { kind: 'arcgis', url: url || ARCGIS_WORLD_ELEVATION };
    default:
      return url ? { kind: 'quantized-mesh', url } : { kind: 'ellipsoid' };
  }
}

function tileSource(tile: Record<string, unknown>, assetFiles: AssetFiles): TileSource | undefined {
  const opacity = Math.min(1, Math.max(0, num(tile.opacity, 1)));
  const show = bool(tile.show, true);
  const url = text(tile.url, '');
  // `zoomLevel: [min, max]` limits the levels asked for (docs/contract.md §14); a named basemap has its own.
  const zoom = Array.isArray(tile.zoomLevel) ? { minimumLevel: num(tile.zoomLevel[0], 0), maximumLevel: num(tile.zoomLevel[1], 30) } : {};
  if (isNamedBasemap(tile.type)) {
    const { url: template, credit, minimumLevel, maximumLevel } = NAMED_BASEMAPS[tile.type];
    return { kind: 'url-template', url: template, opacity, show, credit, minimumLevel, maximumLevel, ...zoom };
  }
  switch (tile.type) {
    case 'url':
      return url ? { kind: 'url-template', url, opacity, show, ...zoom } : undefined;
    case 'wms':
      return url ? { kind: 'wms', url, layers: text(tile.layers, ''), opacity, show } : undefined;
    case 'osm':
      return url ? { kind: 'osm', url, opacity, show } : undefined;
    case 'pmtiles': {
      // The published snapshot carries the archive's URL; the editor reads it by asset id.
      const file = url ? { url } : typeof tile.assetId === 'string' ? assetFiles(tile.assetId) : undefined;
      return file ? { kind: 'pmtiles', ...file, opacity, show, ...zoom } : undefined;
    }
    default:
      return { kind: 'natural-earth', opacity, show };
  }
}

/**
 * Fills in every default: the engine applies this, and only this. `assetFiles` says where a
 * `pmtiles` basemap's archive is, by asset id, where the property does not say it by URL.
 */
export function toEngineSettings(property: ViewerProperty, assetFiles: AssetFiles = () => undefined): EngineSettings {
  const globe = section(property, 'globe');
  const terrain = section(property, 'terrain');
  const scene = section(property, 'scene');
  const sky = section(property, 'sky');
  const camera = section(property, 'camera');
  const render = section(property, 'render');
  const rawTiles = Array.isArray(property.tiles) ? (property.tiles as Record<string, unknown>[]) : [{ type: 'default' }];
  const mode = scene.mode === '2d' || scene.mode === 'columbus' ? scene.mode : '3d';
  return {
    globe: {
      show: bool(globe.enabled, true),
      baseColor: text(globe.baseColor, '#000080'),
      enableLighting: bool(globe.enableLighting, false),
      showGroundAtmosphere: bool(globe.showGroundAtmosphere, true),
      depthTestAgainstTerrain: bool(globe.depthTestAgainstTerrain, false),
    },
    terrain: terrainSource(terrain, assetFiles),
    exaggeration: num(terrain.exaggeration, 1),
    scene: {
      backgroundColor: text(scene.backgroundColor, '#000000'),
      fog: bool(scene.fog, true),
      shadows: bool(scene.shadows, bool(section(scene, 'shadow').enabled, false)),
      mode,
    },
    tiles: rawTiles.map((tile) => tileSource(tile, assetFiles)).filter((t): t is TileSource => t !== undefined),
    sky: { show: bool(sky.show, true), atmosphere: bool(sky.atmosphere, true), sun: bool(sky.sun, true), moon: bool(sky.moon, true) },
    camera: {
      minimumZoomDistance: num(camera.minimumZoomDistance, 1),
      maximumZoomDistance: num(camera.maximumZoomDistance, Number.POSITIVE_INFINITY),
      enableTilt: bool(camera.enableTilt, true),
      enableRotate: bool(camera.enableRotate, true),
    },
    render: {
      antialias: bool(render.antialias, true),
      resolutionScale: num(render.resolutionScale, 1),
      debugFramesPerSecond: bool(render.debugFramesPerSecond, false),
    },
  };
}
