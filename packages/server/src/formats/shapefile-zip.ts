import yauzl from 'yauzl';
import { InputError } from '../input-error.ts';
import { readShapefile, type ShapefileParts } from './shapefile-reader.ts';
import { type VectorFeatures, vectorFileError } from './vector-features.ts';

const PART_EXTENSIONS = new Set(['shp', 'shx', 'dbf', 'prj', 'cpg']);

/**
 * The most bytes a zip's shapefile parts may inflate to (docs/gis-files.md "Limits"): a `.prj` or
 * a `.cpg` is a line of text, and the `.shp`, `.shx` and `.dbf` of every shapefile in the zip
 * together at most `MAX_INFLATED_BYTES`. Checked against each entry's declared size before it is
 * read, and yauzl's `validateEntrySizes` stops an entry that inflates past what it declares.
 */
export const MAX_TEXT_PART_BYTES = 64 * 1024;
export const MAX_INFLATED_BYTES = 1024 * 1024 * 1024;

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
      stream!
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve(Buffer.concat(chunks)))
        .on('error', reject);
    }),
  );
}

/** The shapefile parts in a zip (yauzl), grouped by the path of each `.shp` without its extension. */
async function shapefilesIn(name: string, bytes: Buffer): Promise<Map<string, ShapefileParts>> {
  const zip = await openZip(bytes).catch((err: Error) => {
    throw vectorFileError(name, `not a readable zip archive (cut off or corrupt?): ${err.message}`);
  });
  const groups = new Map<string, ShapefileParts>();
  let inflated = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const path = entry.fileName;
        const dot = path.lastIndexOf('.');
        const ext = path.slice(dot + 1).toLowerCase();
        if (dot < 0 || path.includes('__MACOSX/') || !PART_EXTENSIONS.has(ext)) return zip.readEntry();
        const size = entry.uncompressedSize;
        if ((ext === 'prj' || ext === 'cpg') && size > MAX_TEXT_PART_BYTES) {
          return reject(vectorFileError(name, `"${path}" inflates to ${size} bytes; a .${ext} is a line of text, at most ${MAX_TEXT_PART_BYTES} bytes`));
        }
        inflated += size;
        if (inflated > MAX_INFLATED_BYTES) {
          return reject(
            vectorFileError(name, `its shapefile parts inflate to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB (at "${path}"): too large to read`),
          );
        }
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
    if (err instanceof InputError) throw err;
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
    if (!parts.has('dbf'))
      throw vectorFileError(name, `"${base}.shp" has no "${base}.dbf" beside it in the zip: a shapefile needs its .dbf (the attribute table)`);
    for (const f of readShapefile(`${name} (${base.split('/').pop()}.shp)`, parts)) features.push(f);
  }
  return features;
}
