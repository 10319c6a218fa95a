import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { onStdoutLine, spawnNode, stopChild, waitForLine } from './children.js';

const BIN = fileURLToPath(new URL('../packages/server/bin/orbis.js', import.meta.url));
const DIST = fileURLToPath(new URL('../packages/server/dist/cli/main.js', import.meta.url));

/** Which server was measured: the commit, whether its source differs from it, and the build time. */
export function describeServerBuild() {
  const git = (...args) => execFileSync('git', args, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' }).trim();
  let commit = 'unknown';
  let sourceChanged = null;
  try {
    commit = git('rev-parse', '--short', 'HEAD');
    sourceChanged = git('status', '--porcelain', '--', 'packages/server/src') !== '';
  } catch (err) {
    process.stderr.write(`bench: could not read the git commit: ${err.message}\n`);
  }
  return { commit, sourceChanged, distBuiltAt: statSync(DIST).mtime.toISOString() };
}

/**
 * The Node options and malloc arenas the server runs under, as Linux sees the process once it
 * listens: `orbis serve` replaces itself with its memory settings where Node can
 * (packages/server/src/cli/runtime-tuning.ts), so this says whether the run was tuned.
 */
function serverRuntime(pid) {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return {
      nodeOptions: args.slice(1, args.indexOf(BIN)).join(' '),
      mallocArenaMax: env.find((e) => e.startsWith('MALLOC_ARENA_MAX='))?.slice('MALLOC_ARENA_MAX='.length) ?? null,
    };
  } catch {
    return null;
  }
}

/**
 * Starts `orbis serve` on a free port of 127.0.0.1 as a child process, on SQLite in `dataDir` or on
 * the database `databaseUrl` names, at `logLevel` (warn: no request lines). Warnings and errors the
 * server logs (and anything on stderr) are collected into `problems`, the benchmark's findings.
 */
export async function startOrbis({ dataDir, databaseUrl, adminToken, problems, logLevel = 'warn' }) {
  if (!existsSync(DIST)) throw new Error('the server is not built: run `npm run build` first');
  const database = databaseUrl ? ['--database-url', databaseUrl] : [];
  const child = spawnNode([BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, ...database, '--no-demo'], {
    // The database and the storage are the benchmark's, whatever the shell's environment says.
    env: { ...process.env, ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '', ORBIS_ADMIN_TOKEN: adminToken, ORBIS_LOG_LEVEL: logLevel },
  });
  const note = (text) => problems.push(`server: ${text}`);
  onStdoutLine(child, (line) => {
    // Request lines (info) are the bulk at info: passed over before parsing, as a log shipper's filter would.
    if (!line.startsWith('{') || line.startsWith('{"level":30,')) return;
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 40) note(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
    } catch {
      note(line.slice(0, 300));
    }
  });
  child.stderr.on('data', (d) => note(`stderr: ${String(d).trim().slice(0, 300)}`));
  const [, url] = await waitForLine(child, /Orbis listening on (http:\/\/\S+)/, 'orbis serve');
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) note(`exited unexpectedly (${signal ?? code}) while serving`);
  });
  return {
    url,
    pid: child.pid,
    runtime: serverRuntime(child.pid),
    async stop() {
      stopping = true;
      const end = await stopChild(child);
      if (end.killed) note('did not stop within 10 s of SIGTERM; killed');
      else if (end.code !== 0) note(`exited with ${end.signal ?? end.code} on SIGTERM`);
    },
  };
}
