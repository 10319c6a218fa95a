// Two builds of the server side by side on one seeded SQLite database, loaded in turns (ceiling, A,
// B, ceiling, A, B, …) so that a shared machine's drift hits all three alike: the way to tell what a
// change buys when other work shares the CPUs. Prints, per build, the median ratio to the bare
// ceiling of the same round and the server's CPU time per request (less moved by other work).
//
//   cp -r packages/server/dist /tmp/dist-before   # before the change
//   npm run build                                 # the change
//   node bench/compare-builds.js /tmp/dist-before packages/server/dist \
//     [--target cursor] [--rounds 4] [--seconds 4] [--total 100000] [--log-level warn]
//
// `DIST@LEVEL` runs that build at its own log level (`dist@info dist@warn`: what request logging costs);
// `DIST@LEVEL@defaults` on Node's and glibc's memory defaults instead of what `orbis serve` runs
// under (`dist@warn@tuned dist@warn@defaults`: what the tuning costs; packages/server/src/cli/runtime-tuning.ts).
// A build is a copy of `packages/server/dist`, anywhere: it runs from a temporary tree that links
// it in beside the repository's `node_modules`, `static/` and viewer build. Targets: firstPage, cursor, deepOffset, notModified,
// modelFirstPage, modelCursor.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectCursors, seedModel } from './content-api.js';
import { spawnNode, stopChild, waitForLine } from './children.js';
import { rssMb } from './full-list.js';
import { measureLoad } from './load.js';
import { PROJECT_ALIAS, cloneAssetRows, createProjectWithOneAsset } from './seed-assets.js';
import { startOrbis } from './orbis-server.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const builds = { A: args[0], B: args[1] };
if (!builds.A || !builds.B || builds.A.startsWith('--') || builds.B.startsWith('--'))
  throw new Error('usage: node bench/compare-builds.js A_DIST B_DIST [--target cursor] [--rounds 4] [--seconds 4]');
const target = option('--target', 'cursor');
const rounds = Number(option('--rounds', '4'));
const seconds = Number(option('--seconds', '4'));
const total = Number(option('--total', '100000'));
const logLevel = option('--log-level', 'warn');
const LIST = `/api/p/${PROJECT_ALIAS}/assets.json`;
const MODEL = `/api/p/${PROJECT_ALIAS}/places.json`;

/** The CPU time (ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** A tree where a copy of `dist` sits as packages/server/dist does (a link would resolve to where it points), beside links to what it reaches from there. */
function runnableTree(dist, root) {
  const server = join(root, 'packages', 'server');
  mkdirSync(server, { recursive: true });
  cpSync(resolve(dist), join(server, 'dist'), { recursive: true });
  for (const path of ['node_modules', 'packages/server/node_modules', 'packages/server/static', 'packages/server/package.json', 'packages/viewer']) {
    symlinkSync(join(REPO, path), join(root, path));
  }
  return join(server, 'dist');
}

/**
 * `orbis serve` from a build directory, on the data dir (logging lines are read and dropped).
 * `runtime` is `tuned` (the Node options and environment `orbis serve` relaunches itself with, from
 * that build's own rule) or `defaults` (Node's and glibc's).
 */
async function serveBuild(dist, dataDir, adminToken, level, runtime) {
  const main = pathToFileURL(join(dist, 'cli/main.js')).href;
  const base = { ...process.env, ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '', ORBIS_ADMIN_TOKEN: adminToken, ORBIS_LOG_LEVEL: level };
  let launch = { execArgv: [], env: base };
  if (runtime === 'tuned') {
    const { servingRelaunch } = await import(pathToFileURL(join(dist, 'cli/runtime-tuning.js')).href);
    launch = servingRelaunch(['serve'], [], base) ?? launch;
  } else if (runtime !== 'defaults') throw new Error(`unknown runtime ${runtime}: tuned or defaults`);
  const child = spawnNode(
    [
      ...launch.execArgv,
      '--input-type=module',
      '-e',
      `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(process.argv.slice(1));`,
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
      env: launch.env,
    },
  );
  const [, url] = await waitForLine(child, /Orbis listening on (http:\/\/\S+)/, `orbis serve (${dist})`);
  child.stdout.resume();
  return { child, url };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

const dataDir = mkdtempSync(join(tmpdir(), 'orbis-compare-'));
const children = [];
try {
  const adminToken = randomBytes(24).toString('hex');
  const seeder = await startOrbis({ dataDir, adminToken, problems: [] });
  try {
    await createProjectWithOneAsset(seeder.url, adminToken);
  } finally {
    await seeder.stop();
  }
  cloneAssetRows(join(dataDir, 'orbis.db'), total);
  const servers = {};
  for (const [name, build] of Object.entries(builds)) {
    const [dist, level = logLevel, runtime = 'tuned'] = build.split('@');
    servers[name] = await serveBuild(runnableTree(dist, join(dataDir, `build-${name}`)), dataDir, adminToken, level, runtime);
    children.push(servers[name].child);
  }
  const A = servers.A.url;
  let paths;
  let headers;
  const first = `${LIST}?page=1&limit=50`;
  if (target === 'cursor') paths = (await collectCursors(`${A}${LIST}`, total)).map((c) => `${LIST}?start_cursor=${encodeURIComponent(c)}&limit=50`);
  else if (target === 'firstPage') paths = [first];
  else if (target === 'deepOffset') paths = [`${LIST}?offset=${Math.floor(total * 0.9)}&limit=50`];
  else if (target === 'notModified') {
    paths = [first];
    // Each server's own ETag: it names the server's public URL, whose port differs.
    headers = {};
    for (const { url } of Object.values(servers)) headers[url] = { 'if-none-match': (await fetch(`${url}${first}`)).headers.get('etag') };
  } else if (target === 'modelFirstPage' || target === 'modelCursor') {
    const items = Math.min(total, 100_000);
    await seedModel({ url: A }, adminToken, items);
    paths =
      target === 'modelFirstPage'
        ? [`${MODEL}?page=1&limit=50`]
        : (await collectCursors(`${A}${MODEL}`, items)).map((c) => `${MODEL}?start_cursor=${encodeURIComponent(c)}&limit=50`);
  } else throw new Error(`unknown --target ${target}`);
  const pageBytes = (await (await fetch(`${A}${first}`)).arrayBuffer()).byteLength;
  const ceilingChild = spawnNode([fileURLToPath(new URL('./ceiling-server.js', import.meta.url)), String(pageBytes)]);
  children.push(ceilingChild);
  const [, ceiling] = await waitForLine(ceilingChild, /listening on (http:\/\/\S+)/, 'ceiling server');

  const results = { A: [], B: [] };
  const run = async (origin, pid) => {
    const sent = headers?.[origin] ?? (headers && { 'if-none-match': '"none"' });
    await measureLoad({ origin, paths, headers: sent, seconds: 1 });
    const cpu = cpuMsOf(pid);
    const r = await measureLoad({ origin, paths, headers: sent, seconds });
    // autocannon counts a 304 as non-2xx: a revalidation must answer nothing else.
    const wrong = headers && origin !== ceiling ? r.requests - r.non2xx : r.non2xx;
    return { rps: r.rps, cpuUs: ((cpuMsOf(pid) - cpu) * 1000) / r.requests, wrong: wrong + r.errors, rssMb: rssMb(pid) };
  };
  for (let round = 0; round < rounds; round++) {
    const c = await run(ceiling, ceilingChild.pid);
    // Alternating which build goes first cancels a trend within the round.
    const order = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const name of order) {
      const r = await run(servers[name].url, servers[name].child.pid);
      results[name].push({ ratio: r.rps / c.rps, cpuUs: r.cpuUs, rps: r.rps, wrong: r.wrong, rssMb: r.rssMb });
    }
    const last = (name) => results[name].at(-1);
    console.log(
      `round ${round + 1}: ceiling ${c.rps} req/s (${c.cpuUs.toFixed(0)} µs); A ${last('A').ratio.toFixed(3)} (${last('A').cpuUs.toFixed(0)} µs); B ${last('B').ratio.toFixed(3)} (${last('B').cpuUs.toFixed(0)} µs)`,
    );
  }
  for (const name of ['A', 'B']) {
    const list = results[name];
    const wrong = list.reduce((n, r) => n + r.wrong, 0);
    console.log(
      `${name} ${builds[name]}: ${target} ratio median ${median(list.map((r) => r.ratio)).toFixed(3)}, server CPU median ${median(list.map((r) => r.cpuUs)).toFixed(0)} µs per request, RSS after the last round ${list.at(-1).rssMb.toFixed(1)} MB${wrong ? `, ${wrong} wrong answers` : ''}`,
    );
  }
} finally {
  for (const child of children) await stopChild(child);
  rmSync(dataDir, { recursive: true, force: true });
}
