// Where a listing request's server CPU time goes: seeds 100,000 assets on SQLite, starts
// `orbis serve` under `node --cpu-prof`, loads random deep cursor pages (or `--path`), stops the
// server and prints the functions with the most self time. `--no-cache` sets ORBIS_PAGE_CACHE_MB=0
// (the cold path: every page read from the database). Only the samples taken while the load ran
// are counted (the server's start and the cursor collection are left out), and the server's CPU
// time per request is printed beside them: on a shared machine it moves less than req/s does.
//
//   node bench/profile-listing.js [--no-cache] [--seconds 8] [--total 100000] [--log-level warn] [--path P] [--keep]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode, stopChild, waitForLine } from './children.js';
import { measureLoad } from './load.js';
import { PROJECT_ALIAS, cloneAssetRows, createProjectWithOneAsset } from './seed-assets.js';
import { startOrbis } from './orbis-server.js';

const BIN = fileURLToPath(new URL('../packages/server/bin/orbis.js', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const total = Number(option('--total', '100000'));
const seconds = Number(option('--seconds', '8'));
const noCache = args.includes('--no-cache');
const logLevel = option('--log-level', 'warn');
/** `--no-profile`: the server runs without the profiler (whose sampling costs CPU), for its CPU time per request alone. */
const profiling = !args.includes('--no-profile');

/** The CPU time (user and system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime and stime are fields 14 and 15 of stat(5); the text after the name starts at field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Self time per function (name and file:line), from a V8 .cpuprofile. */
export function topFunctions(profile, count = 20, window = undefined) {
  const self = new Map();
  const dt = new Map();
  // Sample times are µs on the monotonic clock that process.hrtime reads in every process (Linux).
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) continue;
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  let all = 0;
  for (const node of profile.nodes) {
    const t = dt.get(node.id) ?? 0;
    all += t;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/packages\//, '')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + t);
  }
  return {
    all,
    top: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, t]) => ({ name, share: t / all })),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'orbis-profile-'));
const profDir = join(dataDir, 'profile');
try {
  const adminToken = randomBytes(24).toString('hex');
  const problems = [];
  const seeder = await startOrbis({ dataDir, adminToken, problems });
  try {
    await createProjectWithOneAsset(seeder.url, adminToken);
  } finally {
    await seeder.stop();
  }
  cloneAssetRows(join(dataDir, 'orbis.db'), total);
  const child = spawnNode(
    [
      ...(profiling ? ['--cpu-prof', '--cpu-prof-interval', '100', `--cpu-prof-dir=${profDir}`] : []),
      BIN,
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--no-demo',
    ],
    {
      env: {
        ...process.env,
        ORBIS_DATABASE_URL: '',
        ORBIS_STORAGE: '',
        ORBIS_ADMIN_TOKEN: adminToken,
        ORBIS_LOG_LEVEL: logLevel,
        ...(noCache ? { ORBIS_PAGE_CACHE_MB: '0' } : {}),
      },
    },
  );
  const [, url] = await waitForLine(child, /Orbis listening on (http:\/\/\S+)/, 'orbis serve');
  const list = `/api/p/${PROJECT_ALIAS}/assets.json`;
  let paths = [option('--path', '')].filter(Boolean);
  if (paths.length === 0) {
    for (let i = 0; i < 200; i++) {
      const page = await (await fetch(`${url}${list}?offset=${Math.floor((i * (total - 60)) / 199)}&limit=50`)).json();
      paths.push(`${list}?start_cursor=${encodeURIComponent(page.nextCursor)}&limit=50`);
    }
  }
  // A logged request goes to the child's stdout: read it, or the pipe fills and the server stalls.
  child.stdout.resume();
  await measureLoad({ origin: url, paths, seconds: 1 });
  const cpuBefore = cpuMsOf(child.pid);
  const from = nowUs();
  const run = await measureLoad({ origin: url, paths, seconds });
  const to = nowUs();
  const cpuMs = cpuMsOf(child.pid) - cpuBefore;
  await stopChild(child);
  const perRequest = Number.isFinite(cpuMs) ? `, server CPU ${((cpuMs * 1000) / run.requests).toFixed(0)} µs per request` : '';
  const about = `${run.rps} req/s (${noCache ? 'cache off' : 'cache on'}, log level ${logLevel})${perRequest}`;
  if (profiling) {
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    const { all, top } = topFunctions(JSON.parse(readFileSync(join(profDir, file), 'utf8')), 20, { from, to });
    console.log(`${about}, ${(all / 1e6).toFixed(1)} s profiled (${(to - from) / 1e6} s of load), ${process.version}`);
    for (const { name, share } of top) console.log(`${(share * 100).toFixed(1).padStart(5)}%  ${name}`);
  } else {
    console.log(`${about}, ${process.version}`);
  }
  if (problems.length) console.log(problems.join('\n'));
} finally {
  if (!args.includes('--keep')) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`kept ${dataDir}`);
}
