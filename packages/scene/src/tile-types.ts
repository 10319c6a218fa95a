/**
 * docs/contract.md §14: the basemaps a scene's `property.tiles` may name, by Re:Earth's names, plus Orbis's
 * earlier `url`, `wms` and `osm` (a tile server of OpenStreetMap's layout at `url`). `default` is
 * Natural Earth II from the `cesium` package: offline. `pmtiles` is a PMTiles archive uploaded to
 * the project, named by its `assetId`.
 */
export const TILE_TYPES = ['default', 'open_street_map', 'japan_gsi_standard', 'esri_world_topo', 'black_marble', 'url', 'wms', 'osm', 'pmtiles'] as const;
export type TileType = (typeof TILE_TYPES)[number];

/** The content type of a PMTiles archive (no registered type: the one Protomaps' tools give it); the server gives it to a file whose first bytes say PMTiles. */
export const PMTILES_CONTENT_TYPE = 'application/vnd.pmtiles';
