import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Storage } from '../storage/storage.js';
import type { ArchiveEntry } from '../store/store.js';
import { detectContentType } from './content-type.js';

/** How much an archive may unpack to. */
export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 10_000, maxTotalBytes: 4 * 1024 * 1024 * 1024 };

/** An archive that cannot be accepted: `too_large` (limits) or `invalid` (unsafe or corrupt). */
export class ArchiveError extends Error {
  constructor(
    readonly kind: 'too_large' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MAX_PATH_BYTES = 1024;

/** Throws unless `path` is a plain relative path that stays inside the archive's folder. */
export function checkEntryPath(path: string): void {
  const bad = (why: string) => new ArchiveError('invalid', `archive entry "${path.slice(0, 200)}" ${why}`);
  if (path === '' || Buffer.byteLength(path) > MAX_PATH_BYTES) throw bad('has no usable path or one too long');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(path)) throw bad('contains a control character or a backslash');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw bad('is absolute');
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw bad('escapes its folder or has an empty segment');
  }
}

/** The folder of a stored asset: `{projectId}/{blobId}`. */
export function assetPrefix(asset: { storageKey: string }): string {
  return asset.storageKey.slice(0, asset.storageKey.lastIndexOf('/'));
}

/** The storage key of an archive's n-th extracted file: by index, never by a name from the archive. */
export function archiveEntryKey(assetPrefix: string, index: number): string {
  return `${assetPrefix}/files/${index}`;
}

/** yauzl reads the zip's central directory and entries by byte range, straight from storage. */
class StorageReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage.read(this.key, { start, end: end - 1 }).then(
      (stream) => stream.on('error', (err) => out.destroy(err)).pipe(out),
      (err: Error) => out.destroy(err),
    );
    return out;
  }
}

function openZip(reader: StorageReader, size: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zip) =>
      err ? reject(new ArchiveError('invalid', `not a readable zip archive (cut off or corrupt?): ${err.message}`)) : resolve(zip!),
    );
  });
}

function entries(zip: yauzl.ZipFile): AsyncIterable<yauzl.Entry> {
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
          const onEntry = (entry: yauzl.Entry) => done(() => resolve(entry));
          const onEnd = () => done(() => resolve(undefined));
          const onError = (err: Error) => done(() => reject(new ArchiveError('invalid', `corrupt zip archive: ${err.message}`)));
          const done = (settle: () => void) => {
            zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
            settle();
          };
          zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
          zip.readEntry();
        });
        if (!next) return;
        yield next;
      }
    },
  };
}

/** One entry's bytes as a stream (see `readEntry` for whose fault its errors are). */
export function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) =>
      err ? reject(new ArchiveError('invalid', `cannot read "${entry.fileName}": ${err.message}`)) : resolve(stream!),
    );
  });
}

/** A zip in storage, opened, and its file entries with every path and the declared sizes checked against the limits. */
export interface CheckedZip {
  zip: yauzl.ZipFile;
  files: yauzl.Entry[];
}

/**
 * Opens the zip stored at `zipKey` and reads its central directory: every entry's path must be a
 * plain relative one (no `..`, no absolute path, no link, no repeat), and the entries and their
 * declared sizes must fit `limits`, before anything is unpacked. Close `zip` when done.
 */
export async function openCheckedZip(storage: Storage, zipKey: string, zipSize: number, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<CheckedZip> {
  const zip = await openZip(new StorageReader(storage, zipKey), zipSize);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveError('too_large', `the archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`);
    }
    const files: yauzl.Entry[] = [];
    const seen = new Set<string>();
    let total = 0;
    for await (const entry of entries(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      checkEntryPath(entry.fileName);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
        throw new ArchiveError('invalid', `archive entry "${entry.fileName}" is a symbolic link`);
      }
      if (seen.has(entry.fileName)) throw new ArchiveError('invalid', `archive entry "${entry.fileName}" appears twice`);
      seen.add(entry.fileName);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) {
        throw new ArchiveError('too_large', `the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
      }
      files.push(entry);
    }
    return { zip, files };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/**
 * One entry's bytes as a stream; yauzl fails it when it inflates past its declared size (a zip
 * bomb) or its data is corrupt. An error of that stream is the archive's fault and becomes an
 * ArchiveError; any other (the storage's, say) stays as it is.
 */
export async function readEntry<T>(zip: yauzl.ZipFile, entry: yauzl.Entry, use: (stream: Readable) => Promise<T>): Promise<T> {
  const stream = await openEntry(zip, entry);
  let entryError: Error | undefined;
  stream.once('error', (err) => (entryError = err));
  try {
    return await use(stream);
  } catch (err) {
    if (!entryError) throw err;
    throw new ArchiveError('invalid', `cannot extract "${entry.fileName}": ${entryError.message}`);
  }
}

/**
 * Extracts the zip stored at `zipKey` into `{assetPrefix}/files/{n}`, checking every path and
 * the declared sizes against the limits before writing anything (`openCheckedZip`); yauzl stops any entry that
 * inflates past its declared size (a zip bomb). On failure, what was written is left for the caller
 * to remove with the asset's prefix.
 */
export async function extractArchive(
  storage: Storage,
  zipKey: string,
  zipSize: number,
  assetPrefix: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ArchiveEntry[]> {
  const { zip, files } = await openCheckedZip(storage, zipKey, zipSize, limits);
  try {
    const extracted: ArchiveEntry[] = [];
    for (const [index, entry] of files.entries()) {
      // An error of the entry's own stream (bad data, more bytes than declared) is the archive's
      // fault; any other is the storage's and stays a server error.
      const stored = await readEntry(zip, entry, (stream) => storage.put(archiveEntryKey(assetPrefix, index), stream));
      extracted.push({ path: entry.fileName, size: stored.size, contentType: detectContentType(entry.fileName, stored.head) });
    }
    return extracted;
  } finally {
    zip.close();
  }
}
