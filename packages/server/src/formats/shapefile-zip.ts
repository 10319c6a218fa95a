import yauzl from 'yauzl';
import { readShapefile, type ShapefileParts } from './shapefile-reader.js';
import { type VectorFeatures, vectorFileError } from './vector-features.js';

const PART_EXTENSIONS = new Set(['shp', 'shx', 'dbf', 'prj', 'cpg']);

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip!))),
  );
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      stream!.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    }),
  );
}

/** The shapefile parts in a zip (yauzl), grouped by the path of each `.shp` without its extension. */
async function shapefilesIn(name: string, bytes: Buffer): Promise<Map<string, ShapefileParts>> {
  const zip = await openZip(bytes).catch((err: Error) => {
    throw vectorFileError(name, `not a readable zip archive (cut off or corrupt?): ${err.message}`);
  });
  const groups = new Map<string, ShapefileParts>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const path = entry.fileName;
        const dot = path.lastIndexOf('.');
        const ext = path.slice(dot + 1).toLowerCase();
        if (dot < 0 || path.includes('__MACOSX/') || !PART_EXTENSIONS.has(ext)) return zip.readEntry();
        readEntry(zip, entry).then((data) => {
          const base = path.slice(0, dot);
          const key = [...groups.keys()].find((k) => k.toLowerCase() === base.toLowerCase()) ?? base;
          groups.set(key, (groups.get(key) ?? new Map()).set(ext, data));
          zip.readEntry();
        }, reject);
      });
      zip.on('end', resolve).on('error', reject);
      zip.readEntry();
    });
  } catch (err) {
    throw vectorFileError(name, `the zip archive is cut off or corrupt: ${(err as Error).message}`);
  } finally {
    zip.close();
  }
  return groups;
}

/**
 * The features of every shapefile in a zip, in WGS84, one after another. A zip with no `.shp`,
 * or a `.shp` without its `.dbf`, is refused naming the missing part.
 */
export async function readShapefileZip(name: string, bytes: Buffer): Promise<VectorFeatures> {
  const groups = await shapefilesIn(name, bytes);
  const shapefiles = [...groups].filter(([, parts]) => parts.has('shp'));
  if (shapefiles.length === 0) throw vectorFileError(name, 'the zip holds no shapefile (no .shp file)');
  const features: VectorFeatures = [];
  for (const [base, parts] of shapefiles) {
    if (!parts.has('dbf')) throw vectorFileError(name, `"${base}.shp" has no "${base}.dbf" beside it in the zip: a shapefile needs its .dbf (the attribute table)`);
    for (const f of readShapefile(`${name} (${base.split('/').pop()}.shp)`, parts)) features.push(f);
  }
  return features;
}
