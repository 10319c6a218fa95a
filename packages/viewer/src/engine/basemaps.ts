import type { TileType } from '@orbis/scene/checks';

/** A named basemap of docs/contract.md §14: where its tiles are, the levels it has, and its provider's credit. */
export interface Basemap {
  /** What the editor's picker calls it. */
  label: string;
  /** An `{z}/{x}/{y}` template. */
  url: string;
  /** The provider's attribution, as HTML the globe's credit line shows (ours, never the scene's). */
  credit: string;
  minimumLevel: number;
  maximumLevel: number;
}

/**
 * The street and satellite basemaps a scene names by type, as Re:Earth names them. Each is an
 * outside service: nothing is fetched from one unless the scene names it.
 */
export const NAMED_BASEMAPS: Record<Exclude<TileType, 'default' | 'url' | 'wms' | 'osm' | 'pmtiles'>, Basemap> = {
  open_street_map: {
    label: 'OpenStreetMap',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    credit: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    minimumLevel: 0,
    maximumLevel: 19,
  },
  // GSI's own terms ask for this credit, in Japanese, linked to the tile list.
  japan_gsi_standard: {
    label: 'GSI standard map (Japan)',
    url: 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png',
    credit: '<a href="https://maps.gsi.go.jp/development/ichiran.html">地理院タイル</a>',
    minimumLevel: 2,
    maximumLevel: 18,
  },
  esri_world_topo: {
    label: 'Esri World Topographic',
    url: 'https://services.arcgisonline.com/ArcGIS/rest/services/World_Topo_Map/MapServer/tile/{z}/{y}/{x}',
    credit: 'Tiles © <a href="https://www.esri.com/">Esri</a> and its data providers',
    minimumLevel: 0,
    maximumLevel: 19,
  },
  // NASA's Black Marble night lights, served by GIBS without a key (Re:Earth uses Cesium ion's copy, which needs a token).
  black_marble: {
    label: 'Black Marble (night lights)',
    url: 'https://gibs.earthdata.nasa.gov/wmts/epsg3857/best/VIIRS_Black_Marble/default/2016-01-01/GoogleMapsCompatible_Level8/{z}/{y}/{x}.png',
    credit: 'Imagery: <a href="https://earthdata.nasa.gov/gibs">NASA GIBS</a>, Black Marble',
    minimumLevel: 0,
    maximumLevel: 8,
  },
};

export type NamedBasemap = keyof typeof NAMED_BASEMAPS;

/** Whether a `tiles` entry's type is one of the named basemaps. */
export function isNamedBasemap(type: unknown): type is NamedBasemap {
  return typeof type === 'string' && Object.hasOwn(NAMED_BASEMAPS, type);
}
