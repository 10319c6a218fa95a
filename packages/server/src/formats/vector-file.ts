import type { FileLayerType } from '@orbis/scene';
import { readFlatGeobuf } from './flatgeobuf-reader.js';
import { readGeojsonSeq } from './geojsonseq-reader.js';
import { readGeoPackage } from './geopackage-reader.js';
import { readShapefileZip } from './shapefile-zip.js';
import type { VectorFeatures } from './vector-features.js';

/** A GIS file read: every feature in WGS84, and a GeoPackage's by table. */
export interface VectorFile {
  features: VectorFeatures;
  /** A GeoPackage's feature tables, by name (SPEC §13 `data.table`). */
  tables?: Map<string, VectorFeatures>;
}

/**
 * Reads a whole GIS file of SPEC §13 (a shapefile's zip, a GeoPackage, a FlatGeobuf, a GeoJSON
 * sequence) into WGS84 features. A file that is not what `type` says, is cut off, misses a part or
 * has a reference system that cannot be read is an `InputError` (400 `invalid_body`) naming it.
 */
export async function readVectorFile(type: FileLayerType, name: string, bytes: Buffer): Promise<VectorFile> {
  switch (type) {
    case 'shapefile':
      return { features: await readShapefileZip(name, bytes) };
    case 'flatgeobuf':
      return { features: await readFlatGeobuf(name, bytes) };
    case 'geojsonseq':
      return { features: readGeojsonSeq(name, bytes) };
    case 'geopackage': {
      const tables = readGeoPackage(name, bytes);
      return { features: [...tables.values()].flat(), tables };
    }
  }
}
