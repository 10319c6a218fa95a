// `npm run bench [-- --quick]`: the benchmarks. Prints tables and writes bench/results/latest.json.
import { fileURLToPath } from 'node:url';
import { runPart } from './children.js';
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
  process.stdout.write(
    `${JSON.stringify({ assets: total, secondsPerRun: seconds, node: process.version, server: run.build, ...fields, ...extra }, null, 2)}\n`,
  );
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
    logAs('content API')(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (postgres.build.distBuiltAt !== sqlite.build.distBuiltAt) {
      problems.run.push(
        `the server was rebuilt between the SQLite and the PostgreSQL run (${sqlite.build.distBuiltAt}, ${postgres.build.distBuiltAt}): they measured two builds`,
      );
    }
    const result = contentApiResult({ sqlite, postgres }, { mode, total, seconds, problems });
    if (smaller) result.scale = scaleFields(smaller, { sqlite, postgres }, scaleFrom, total);
    const file = writeResult(key, result);
    process.stdout.write(`\n${formatContentApi(result)}\n`);
    if (result.scale) process.stdout.write(`\n${formatScale(result.scale)}\n`);
    process.stdout.write(`\nwrote ${fileURLToPath(file)} (${key})\n`);
    // The other parts, each its own program, one after the other (never beside another), after the server runs. A part
    // that fails stops the bench with its message: a run that goes on would leave that part's figures out unnoticed.
    const quick = mode === 'quick' ? ['--quick'] : [];
    const parts = [
      // Calls across the plugin sandbox's boundary (it loads QuickJS).
      ['plugin bridge', 'plugin-bridge-run.js', quick],
      // The viewer's first frame next to bare CesiumJS.
      ['viewer', 'viewer-run.js', quick],
      // A 10,000-feature layer styled by conditions next to the same layer unstyled.
      ['layer', 'layers-run.js', quick],
      // The demo's first load, bytes compressed against identity.
      ['first-load bytes', 'first-load-run.js', []],
      // Layers of 100,000 and 1,000,000 points and 100,000 extruded polygons next to bare CesiumJS primitives.
      ['data-scale', 'data-scale-run.js', quick],
      // 100,000 points with intervals played by the clock next to bare CesiumJS setting every point's show each frame.
      ['time-dynamic', 'time-dynamic-run.js', quick],
      // A GeoJSON file of points far too large for the browser, tiled by the server (500 MB; 100 MB with --quick).
      ['large-file tiles', 'tiles-large.js', [mode === 'quick' ? '100' : '500']],
      // The live scene's sync latency with 2, 5 and 20 clients next to a bare Yjs relay, and memory per open document.
      ['live sync', 'live-sync.js', []],
    ];
    for (const [name, script, args] of parts) {
      const seconds = await runPart(name, [fileURLToPath(new URL(`./${script}`, import.meta.url)), ...args]);
      logAs(name)(`took ${seconds.toFixed(1)} s`);
    }
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
