// `npm run bench [-- --quick]`: the benchmarks. Prints tables and writes bench/results/latest.json.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchContentApiPostgres, benchContentApiSqlite } from './content-api.js';
import { contentApiResult, formatContentApi, formatScale, runFields, scaleFields, writeResult } from './report.js';

const MODES = {
  // Full mode measures 100,000 first as well, to show how the cost grows with the listing's size,
  // with the quick mode's 5 s per load run (so its 100,000 figures compare with a quick run's, and
  // the four content API runs take about 14 minutes, not 20). Its result has a key of its own in
  // latest.json, so that a full run and a quick run both stand.
  full: { total: 1_000_000, seconds: 5, scaleFrom: 100_000, key: 'contentApiFull' },
  quick: { total: 100_000, seconds: 5, key: 'contentApi' },
};

/** What `--only` may name: one half of the content API alone, for quick before/after comparisons. */
const ONLY = ['contentApi:sqlite', 'contentApi:postgres'];

function parseArgs(argv) {
  let only;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--quick') continue;
    if (argv[i] === '--only' && ONLY.includes(argv[i + 1])) {
      only = argv[++i];
      continue;
    }
    throw new Error(`unknown argument "${argv[i]}"; expected --quick and/or --only ${ONLY.join('|')}`);
  }
  return { mode: argv.includes('--quick') ? 'quick' : 'full', only };
}

/** `--only contentApi:sqlite` or `contentApi:postgres`: that run alone, printed as JSON; latest.json is left as it is. */
async function oneRun(only, { total, seconds, problems, log }) {
  const postgres = only === 'contentApi:postgres';
  const where = postgres ? 'postgres' : 'sqlite';
  const bench = postgres ? benchContentApiPostgres : benchContentApiSqlite;
  const run = await bench({ total, seconds, problems: problems[where], log: log(where) });
  const fields = runFields(run, problems[where]);
  const extra = postgres ? { settings: run.postgres } : {};
  process.stdout.write(`${JSON.stringify({ assets: total, secondsPerRun: seconds, node: process.version, server: run.build, ...fields, ...extra }, null, 2)}\n`);
}

async function main() {
  const started = performance.now();
  const { mode, only } = parseArgs(process.argv.slice(2));
  const { total, seconds, scaleFrom, key } = MODES[mode];
  const problems = { run: [], sqlite: [], postgres: [] };
  const logAs = (name) => (line) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${name}: ${line}\n`);
  try {
    if (only) return await oneRun(only, { total, seconds, problems, log: logAs });
    // One after the other, so that they do not share the CPUs.
    let smaller;
    if (scaleFrom && !only) {
      const at = (where) => (line) => logAs(where)(`[${scaleFrom.toLocaleString('en-US')}] ${line}`);
      smaller = {
        sqlite: await benchContentApiSqlite({ total: scaleFrom, seconds, problems: problems.sqlite, log: at('sqlite') }),
        postgres: await benchContentApiPostgres({ total: scaleFrom, seconds, problems: problems.postgres, log: at('postgres') }),
      };
    }
    const sqlite = await benchContentApiSqlite({ total, seconds, problems: problems.sqlite, log: logAs('sqlite') });
    const postgres = await benchContentApiPostgres({ total, seconds, problems: problems.postgres, log: logAs('postgres') });
    if (postgres.build.distBuiltAt !== sqlite.build.distBuiltAt) {
      problems.run.push(`the server was rebuilt between the SQLite and the PostgreSQL run (${sqlite.build.distBuiltAt}, ${postgres.build.distBuiltAt}): they measured two builds`);
    }
    const result = contentApiResult({ sqlite, postgres }, { mode, total, seconds, problems });
    if (smaller) result.scale = scaleFields(smaller, { sqlite, postgres }, scaleFrom, total);
    const file = writeResult(key, result);
    process.stdout.write(`\n${formatContentApi(result)}\n`);
    if (result.scale) process.stdout.write(`\n${formatScale(result.scale)}\n`);
    process.stdout.write(`\nwrote ${fileURLToPath(file)} (${key})\n`);
    // Calls across the plugin sandbox's boundary: its own program too (it loads QuickJS), after the server runs.
    const bridge = spawnSync(process.execPath, [fileURLToPath(new URL('./plugin-bridge-run.js', import.meta.url)), ...(mode === 'quick' ? ['--quick'] : [])], { stdio: 'inherit' });
    if (bridge.status !== 0) problems.run.push(`the plugin bridge benchmark failed (exit ${bridge.status})`);
    // The viewer's first frame next to bare CesiumJS: its own program, run after, never beside.
    const viewer = spawnSync(process.execPath, [fileURLToPath(new URL('./viewer-run.js', import.meta.url)), ...(mode === 'quick' ? ['--quick'] : [])], { stdio: 'inherit' });
    if (viewer.status !== 0) problems.run.push(`the viewer benchmark failed (exit ${viewer.status})`);
    // A 10,000-feature layer styled by conditions next to the same layer unstyled: its own program too.
    const layers = spawnSync(process.execPath, [fileURLToPath(new URL('./layers-run.js', import.meta.url)), ...(mode === 'quick' ? ['--quick'] : [])], { stdio: 'inherit' });
    if (layers.status !== 0) problems.run.push(`the layer benchmark failed (exit ${layers.status})`);
    // The demo's first load, bytes compressed against identity: its own program too.
    const firstLoad = spawnSync(process.execPath, [fileURLToPath(new URL('./first-load-run.js', import.meta.url))], { stdio: 'inherit' });
    if (firstLoad.status !== 0) problems.run.push(`the first-load bytes benchmark failed (exit ${firstLoad.status})`);
    // Layers of 100,000 and 1,000,000 points and 100,000 extruded polygons next to bare CesiumJS primitives.
    const dataScale = spawnSync(process.execPath, [fileURLToPath(new URL('./data-scale-run.js', import.meta.url)), ...(mode === 'quick' ? ['--quick'] : [])], { stdio: 'inherit' });
    if (dataScale.status !== 0) problems.run.push(`the data-scale benchmark failed (exit ${dataScale.status})`);
    // A GeoJSON file of points far too large for the browser, tiled by the server (500 MB; 100 MB with --quick).
    const tilesLarge = spawnSync(process.execPath, [fileURLToPath(new URL('./tiles-large.js', import.meta.url)), mode === 'quick' ? '100' : '500'], { stdio: 'inherit' });
    if (tilesLarge.status !== 0) problems.run.push(`the large-file tiles benchmark failed (exit ${tilesLarge.status})`);
    // The live scene's sync latency with 2, 5 and 20 clients next to a bare Yjs relay, and memory per open document.
    const liveSync = spawnSync(process.execPath, [fileURLToPath(new URL('./live-sync.js', import.meta.url))], { stdio: 'inherit' });
    if (liveSync.status !== 0) problems.run.push(`the live sync benchmark failed (exit ${liveSync.status})`);
  } finally {
    const seen = Object.entries(problems).flatMap(([where, list]) => list.map((p) => `  - ${where}: ${p}`));
    if (seen.length > 0) process.stdout.write(`\nproblems seen:\n${seen.join('\n')}\n`);
    process.stdout.write(`wall time: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
