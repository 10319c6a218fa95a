import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import tar from 'tar-stream';
import { databaseLocation } from '../config/database-location.js';
import { ConfigError, type OrbisConfig } from '../config/serve-config.js';
import { openStorage } from '../context.js';
import { MissingKeyError } from '../storage/storage.js';
import { addEntry, addJson } from './backup-archive.js';
import {
  type BackupFile,
  type BackupHeader,
  type BackupReport,
  DATABASE_ENTRY,
  FILES_PREFIX,
  HEADER_ENTRY,
  SECRET_NAMES,
  SECRETS_PREFIX,
  TRAILER_ENTRY,
} from './backup-format.js';
import { snapshotDatabase } from './database-snapshot.js';

/**
 * Writes one archive of the installation `config` names while its servers run (docs/operations.md,
 * "Back up and restore"): the database copied at one instant, then every stored file, which
 * must include every file of every asset that copy records. The archive appears at `file` only
 * when complete; a failure leaves nothing there.
 */
export async function takeBackup(config: OrbisConfig, file: string, env: NodeJS.ProcessEnv = process.env): Promise<BackupReport> {
  const started = performance.now();
  if (existsSync(file)) throw new ConfigError(`"${file}" exists already: a backup never replaces a file`);
  const location = databaseLocation(config.databaseUrl, config.dataDir);
  const storage = await openStorage(config.storage, config.dataDir, env);
  const scratch = join(dirname(file), `.orbis-backup-${randomBytes(6).toString('hex')}`);
  const database = `${scratch}.db`;
  const partial = `${scratch}.tar`;
  try {
    const snapshot = await snapshotDatabase(location, database);
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // The write's failure (a full disk) is seen when awaited below; until then it must not go unhandled.
    written.catch(() => undefined);
    const header: BackupHeader = {
      format: 'orbis-backup',
      version: 1,
      store: location.kind,
      createdAt: new Date().toISOString(),
      ...(snapshot.postgresVersion ? { postgresVersion: snapshot.postgresVersion } : {}),
    };
    await addJson(pack, HEADER_ENTRY, header);
    await addEntry(pack, DATABASE_ENTRY[location.kind], (await stat(database)).size, createReadStream(database));
    const files: BackupFile[] = [];
    let bytes = 0;
    for await (const { key, size } of storage.list()) {
      let source;
      try {
        source = await storage.read(key);
      } catch (err) {
        // Deleted since it was listed: then no record of the copy needs it (checked below).
        if (err instanceof MissingKeyError) continue;
        throw err;
      }
      files.push({ key, size, sha256: await addEntry(pack, `${FILES_PREFIX}${key}`, size, source) });
      bytes += size;
    }
    const stored = new Set(files.map((f) => f.key));
    const missing = snapshot.assetKeys.filter((key) => !stored.has(key));
    if (missing.length > 0) {
      throw new Error(`the files of ${missing.length} asset(s) were deleted while the backup ran (first: ${missing[0]}); nothing was written, run it again`);
    }
    for (const name of SECRET_NAMES) {
      const secret = await readFile(join(config.dataDir, name)).catch(() => undefined);
      if (secret) await addEntry(pack, `${SECRETS_PREFIX}${name}`, secret.length, [secret]);
    }
    await addJson(pack, TRAILER_ENTRY, { files, assets: snapshot.assetKeys.length });
    pack.finalize();
    await written;
    await rename(partial, file);
    return {
      file,
      store: location.kind,
      assets: snapshot.assetKeys.length,
      files: files.length,
      bytes,
      seconds: Math.round(performance.now() - started) / 1000,
    };
  } finally {
    await rm(database, { force: true });
    await rm(partial, { force: true });
  }
}
