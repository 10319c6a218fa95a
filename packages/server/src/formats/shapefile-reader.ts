/// <reference path="./shpjs.d.ts" />
import { parseDbf, parseShp } from 'shpjs';
import { dbfEncoding } from './dbf-encoding.ts';
import type { Feature, Geometry } from './vector-features.ts';
import { type VectorFeatures, vectorFileError } from './vector-features.ts';
import { toWgs84 } from './wgs84-reprojection.ts';

/** The files of one shapefile, by lower-case extension (`shp`, `shx`, `dbf`, `prj`, `cpg`). */
export type ShapefileParts = Map<string, Uint8Array>;

/** The byte count a `.shp` header says the file has (its length field counts 16-bit words). */
function declaredLength(shp: Uint8Array): number {
  return new DataView(shp.buffer, shp.byteOffset, shp.byteLength).getInt32(24, false) * 2;
}

/** The record count a `.dbf` header says the table has. */
function declaredRecords(dbf: Uint8Array): number {
  return new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength).getUint32(4, true);
}

/**
 * Checks a `.dbf`'s header against the file's real size and the `.shp`'s shape count before
 * shpjs trusts it: shpjs reads as many records as the header says, so a record length of 0 with a
 * count of four billion would make the reader loop for minutes in a 2 KB file (docs/gis-files.md
 * "Limits").
 */
function checkDbfHeader(name: string, dbf: Uint8Array, shapes: number): void {
  if (dbf.byteLength < 33) throw vectorFileError(name, 'its .dbf is cut off: it has no complete header');
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const records = declaredRecords(dbf);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (records !== shapes) {
    throw vectorFileError(
      name,
      `its .dbf header says ${records} records but its .shp has ${shapes} shapes: one of them is corrupt or they do not belong together`,
    );
  }
  if (headerLength < 33 || headerLength > dbf.byteLength) {
    throw vectorFileError(name, `its .dbf is corrupt: its header says the header is ${headerLength} bytes, the file has ${dbf.byteLength}`);
  }
  let fieldBytes = 1; // each record starts with its deletion flag
  for (let at = 32; at + 32 <= headerLength && dbf[at] !== 0x0d; at += 32) fieldBytes += dbf[at + 16]!;
  if (recordLength < fieldBytes) {
    throw vectorFileError(name, `its .dbf is corrupt: its header says a record is ${recordLength} bytes, its fields need ${fieldBytes}`);
  }
  const needed = headerLength + records * recordLength;
  if (dbf.byteLength < needed) throw vectorFileError(name, `its .dbf is cut off: its header says ${needed} bytes, the file has ${dbf.byteLength}`);
}

/**
 * A shapefile's features in WGS84. The geometries and records are shpjs's (`parseShp`,
 * `parseDbf`); the text is decoded as the `.cpg` or the `.dbf`'s language driver says (Shift_JIS
 * included), the positions reprojected from the `.prj` (proj4). shpjs stops quietly at a cut-off
 * record, so the lengths the headers declare are checked first. `name` is how errors call it.
 */
export function readShapefile(name: string, parts: ShapefileParts): VectorFeatures {
  const shp = parts.get('shp');
  const dbf = parts.get('dbf');
  if (!shp) throw vectorFileError(name, 'the shapefile has no .shp file');
  if (!dbf) throw vectorFileError(name, 'the shapefile has no .dbf file (the attribute table); a shapefile is its .shp, .shx and .dbf together');
  if (shp.byteLength < 100 || new DataView(shp.buffer, shp.byteOffset).getInt32(0, false) !== 9994) {
    throw vectorFileError(name, 'its .shp is not a shapefile (no shapefile header)');
  }
  if (declaredLength(shp) !== shp.byteLength) {
    throw vectorFileError(name, `its .shp is cut off or corrupt: its header says ${declaredLength(shp)} bytes, the file has ${shp.byteLength}`);
  }
  const cpg = parts.has('cpg') ? new TextDecoder().decode(parts.get('cpg')) : undefined;
  const encoding = dbfEncoding(cpg, dbf);
  if (!encoding) throw vectorFileError(name, `its .cpg names an encoding Orbis does not know: "${cpg!.trim().slice(0, 40)}"`);
  let geometries: (Geometry | null)[];
  let records: Record<string, unknown>[];
  try {
    geometries = parseShp(shp);
  } catch (err) {
    throw vectorFileError(name, `its .shp cannot be read: ${(err as Error).message}`);
  }
  checkDbfHeader(name, dbf, geometries.length);
  try {
    records = parseDbf(dbf, encoding);
  } catch (err) {
    throw vectorFileError(name, `its .dbf cannot be read: ${(err as Error).message}`);
  }
  if (records.length !== geometries.length) {
    throw vectorFileError(
      name,
      `its .shp has ${geometries.length} shapes but its .dbf ${records.length} records: one of them is cut off or they do not belong together`,
    );
  }
  const features: Feature<Geometry | null>[] = geometries.map((geometry, i) => ({ type: 'Feature', properties: plainValues(records[i]!), geometry }));
  const prj = parts.get('prj');
  if (!prj) return toWgs84(name, features, { epsg: 4326, label: 'WGS84 (the shapefile has no .prj)' });
  const wkt = new TextDecoder().decode(prj);
  return toWgs84(name, features, { wkt, label: `"${wkt.match(/^\w+\["([^"]*)"/)?.[1] ?? wkt.slice(0, 60)}" (its .prj)` });
}

/** A record's values as JSON keeps them: dates as `YYYY-MM-DD`, numbers that are not numbers as null. */
function plainValues(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value instanceof Date)
      out[key] = Number.isNaN(value.getTime())
        ? null
        : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
    else if (typeof value === 'number' && !Number.isFinite(value)) out[key] = null;
    else out[key] = value;
  }
  return out;
}
