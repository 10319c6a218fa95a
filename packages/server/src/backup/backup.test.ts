import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveConfig } from '../config/serve-config.js';
import { openStorage, openStore } from '../context.js';
import { hashApiKey } from '../keys/api-key.js';
import type { Storage } from '../storage/storage.js';
import type { Store } from '../store/store.js';
import { type Harness, postgresS3Env, startHarness } from '../test/harness.js';
import { createTestDatabase } from '../test/postgres-database.js';
import { postgresTool } from './postgres-tools.js';
import { restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';
import { runBackupCommand } from '../cli/backup-commands.js';
import { UsageError } from '../cli/usage-error.js';

const bytesOf = async (storage: Storage, key: string) => Buffer.concat(await (await storage.read(key)).toArray());

/** Every asset of every project the store holds, with its file's bytes. */
async function contents(store: Store, storage: Storage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const project of await store.listProjects()) {
    for await (const asset of store.streamAssets({ projectId: project.id, publicOnly: false })) {
      const { storageKey } = (await store.getAsset(project.id, asset.id))!;
      out.set(`${project.alias}/${asset.id} ${asset.name}`, (await bytesOf(storage, storageKey)).toString('base64'));
    }
  }
  return out;
}

async function storedCount(storage: Storage): Promise<number> {
  let count = 0;
  for await (const _ of storage.list()) count += 1;
  return count;
}

/** Opens an installation's store and storage, runs `work`, closes them. */
async function opened<T>(config: ReturnType<typeof resolveConfig>, env: NodeJS.ProcessEnv, work: (store: Store, storage: Storage) => Promise<T>): Promise<T> {
  const store = await openStore(config.databaseUrl, config.dataDir);
  try {
    return await work(store, await openStorage(config.storage, config.dataDir, env));
  } finally {
    await store.close();
  }
}

const fresh = (env: Record<string, string> = {}) => ({ config: resolveConfig({ 'data-dir': mkdtempSync(join(tmpdir(), 'orbis-restored-')) }, env), env });

describe('orbis backup and restore on SQLite and a folder (docs/operations.md)', () => {
  let h: Harness;
  let file: string;
  let apiKey: string;
  const source = () => ({ config: resolveConfig({ 'data-dir': h.dataDir }, {}), env: {} });
  beforeAll(async () => {
    h = await startHarness();
    const project = await h.project('kept', 'private');
    apiKey = (await h.server.ctx.keys.create(project, 'reader')).key;
    await h.seed('kept', [true, false, true]);
    // As an installation keeps the secrets it generated (the harness sets them in the environment).
    writeFileSync(join(h.dataDir, 'cursor-secret'), 'generated-cursor-secret-0123456789\n', { mode: 0o600 });
    file = join(mkdtempSync(join(tmpdir(), 'orbis-backup-')), 'orbis.tar');
  });
  afterAll(() => h.close());

  it('takes a whole archive while uploads go on, and restores every record it holds with its bytes, keys and secrets', async () => {
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) written += (await h.seed('kept', [written % 2 === 0])).length;
    })();
    const report = await takeBackup(source().config, file).finally(() => (writing = false));
    await load;
    expect(report).toMatchObject({ store: 'sqlite' });
    expect(report.assets).toBeGreaterThanOrEqual(3);
    expect(report.files).toBeGreaterThanOrEqual(report.assets);

    const target = fresh();
    const restored = await restoreBackup(target.config, file);
    expect(restored).toMatchObject({ store: 'sqlite', assets: report.assets, files: report.files });
    const before = await contents(h.server.ctx.store, h.server.ctx.storage);
    const after = await opened(target.config, target.env, async (store, storage) => {
      const project = (await store.getProjectByAlias('kept'))!;
      expect(await store.findApiKeyByHash(project.id, hashApiKey(apiKey))).toBeDefined();
      return contents(store, storage);
    });
    // Every restored record is one of the server's, with the same bytes: none torn, none lost of those the backup holds.
    expect(after.size).toBe(report.assets);
    for (const [asset, bytes] of after) expect(before.get(asset), asset).toBe(bytes);
    expect(readFileSync(join(target.config.dataDir, 'cursor-secret'), 'utf8')).toBe(readFileSync(join(h.dataDir, 'cursor-secret'), 'utf8'));
  });

  it('takes exactly one <file> on the command line', async () => {
    await expect(runBackupCommand(source().config, ['backup'])).rejects.toThrow(new UsageError('missing <file>'));
    await expect(runBackupCommand(source().config, ['restore', 'a.tar', 'b.tar'])).rejects.toThrow(/restore takes one <file>, got also "b.tar"/);
  });

  it('restores only into an empty installation, and never replaces an archive', async () => {
    const target = fresh();
    await restoreBackup(target.config, file);
    const keys = await opened(target.config, target.env, async (_, storage) => storedCount(storage));
    await expect(restoreBackup(target.config, file)).rejects.toThrow(
      /restore needs an empty installation, but .* holds 1 project\(s\) and 0 user\(s\), and the storage holds files/,
    );
    expect(await opened(target.config, target.env, async (_, storage) => storedCount(storage))).toBe(keys);
    await expect(takeBackup(source().config, file)).rejects.toThrow(/exists already/);
  });

  it('refuses a damaged archive and leaves the installation empty', async () => {
    const damaged = `${file}.damaged.tar`;
    const extract = tar.extract();
    const pack = tar.pack();
    const writing = pipeline(pack, createWriteStream(damaged));
    let flipped = false;
    const reading = pipeline(createReadStream(file), extract);
    for await (const entry of extract) {
      const bytes = Buffer.concat(await Readable.from(entry as unknown as AsyncIterable<Buffer>).toArray());
      if (!flipped && entry.header.name.startsWith('files/') && bytes.length > 0) {
        bytes[0] = bytes[0]! ^ 0xff;
        flipped = true;
      }
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.header.name, size: bytes.length }, bytes, (err) => (err ? reject(err) : resolve())),
      );
    }
    await reading;
    pack.finalize();
    await writing;
    const target = fresh();
    await expect(restoreBackup(target.config, damaged)).rejects.toThrow(/is damaged: \d+ bytes with SHA-256 [0-9a-f]{64}, recorded/);
    expect(existsSync(join(target.config.dataDir, 'orbis.db'))).toBe(false);
    expect(await opened(target.config, target.env, async (_, storage) => storedCount(storage))).toBe(0);
  });
});

describe('orbis backup and restore on PostgreSQL and S3', () => {
  it('dumps one snapshot with pg_dump and restores it with pg_restore into another database and bucket prefix', async () => {
    const env = await postgresS3Env();
    const h = await startHarness(env);
    try {
      await h.project('far');
      await h.seed('far', [true, false]);
      const file = join(mkdtempSync(join(tmpdir(), 'orbis-backup-')), 'orbis.tar');
      const report = await takeBackup(resolveConfig({ 'data-dir': h.dataDir }, env), file, env);
      expect(report).toMatchObject({ store: 'postgres', assets: 2, files: 2 });
      // The target: an installation a server has started on once (its schema made), nothing in it.
      const targetEnv = { ...(await postgresS3Env()), ORBIS_DATABASE_URL: await createTestDatabase(inject('postgresUrl')) };
      const target = fresh(targetEnv);
      await opened(target.config, target.env, async () => undefined);
      expect(await restoreBackup(target.config, file, targetEnv)).toMatchObject({ store: 'postgres', assets: 2, files: 2 });
      const before = await contents(h.server.ctx.store, h.server.ctx.storage);
      expect(await opened(target.config, target.env, contents)).toEqual(before);
    } finally {
      await h.close();
    }
  });

  it("names the server's version and the tools found when no pg_dump fits", async () => {
    await expect(postgresTool('pg_dump', 99, '99.1')).rejects.toThrow(
      /pg_dump of PostgreSQL 99 or newer is needed for this server \(PostgreSQL 99.1\); found: .*\(\d+\).*apt-get install postgresql-client-99/,
    );
  });
});
