// `orbis migrate` at scale (docs/operations.md, "Move to another store"): a SQLite data dir with
// N generated items and F stored files (recorded as assets) moved to PostgreSQL and an
// S3-compatible server (s3rver), then back to a new data dir, each by the CLI in a child process:
// rows/s, MB/s and the child's peak memory. `node bench/migrate.js [--items 100000] [--files 1000]
// [--file-kb 64]` after `npm run build`; writes `migrate` in bench/results/latest.json.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { startPostgresCluster } from './postgres-cluster.js';
import { writeResult } from './report.js';

// s3rver (3.7) makes its listing's continuation tokens with DES, which OpenSSL 3 keeps in its legacy
// provider: without it, any listing of more than 1,000 keys is a 500 InternalError from s3rver (the
// check after copying 10,000 files failed so). The bench, which hosts s3rver, runs itself again with it.
if (!process.execArgv.includes('--openssl-legacy-provider')) {
  const again = spawnSync(process.execPath, ['--openssl-legacy-provider', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const dist = (path) => new URL(`../packages/server/dist/${path}`, import.meta.url).href;
const { SqliteStore } = await import(dist('store/sqlite/sqlite-store.js'));
const { LocalStorage } = await import(dist('storage/local-storage.js'));
const { newId } = await import(dist('records/ids.js'));
const BIN = fileURLToPath(new URL('../packages/server/bin/orbis.js', import.meta.url));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ITEMS = arg('items', 100_000);
const FILES = arg('files', 1000);
const FILE_BYTES = arg('file-kb', 64) * 1024;

const work = mkdtempSync(join(tmpdir(), 'orbis-bench-migrate-'));
const source = join(work, 'source');
const seedStarted = performance.now();
mkdirSync(source, { recursive: true });
const store = new SqliteStore(join(source, 'orbis.db'));
const storage = new LocalStorage(join(source, 'files'));
const now = new Date().toISOString();
const project = await store.createProject({ id: newId(), alias: 'bench', name: 'bench', visibility: 'public', createdAt: now });
const model = await store.createModel({
  id: newId(),
  projectId: project.id,
  key: 'rows',
  name: 'rows',
  public: true,
  fields: [
    { key: 'n', type: 'number' },
    { key: 'label', type: 'text' },
  ],
  createdAt: now,
});
function* items() {
  for (let n = 0; n < ITEMS; n++) yield { public: n % 3 !== 0, fields: { n, label: `row ${n} of the bench, with some text to carry` } };
}
await store.importItems(model.id, items(), now, { type: 'admin' });
for (let start = 0; start < FILES; start += 100) {
  const drafts = [];
  for (let i = start; i < Math.min(FILES, start + 100); i++) {
    const storageKey = `${project.id}/${newId()}/original`;
    await storage.put(storageKey, Readable.from([randomBytes(FILE_BYTES)]));
    drafts.push({
      projectId: project.id,
      name: `file-${i}.bin`,
      contentType: 'application/octet-stream',
      size: FILE_BYTES,
      public: true,
      storageKey,
      files: null,
    });
  }
  await store.insertAssets(project.id, drafts, now);
}
await store.close();
console.log(`seeded ${ITEMS} items and ${FILES} files of ${FILE_BYTES / 1024} KB in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const s3dir = join(work, 's3');
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'bench', configs: [] }] });
const { port } = await s3.run();
const cluster = await startPostgresCluster();
const rows = [];
try {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench_migrate');
  await admin.end();
  const env = {
    ...process.env,
    ORBIS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    ORBIS_DATABASE_URL: '',
    ORBIS_STORAGE: '',
  };
  const pgSide = ['--storage', 's3://bench/orbis', '--data-dir', join(work, 'pg-secrets')];
  // Asynchronously: s3rver answers the child from this process's event loop.
  const run = async (label, from, to) => {
    const started = performance.now();
    const child = promisify(execFile)(process.execPath, [BIN, 'migrate', '--from', from, '--to', to, ...pgSide], {
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    child.child.stderr.pipe(process.stderr);
    const report = JSON.parse((await child).stdout);
    const itemsRow = report.tables.find((t) => t.table === 'items');
    rows.push({
      move: label,
      rows: report.rows,
      items: itemsRow.rows,
      files: report.files.files,
      fileMB: +(report.files.bytes / 1e6).toFixed(1),
      seconds: report.seconds,
      ...report.phases,
      rowsPerSecond: report.rowsPerSecond,
      fileMBPerSecond: report.megabytesPerSecond,
      peakMemoryMB: report.peakMemoryMB,
      ok: report.ok,
      wallSeconds: +((performance.now() - started) / 1000).toFixed(1),
    });
  };
  await run('SQLite → PostgreSQL + S3', source, cluster.url('bench_migrate'));
  await run('PostgreSQL + S3 → SQLite', cluster.url('bench_migrate'), join(work, 'back'));
} finally {
  cluster.stop();
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
console.table(rows);
console.log(`written to ${writeResult('migrate', { items: ITEMS, files: FILES, fileBytes: FILE_BYTES, at: new Date().toISOString(), runs: rows })}`);
