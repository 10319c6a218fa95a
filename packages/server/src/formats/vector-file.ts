import type { FileLayerType } from '@orbis/scene';
import type { VectorFeatures } from './vector-features.ts';

/** A GIS file read: every feature in WGS84, and a GeoPackage's by table. */
export interface VectorFile {
  features: VectorFeatures;
  /** A GeoPackage's feature tables, by name (docs/contract.md §13 `data.table`). */
  tables?: Map<string, VectorFeatures>;
}

/**
 * Reads a whole GIS file of docs/contract.md §13 (a shapefile's zip, a GeoPackage, a FlatGeobuf, a GeoJSON
 * sequence) into WGS84 features. A file that is not what `type` says, is cut off, misses a part or
 * has a reference system that cannot be read is an `InputError` (400 `invalid_body`) naming it.
 * Each format's reader (with shpjs, proj4, flatgeobuf, SQLite) is imported the first time a file
 * of that format is read, so that a server or a CLI command that reads none starts without them.
 */
export async function readVectorFile(type: FileLayerType, name: string, bytes: Buffer): Promise<VectorFile> {
  switch (type) {
    case 'shapefile':
      return { features: await (await import('./shapefile-zip.ts')).readShapefileZip(name, bytes) };
    case 'flatgeobuf':
      return { features: await (await import('./flatgeobuf-reader.ts')).readFlatGeobuf(name, bytes) };
    case 'geojsonseq':
      return { features: (await import('./geojsonseq-reader.ts')).readGeojsonSeq(name, bytes) };
    case 'geopackage': {
      const tables = (await import('./geopackage-reader.ts')).readGeoPackage(name, bytes);
      return { features: [...tables.values()].flat(), tables };
    }
  }
}
