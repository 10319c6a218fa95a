import { parse } from 'csv-parse/sync';
import type { Feature, Geometry } from './vector-features.ts';
import { type VectorFeatures, vectorFileError } from './vector-features.ts';
import { toWgs84 } from './wgs84-reprojection.ts';
import { wktGeometry } from './wkt-geometry.ts';

/**
 * The most characters one record of a CSV layer may hold, as a GeoJSON sequence's line
 * (docs/gis-files.md "Limits"): a WKT polygon of a detailed outline is a few MB.
 */
export const MAX_WKT_CSV_RECORD_CHARS = 64 * 1024 * 1024;

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * The features of a CSV whose `column` holds WKT geometries (docs/contract.md §13 `data.wktColumn`): parsed
 * by csv-parse, each WKT (or EWKT with an SRID of 4326) by wkx; the other columns are properties,
 * numbers typed as the CSV layer types them. Positions are longitude/latitude (WGS84), checked to
 * be on the earth. A missing column or a bad WKT is an error naming it and its row.
 */
export function readWktCsv(name: string, text: string, column: string, maxRecordChars = MAX_WKT_CSV_RECORD_CHARS): VectorFeatures {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: maxRecordChars }) as Record<
      string,
      string
    >[];
  } catch (err) {
    throw vectorFileError(name, `the CSV cannot be read: ${(err as Error).message}`);
  }
  if (records.length > 0 && !(column in records[0]!)) throw vectorFileError(name, `the CSV has no column "${column}" (data.wktColumn)`);
  const features: Feature<Geometry | null>[] = records.map((record, i) => {
    const properties: Record<string, unknown> = {};
    for (const [key, cell] of Object.entries(record)) if (key !== column) properties[key] = NUMBER.test(cell) ? Number(cell) : cell;
    const wkt = record[column]?.trim() ?? '';
    if (wkt === '') return { type: 'Feature', properties, geometry: null };
    let geometry: Geometry;
    try {
      geometry = wktGeometry(wkt);
    } catch (err) {
      throw vectorFileError(name, `row ${i + 1}, column "${column}": not a WKT geometry (${(err as Error).message}): "${wkt.slice(0, 60)}"`);
    }
    return { type: 'Feature', properties, geometry };
  });
  return toWgs84(name, features, { epsg: 4326, label: 'WGS84 (WKT in a CSV)' });
}
