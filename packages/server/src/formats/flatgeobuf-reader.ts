import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { Feature, Geometry } from './vector-features.ts';
import { type VectorFeatures, vectorFileError } from './vector-features.ts';
import { toWgs84 } from './wgs84-reprojection.ts';

const MAGIC = [0x66, 0x67, 0x62, 0x03];

/** What a file that is not FlatGeobuf starts like, for the error. */
function lookalike(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 16));
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return ' (it is a PNG image)';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return ' (it is a JPEG image)';
  if (head.subarray(0, 2).toString('latin1') === 'PK') return ' (it is a zip archive)';
  if (head.toString('latin1').startsWith('SQLite format 3')) return ' (it is an SQLite database, a GeoPackage maybe)';
  if (/^\s*[{[]/.test(head.toString('latin1'))) return ' (it is JSON text)';
  return '';
}

/**
 * A FlatGeobuf file's features in WGS84 (the `flatgeobuf` package's reader; reprojected from the
 * header's CRS). flatgeobuf ends quietly at a cut-off feature, so the count read is checked
 * against the header's.
 */
export async function readFlatGeobuf(name: string, bytes: Uint8Array): Promise<VectorFeatures> {
  if (!MAGIC.every((b, i) => bytes[i] === b))
    throw vectorFileError(name, `not a FlatGeobuf file: it does not start with FlatGeobuf's signature${lookalike(bytes)}`);
  let header: HeaderMeta | undefined;
  const features: Feature<Geometry | null>[] = [];
  try {
    for await (const f of deserialize(bytes, { headerMetaFn: (h: HeaderMeta) => (header = h) })) {
      features.push({ type: 'Feature', properties: (f.properties ?? {}) as Record<string, unknown>, geometry: (f.geometry ?? null) as Geometry | null });
    }
  } catch (err) {
    throw vectorFileError(name, `the FlatGeobuf file is cut off or corrupt: ${(err as Error).message}`);
  }
  const declared = Number(header?.featuresCount ?? 0);
  if (declared > 0 && features.length !== declared) {
    throw vectorFileError(name, `the FlatGeobuf file is cut off: its header says ${declared} features, the file holds ${features.length}`);
  }
  const crs = header?.crs;
  if (!crs || (crs.code === 0 && !crs.wkt)) return toWgs84(name, features, { epsg: 4326, label: 'WGS84 (the file names no reference system)' });
  const label = `${crs.org ?? 'EPSG'}:${crs.code}${crs.name ? ` "${crs.name}"` : ''}`;
  return toWgs84(name, features, { wkt: crs.wkt ?? undefined, epsg: (crs.org ?? 'EPSG').toUpperCase() === 'EPSG' ? crs.code : undefined, label });
}
