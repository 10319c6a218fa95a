import { VectorTile } from '@mapbox/vector-tile';
import { TILE_ID_PROPERTY } from '@orbis/scene/checks';
import { PbfReader } from 'pbf';
import type { Geometry, SourceFeature } from './geojson-features.js';

/** The features of one tile, in WGS84, with the ids the server gave them (TILE_ID_PROPERTY, else the tile feature's id). */
export function tileFeatures(bytes: Uint8Array, z: number, x: number, y: number, only?: string[]): SourceFeature[] {
  const tile = new VectorTile(new PbfReader(bytes));
  const features: SourceFeature[] = [];
  for (const name of only ?? Object.keys(tile.layers)) {
    const layer = tile.layers[name];
    if (!layer) continue;
    for (let i = 0; i < layer.length; i++) {
      const feature = layer.feature(i);
      const { [TILE_ID_PROPERTY]: given, ...properties } = feature.properties;
      const geometry = feature.toGeoJSON(x, y, z).geometry as unknown as Geometry;
      features.push({ id: given ?? feature.id ?? `${z}/${x}/${y}/${name}/${i}`, properties, geometry });
    }
  }
  return features;
}
