import type { Feature, Geometry } from './vector-features.js';
import { vectorFileError } from './vector-features.js';

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

/**
 * One line of a GeoJSON text sequence (RFC 8142, its record separators allowed) or of
 * newline-delimited GeoJSON, as a Feature; `line` counts from 1. Blank lines give undefined. The
 * positions are WGS84 (RFC 7946), as GeoJSON's always are.
 */
export function geojsonSeqFeature(name: string, text: string, line: number): Feature<Geometry | null> | undefined {
  const trimmed = text.replace(/^\u001e/, '').trim();
  if (trimmed === '') return undefined;
  let value: { type?: unknown; geometry?: unknown; properties?: unknown; id?: unknown };
  try {
    value = JSON.parse(trimmed) as typeof value;
  } catch (err) {
    throw vectorFileError(name, `line ${line} is not JSON (a cut-off line?): ${(err as Error).message}`);
  }
  if (value?.type === 'Feature') return value as Feature<Geometry | null>;
  if (typeof value?.type === 'string' && GEOMETRY_TYPES.has(value.type)) return { type: 'Feature', properties: {}, geometry: value as Geometry };
  throw vectorFileError(name, `line ${line} is not a GeoJSON Feature or geometry`);
}

/** The features of a whole GeoJSON text sequence. */
export function readGeojsonSeq(name: string, bytes: Uint8Array): Feature<Geometry | null>[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const features: Feature<Geometry | null>[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    const feature = geojsonSeqFeature(name, line, i + 1);
    if (feature) features.push(feature);
  }
  if (features.length === 0) throw vectorFileError(name, 'the GeoJSON sequence holds no feature');
  return features;
}
