import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { databaseLocation, type DatabaseLocation } from '../config/database-location.js';
import { ConfigError, type OrbisConfig } from '../config/serve-config.js';
import { openStorage, openStore } from '../context.js';
import { InputError } from '../input-error.js';
import type { Storage } from '../storage/storage.js';
import {
  type BackupHeader,
  type BackupReport,
  type BackupTrailer,
  DATABASE_ENTRY,
  FILES_PREFIX,
  HEADER_ENTRY,
  readHeader,
  readTrailer,
  SECRET_NAMES,
  SECRETS_PREFIX,
  TRAILER_ENTRY,
} from './backup-format.js';
import { restoreDatabase } from './database-restore.js';

/** A secret is one line: anything longer is not one of ours. */
const MAX_SECRET_BYTES = 1024;

/**
 * Brings a backup back into the empty installation `config` names (docs/operations.md, "Back up
 * and restore"): its files into the storage, each checked against the SHA-256 the backup recorded,
 * then its database in place, then the data dir's secrets. Refuses an installation that holds a
 * project, a user or a file. All or nothing: on any failure the files it stored are removed and the
 * database is left as it was.
 */
export async function restoreBackup(config: OrbisConfig, file: string, env: NodeJS.ProcessEnv = process.env): Promise<BackupReport> {
  const started = performance.now();
  if (!existsSync(file)) throw new ConfigError(`"${file}" does not exist`);
  const location = databaseLocation(config.databaseUrl, config.dataDir);
  const storage = await openStorage(config.storage, config.dataDir, env);
  await assertEmpty(location, config, storage);
  const scratch =
    location.kind === 'sqlite'
      ? `${location.file}.restoring-${randomBytes(6).toString('hex')}`
      : join(tmpdir(), `orbis-restore-${randomBytes(6).toString('hex')}.pgdump`);
  const stored: string[] = [];
  try {
    await mkdir(dirname(scratch), { recursive: true });
    const read = await readArchive(file, location, scratch, storage, stored);
    await restoreDatabase(location, scratch, read.trailer.assets);
    await mkdir(config.dataDir, { recursive: true });
    for (const [name, secret] of read.secrets) await writeFile(join(config.dataDir, name), secret, { mode: 0o600 });
    const bytes = read.trailer.files.reduce((sum, f) => sum + f.size, 0);
    return { file, store: location.kind, assets: read.trailer.assets, files: stored.length, bytes, seconds: Math.round(performance.now() - started) / 1000 };
  } catch (err) {
    const left: string[] = [];
    for (const key of stored) await storage.deletePrefix(key).catch(() => left.push(key));
    if (left.length > 0) (err as Error).message += ` (and ${left.length} restored file(s) could not be removed, first: ${left[0]})`;
    throw err;
  } finally {
    await rm(scratch, { force: true });
  }
}

async function assertEmpty(location: DatabaseLocation, config: OrbisConfig, storage: Storage): Promise<void> {
  let projects = 0;
  let users = 0;
  if (location.kind === 'postgres' || existsSync(location.file)) {
    const store = await openStore(config.databaseUrl, config.dataDir);
    try {
      projects = (await store.listProjects()).length;
      users = (await store.accounts.listUsers()).length;
    } finally {
      await store.close();
    }
  }
  let files = 0;
  for await (const _ of storage.list()) {
    files = 1;
    break;
  }
  if (projects + users + files > 0) {
    const where = location.kind === 'sqlite' ? location.file : 'the database';
    throw new ConfigError(
      `restore needs an empty installation, but ${where} holds ${projects} project(s) and ${users} user(s), and the storage ${files ? 'holds files' : 'is empty'}: restore into a new data dir (or database) and storage`,
    );
  }
}

interface ReadArchive {
  header: BackupHeader;
  trailer: BackupTrailer;
  secrets: Map<string, Buffer>;
}

/** Reads the archive in order: the header first, the database into `scratch`, the files into `storage` (their keys into `stored`), the trailer last; then checks every file against it. */
async function readArchive(file: string, location: DatabaseLocation, scratch: string, storage: Storage, stored: string[]): Promise<ReadArchive> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  reading.catch(() => undefined);
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let database = false;
  const hashes = new Map<string, { size: number; sha256: string }>();
  const secrets = new Map<string, Buffer>();
  const bad = (message: string) => new InputError('file', `${file}: ${message}`);
  for await (const item of extract) {
    // tar-stream's entries are streamx readables: read here as async iterables of Buffers.
    const entry = item as unknown as AsyncIterable<Buffer>;
    const name = item.header.name;
    if (header === undefined) {
      if (name !== HEADER_ENTRY) throw bad(`not an Orbis backup: it starts with "${name}", not ${HEADER_ENTRY}`);
      header = readHeader(JSON.parse(await text(Readable.from(entry))));
      if (header.store !== location.kind)
        throw new ConfigError(
          `${file} is a backup of a ${header.store} database and cannot be restored into ${location.kind}: restore it into the same kind of store, then move it with orbis migrate`,
        );
    } else if (trailer !== undefined) {
      throw bad(`"${name}" follows ${TRAILER_ENTRY}, which must come last`);
    } else if (name === DATABASE_ENTRY[header.store] && !database) {
      await pipeline(Readable.from(entry), createWriteStream(scratch, { flags: 'wx', mode: 0o600 }));
      database = true;
    } else if (name.startsWith(FILES_PREFIX)) {
      const key = name.slice(FILES_PREFIX.length);
      const hash = createHash('sha256');
      stored.push(key);
      const { size } = await storage.put(key, Readable.from(hashing(entry, hash)));
      hashes.set(key, { size, sha256: hash.digest('hex') });
    } else if (
      name.startsWith(SECRETS_PREFIX) &&
      (SECRET_NAMES as readonly string[]).includes(name.slice(SECRETS_PREFIX.length)) &&
      item.header.size <= MAX_SECRET_BYTES
    ) {
      secrets.set(name.slice(SECRETS_PREFIX.length), Buffer.concat(await Readable.from(entry).toArray()));
    } else if (name === TRAILER_ENTRY) {
      trailer = readTrailer(JSON.parse(await text(Readable.from(entry))));
    } else {
      throw bad(`an entry "${name}" that no Orbis backup has`);
    }
  }
  await reading;
  if (header === undefined) throw bad('not an Orbis backup: it is empty');
  if (!database) throw bad(`it holds no ${DATABASE_ENTRY[header.store]}`);
  if (trailer === undefined) throw bad(`it is cut off: it has no ${TRAILER_ENTRY}`);
  for (const f of trailer.files) {
    const got = hashes.get(f.key);
    if (!got) throw bad(`the file "${f.key}" that it lists is missing`);
    if (got.size !== f.size || got.sha256 !== f.sha256)
      throw bad(`the file "${f.key}" is damaged: ${got.size} bytes with SHA-256 ${got.sha256}, recorded ${f.size} bytes with ${f.sha256}`);
  }
  if (hashes.size !== trailer.files.length) throw bad(`it holds ${hashes.size} files but lists ${trailer.files.length}`);
  return { header, trailer, secrets };
}

async function* hashing(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}
