import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { InputError } from '../input-error.ts';

/** What reading a GIS file gives: its features in WGS84 longitude/latitude (RFC 7946). */
export type VectorFeatures = Feature<Geometry | null>[];

/** The error of a GIS file that cannot be read: a 400 `invalid_body` whose message names the file. */
export function vectorFileError(file: string, problem: string): InputError {
  return new InputError('file', `${file}: ${problem}`);
}

/** The geometry with every position replaced by `map`'s result. */
export function mapPositions(geometry: Geometry, map: (p: Position) => Position): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: map(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { type: geometry.type, coordinates: geometry.coordinates.map(map) } as Geometry;
    case 'MultiLineString':
    case 'Polygon':
      return { type: geometry.type, coordinates: geometry.coordinates.map((ring) => ring.map(map)) } as Geometry;
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((poly) => poly.map((ring) => ring.map(map))) };
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: geometry.geometries.map((g) => mapPositions(g, map)) };
  }
}

/** A FeatureCollection's JSON text, one feature at a time, for writing to storage as a stream. */
export function* featureCollectionText(features: VectorFeatures): Generator<string> {
  yield '{"type":"FeatureCollection","features":[';
  for (const [i, feature] of features.entries()) yield (i === 0 ? '' : ',') + JSON.stringify(feature);
  yield ']}';
}

export type { Feature, FeatureCollection, Geometry, Position };
