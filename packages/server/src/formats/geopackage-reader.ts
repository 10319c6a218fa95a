import wkx from 'wkx';
import { InputError } from '../input-error.ts';
import Database from '../store/sqlite/sqlite-driver.ts';
import type { Feature, Geometry } from './vector-features.ts';
import { type VectorFeatures, vectorFileError } from './vector-features.ts';
import { toWgs84 } from './wgs84-reprojection.ts';

/** Bytes of the envelope that a GeoPackage geometry header's flags announce (GeoPackage 1.3 §2.1.3). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/**
 * The geometry of a GeoPackage geometry blob: its header ("GP", version, flags, srs_id, envelope)
 * is skipped, the standard WKB after it read by wkx.
 */
function geometryOf(blob: Buffer): Geometry | null {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('a geometry is not a GeoPackage geometry blob');
  const flags = blob[3]!;
  if (flags & 0x10) return null;
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0x07];
  if (envelope === undefined) throw new Error('a geometry header has an unknown envelope kind');
  return wkx.Geometry.parse(blob.subarray(8 + envelope)).toGeoJSON() as Geometry;
}

interface FeatureTable {
  table_name: string;
  column_name: string;
  srs_id: number;
  organization: string | null;
  organization_coordsys_id: number | null;
  definition: string | null;
  srs_name: string | null;
}

/**
 * The most features Orbis reads from one GeoPackage (docs/gis-files.md "Limits"): ten times the
 * million points a layer is drawn with. Rows past it are not read.
 */
export const MAX_GEOPACKAGE_FEATURES = 10_000_000;

/** The GeoPackage tables that the list of feature tables is read from. */
const GPKG_TABLES = ['gpkg_contents', 'gpkg_geometry_columns', 'gpkg_spatial_ref_sys'];

/**
 * Why `table` is not a plain stored table, or undefined when it is. A view (a recursive one yields
 * rows without end from a few bytes), a virtual table or a table with generated columns (computed
 * on read, of any size) derive what they give from expressions, not from the file's bytes: only
 * rows stored in the file are read, so that what a file gives is bounded by its size.
 */
function notStored(db: InstanceType<typeof Database>, table: string): string | undefined {
  const entry = db.prepare(`SELECT type, sql FROM sqlite_master WHERE name = ? COLLATE NOCASE`).get(table) as { type: string; sql: string | null } | undefined;
  if (!entry) return 'does not exist';
  if (entry.type !== 'table') return `is a ${entry.type}, not a table: Orbis reads rows stored in tables only`;
  if (/^\s*CREATE\s+VIRTUAL\b/i.test(entry.sql ?? '')) return 'is a virtual table: Orbis reads rows stored in tables only';
  const generated = db.prepare(`SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)`).all(table) as { name: string }[];
  if (generated.length > 0) return `has generated columns (${generated.map((g) => `"${g.name}"`).join(', ')}): Orbis reads stored values only`;
  return undefined;
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * Every vector feature table of a GeoPackage, by table name, in WGS84: read with better-sqlite3
 * (from the bytes, no temporary file), geometries with wkx, reprojected from each table's
 * `gpkg_spatial_ref_sys` definition (proj4).
 */
export function readGeoPackage(name: string, bytes: Buffer, maxFeatures = MAX_GEOPACKAGE_FEATURES): Map<string, VectorFeatures> {
  if (!bytes.subarray(0, 16).toString('latin1').startsWith('SQLite format 3')) {
    throw vectorFileError(name, 'not a GeoPackage: it is not an SQLite database');
  }
  let db: InstanceType<typeof Database>;
  try {
    db = new Database(bytes, { readonly: true });
  } catch (err) {
    throw vectorFileError(name, `the GeoPackage cannot be opened (cut off or corrupt?): ${(err as Error).message}`);
  }
  const tables = new Map<string, VectorFeatures>();
  try {
    let listed: FeatureTable[];
    try {
      for (const table of GPKG_TABLES) {
        const why = notStored(db, table);
        if (why) throw new Error(`its ${table} ${why}`);
      }
      listed = db
        .prepare(
          `SELECT g.table_name, g.column_name, g.srs_id, s.organization, s.organization_coordsys_id, s.definition, s.srs_name
           FROM gpkg_geometry_columns g JOIN gpkg_contents c ON c.table_name = g.table_name AND c.data_type = 'features'
           LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id ORDER BY g.table_name`,
        )
        .all() as FeatureTable[];
    } catch (err) {
      throw vectorFileError(name, `not a GeoPackage, or cut off: ${(err as Error).message}`);
    }
    if (listed.length === 0) throw vectorFileError(name, 'the GeoPackage has no vector feature table');
    let read = 0;
    for (const t of listed) {
      const why = notStored(db, t.table_name);
      if (why) throw vectorFileError(name, `the feature table "${t.table_name}" ${why}`);
      const features: Feature<Geometry | null>[] = [];
      try {
        const pk = (db.prepare(`SELECT name FROM pragma_table_info(?) WHERE pk > 0`).all(t.table_name) as { name: string }[]).map((r) => r.name);
        for (const row of db.prepare(`SELECT * FROM ${quoted(t.table_name)} LIMIT ?`).iterate(maxFeatures - read + 1) as Iterable<Record<string, unknown>>) {
          if (++read > maxFeatures) throw vectorFileError(name, `it holds more than ${maxFeatures} features (at table "${t.table_name}"): too many to read`);
          const properties: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(row)) {
            if (key !== t.column_name && !pk.includes(key)) properties[key] = Buffer.isBuffer(value) ? value.toString('base64') : value;
          }
          const blob = row[t.column_name];
          features.push({ type: 'Feature', properties, geometry: Buffer.isBuffer(blob) ? geometryOf(blob) : null });
        }
      } catch (err) {
        if (err instanceof InputError) throw err;
        throw vectorFileError(name, `the table "${t.table_name}" cannot be read (cut off or corrupt?): ${(err as Error).message}`);
      }
      const undefinedCrs = t.srs_id === 0 || t.srs_id === -1;
      const label = undefinedCrs
        ? 'its undefined reference system'
        : `${t.organization ?? 'srs_id'}:${t.organization_coordsys_id ?? t.srs_id}${t.srs_name ? ` "${t.srs_name}"` : ''} (table "${t.table_name}")`;
      if (t.definition === null && !undefinedCrs)
        throw vectorFileError(name, `the table "${t.table_name}" uses srs_id ${t.srs_id}, which gpkg_spatial_ref_sys does not define`);
      const epsg = t.organization?.toUpperCase() === 'EPSG' ? (t.organization_coordsys_id ?? undefined) : undefined;
      const wkt = t.definition && t.definition !== 'undefined' ? t.definition : undefined;
      tables.set(t.table_name, toWgs84(name, features, undefinedCrs ? { epsg: 4326, label } : { wkt, epsg, label }));
    }
  } finally {
    db.close();
  }
  return tables;
}
