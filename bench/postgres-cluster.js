// A throwaway PostgreSQL 15 cluster for the benchmark, with the default (durable) settings.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';
/** The settings that decide how honest the numbers are: recorded with the results. */
const REPORTED_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_level', 'shared_buffers', 'work_mem', 'max_connections'];
/** The cluster's folder in the temporary dir starts with this: it names this process's cluster. */
export const CLUSTER_DIR_PREFIX = `orbis-bench-pg-${process.pid}-`;
/** Log lines at these levels during the run are findings. */
const BAD_LOG_LINE = /\b(WARNING|ERROR|FATAL|PANIC):/;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster on a free port of 127.0.0.1 in a new temporary folder: trust auth, no locale,
 * UTF-8, and otherwise PostgreSQL's defaults (fsync, synchronous_commit and full_page_writes on).
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user. The cluster is
 * stopped and its folder removed by `stop()`, and also when the process exits (error, Ctrl-C).
 */
export async function startPostgresCluster() {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(`PostgreSQL 15 is not installed (no ${BIN}/initdb): apt-get install -y postgresql-15`);
  }
  const dir = mkdtempSync(join(tmpdir(), CLUSTER_DIR_PREFIX));
  const data = join(dir, 'data');
  const logFile = join(dir, 'log');
  const asRoot = process.getuid() === 0;
  const run = (command, args) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
    try {
      return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
    } catch (err) {
      throw new Error(`${command} failed: ${String(err.stderr ?? '').trim() || err.message}`);
    }
  };
  let running = false;
  let removed = false;
  const stopNow = (mode) => {
    if (removed) return;
    try {
      if (running) run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    } finally {
      running = false;
      removed = true;
      rmSync(dir, { recursive: true, force: true });
      process.off('exit', onExit);
    }
  };
  // `exit` handlers must be synchronous; execFileSync is. Ctrl-C reaches this through the
  // SIGINT handler of children.js, which calls process.exit. pg_ctl puts the server in a session
  // of its own, so the terminal's SIGINT does not reach it directly.
  const onExit = () => {
    try {
      stopNow('immediate');
    } catch (err) {
      process.stderr.write(`bench: could not stop PostgreSQL in ${dir}: ${err.message}\n`);
    }
  };
  process.on('exit', onExit);
  try {
    if (asRoot) {
      const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, id('-u'), id('-g'));
    }
    chmodSync(dir, 0o755);
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8']);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    running = true;
    run('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
    return {
      /** `postgres://…` of the database `name` (create it first). */
      url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
      /** The lines of the server's log at WARNING or worse. */
      badLogLines: () =>
        readLog(logFile)
          .split('\n')
          .filter((line) => BAD_LOG_LINE.test(line)),
      /** Stops the server (fast shutdown) and removes the folder. */
      stop: () => stopNow('fast'),
    };
  } catch (err) {
    onExit();
    throw err;
  }
}

function readLog(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Starts a cluster, makes the databases `names` in it, hands `use` the `postgres://…` of each
 * (by name), and stops the cluster after, whatever `use` does: a bench's PostgreSQL run.
 */
export async function withPostgresDatabases(names, use) {
  const cluster = await startPostgresCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return await use(cluster.url);
  } finally {
    cluster.stop();
  }
}

/** The server's version and the settings in REPORTED_SETTINGS, through a connected pg client. */
export async function readSettings(client) {
  const settings = {};
  for (const name of ['server_version', ...REPORTED_SETTINGS]) {
    settings[name] = (await client.query('SELECT current_setting($1) AS value', [name])).rows[0].value;
  }
  return settings;
}
