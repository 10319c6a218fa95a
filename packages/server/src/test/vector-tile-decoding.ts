import { VectorTile } from '@mapbox/vector-tile';
import type { Feature } from 'geojson';
import { PbfReader } from 'pbf';
import { TILE_LAYER } from '@orbis/scene';

/** The features of one of Orbis's encoded tiles, as WGS84 GeoJSON (as a map client reads them). */
export function decodedTile(bytes: Uint8Array, z: number, x: number, y: number): Feature[] {
  const layer = new VectorTile(new PbfReader(bytes)).layers[TILE_LAYER]!;
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).toGeoJSON(x, y, z) as Feature);
}

/** The points of each feature of one of Orbis's encoded tiles, in the tile's own units (0 to its extent), by feature id. */
export function tileUnits(bytes: Uint8Array): Map<number | undefined, { x: number; y: number }[]> {
  const layer = new VectorTile(new PbfReader(bytes)).layers[TILE_LAYER]!;
  return new Map(Array.from({ length: layer.length }, (_, i) => [layer.feature(i).id, layer.feature(i).loadGeometry().flat()]));
}

/** The XYZ tile holding a place at zoom `z`. */
export function tileAround(z: number, lng: number, lat: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}
