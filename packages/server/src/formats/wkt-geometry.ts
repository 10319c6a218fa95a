import wkx from 'wkx';
import type { Geometry } from './vector-features.ts';

/** A cell that reads as WKT or EWKT rather than as anything else (GeoJSON, a number, a word). */
export const LOOKS_LIKE_WKT = /^\s*(SRID=\d+;\s*)?(POINT|LINESTRING|POLYGON|MULTIPOINT|MULTILINESTRING|MULTIPOLYGON|GEOMETRYCOLLECTION)\b/i;

/**
 * The GeoJSON geometry of a WKT text, or of an EWKT one whose SRID is 4326 (wkx); throws an Error
 * saying why it is not one. Its positions are longitude/latitude as written. Its own module (wkx
 * alone), so that the item import reads WKT without loading the GIS readers and proj4.
 */
export function wktGeometry(wkt: string): Geometry {
  const parsed = wkx.Geometry.parse(wkt);
  if (parsed.srid !== undefined && parsed.srid !== 4326) throw new Error(`SRID ${parsed.srid} is not WGS84 (4326)`);
  return parsed.toGeoJSON() as Geometry;
}
