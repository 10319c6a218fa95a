import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CONNECTIONS } from './load.js';

const round = (value, digits) => Number(value.toFixed(digits));

/** The figures of one database's run: the same field names for SQLite and PostgreSQL (also printed alone by `--only contentApi:sqlite`). */
export function runFields(run, problems) {
  const ratio = (r) => round(r.rps / run.ceiling.rps, 4);
  return {
    pageBytes: run.pageBytes,
    ceilingRps: run.ceiling.rps,
    ceilingP99Ms: run.ceiling.p99Ms,
    ceilingRpsSamples: run.ceilingSamples,
    firstPageRps: run.firstPage.rps,
    firstPageP99Ms: run.firstPage.p99Ms,
    cursorRps: run.cursor.rps,
    cursorP99Ms: run.cursor.p99Ms,
    deepOffsetRps: run.deepOffset.rps,
    deepOffsetP99Ms: run.deepOffset.p99Ms,
    firstPageRatio: ratio(run.firstPage),
    cursorRatio: ratio(run.cursor),
    deepOffsetRatio: ratio(run.deepOffset),
    // Content models (docs/contract.md §10): the same engine on items, a revalidation, and the import.
    items: run.items,
    modelFirstPageRps: run.modelFirstPage.rps,
    modelFirstPageP99Ms: run.modelFirstPage.p99Ms,
    modelFirstPageRatio: ratio(run.modelFirstPage),
    modelCursorRps: run.modelCursor.rps,
    modelCursorP99Ms: run.modelCursor.p99Ms,
    modelCursorRatio: ratio(run.modelCursor),
    notModifiedRps: run.notModified.rps,
    notModifiedP99Ms: run.notModified.p99Ms,
    notModifiedRatio: ratio(run.notModified),
    importRowsPerSecond: run.importRowsPerSecond,
    // The same cursor load on a server restarted at the default log level (info: two request lines
    // per request), against a ceiling measured right before it; the figures above are at warn.
    cursorAtInfoRps: run.cursorAtInfo.rps,
    cursorAtInfoP99Ms: run.cursorAtInfo.p99Ms,
    cursorAtInfoRatio: round(run.cursorAtInfo.rps / run.cursorAtInfo.ceilingRps, 4),
    fullList: {
      seconds: round(run.fullList.seconds, 3),
      bytes: run.fullList.bytes,
      mbPerSecond: round(run.fullList.mbPerSecond, 1),
      peakRssMb: round(run.fullList.peakRssMb, 1),
      idleRssMb: round(run.fullList.baselineRssMb, 1),
      firstPageMaxMsWhileStreaming: round(run.fullList.slowestProbeMs, 1),
    },
    // Whether the server ran under `orbis serve`'s memory settings (Node 22.15 and later) or Node's defaults.
    serverRuntime: run.serverRuntime,
    seedSeconds: round(run.seedSeconds, 1),
    serverStartSeconds: round(run.startSeconds, 2),
    otherWork: { meanCpuShare: round(run.otherWork.meanShare, 3), maxCpuShare: round(run.otherWork.maxShare, 3) },
    problems,
  };
}

/**
 * The `contentApi` entry of bench/results/latest.json: the SQLite run's figures at the top level
 * (as before PostgreSQL was added) with every problem of the run, the PostgreSQL run's under
 * `postgres` with its own problems, and PostgreSQL's rates divided by SQLite's under
 * `postgresVsSqlite`.
 */
export function contentApiResult({ sqlite, postgres }, { mode, total, seconds, problems }) {
  // At the top level, every problem of the run, each named by where it was seen.
  const allProblems = Object.entries(problems).flatMap(([where, list]) => list.map((p) => `${where}: ${p}`));
  const sqliteFields = runFields(sqlite, allProblems);
  const { clusterStartSeconds, ...settings } = postgres.postgres;
  const postgresFields = { ...runFields(postgres, problems.postgres), settings, clusterStartSeconds: round(clusterStartSeconds, 1) };
  const vs = (key) => round(postgresFields[key] / sqliteFields[key], 3);
  // Each rate over its own run's ceiling first: drift of the machine between the runs cancels.
  const vsNormalized = (target) => round(postgres[target].rps / postgres.ceiling.rps / (sqlite[target].rps / sqlite.ceiling.rps), 3);
  return {
    measuredAt: new Date().toISOString(),
    mode,
    assets: total,
    connections: CONNECTIONS,
    secondsPerRun: seconds,
    machine: { cpus: availableParallelism(), node: process.version },
    server: sqlite.build,
    ...sqliteFields,
    postgres: postgresFields,
    postgresVsSqlite: {
      ceilingRps: vs('ceilingRps'),
      firstPageRps: vs('firstPageRps'),
      cursorRps: vs('cursorRps'),
      deepOffsetRps: vs('deepOffsetRps'),
      fullListMbPerSecond: round(postgresFields.fullList.mbPerSecond / sqliteFields.fullList.mbPerSecond, 3),
      firstPageRatio: vsNormalized('firstPage'),
      cursorRatio: vsNormalized('cursor'),
      deepOffsetRatio: vsNormalized('deepOffset'),
      modelFirstPageRps: vs('modelFirstPageRps'),
      modelCursorRps: vs('modelCursorRps'),
      notModifiedRps: vs('notModifiedRps'),
      modelFirstPageRatio: vsNormalized('modelFirstPage'),
      modelCursorRatio: vsNormalized('modelCursor'),
      notModifiedRatio: vsNormalized('notModified'),
    },
  };
}

/** The server's Node options and malloc arenas, in words. */
function runtime(r) {
  if (!r) return 'unknown';
  return `${r.nodeOptions || "Node's default heap"}, ${r.mallocArenaMax ? `MALLOC_ARENA_MAX=${r.mallocArenaMax}` : "glibc's default malloc arenas"}`;
}

/** A readable table of a `contentApi` result: SQLite and PostgreSQL side by side. */
export function formatContentApi(r) {
  const s = r;
  const p = r.postgres;
  const vs = r.postgresVsSqlite;
  const ratio = (x) => x.toFixed(x < 0.01 ? 4 : 3);
  const cell = (rps, p99, rate) => `${rps.toLocaleString('en-US').padStart(9)}${p99.toFixed(1).padStart(9)}${ratio(rate).padStart(8)}`;
  const both = (rpsVs, ratioVs) => `${rpsVs.toFixed(2).padStart(9)}${(ratioVs === undefined ? '' : ratioVs.toFixed(2)).padStart(8)}`;
  const row = (name, sqliteCell, postgresCell, vsCell) => `${name.padEnd(26)}${sqliteCell}   ${postgresCell}   ${vsCell}`;
  const over = (label, width) => {
    const dashes = width - label.length - 2;
    return `${'-'.repeat(Math.ceil(dashes / 2))} ${label} ${'-'.repeat(Math.floor(dashes / 2))}`;
  };
  const fullList = (f) =>
    `${(f.bytes / 1024 / 1024).toFixed(1)} MB in ${f.seconds} s = ${f.mbPerSecond} MB/s; server RSS peak ${f.peakRssMb} MB (idle ${f.idleRssMb} MB); first page meanwhile: slowest ${f.firstPageMaxMsWhileStreaming} ms`;
  const samples = (x) => x.ceilingRpsSamples.map((n) => n.toLocaleString('en-US')).join(' / ');
  const other = (x) => `${(x.otherWork.meanCpuShare * 100).toFixed(0)}% mean, ${(x.otherWork.maxCpuShare * 100).toFixed(0)}% max`;
  const settings = p.settings;
  const heading = ['req/s', 'p99 ms', 'ratio'].map((h, i) => h.padStart(i === 2 ? 8 : 9)).join('');
  return [
    `Content API: ${r.assets.toLocaleString('en-US')} public assets, ${r.connections} connections, ${r.secondsPerRun} s per run (${r.mode}), ${r.machine.cpus} CPUs, Node ${r.machine.node}`,
    '',
    `${''.padEnd(26)}${over('SQLite', 26)}   ${over(`PostgreSQL ${settings.server_version.split(' ')[0]}`, 26)}   ${over('PG/SQLite', 17)}`,
    `${'target'.padEnd(26)}${heading}   ${heading}   ${'req/s'.padStart(9)}${'ratio'.padStart(8)}`,
    row('ceiling (bare http)', cell(s.ceilingRps, s.ceilingP99Ms, 1), cell(p.ceilingRps, p.ceilingP99Ms, 1), both(vs.ceilingRps)),
    row(
      'first page ?page=1',
      cell(s.firstPageRps, s.firstPageP99Ms, s.firstPageRatio),
      cell(p.firstPageRps, p.firstPageP99Ms, p.firstPageRatio),
      both(vs.firstPageRps, vs.firstPageRatio),
    ),
    row(
      'random deep start_cursor',
      cell(s.cursorRps, s.cursorP99Ms, s.cursorRatio),
      cell(p.cursorRps, p.cursorP99Ms, p.cursorRatio),
      both(vs.cursorRps, vs.cursorRatio),
    ),
    row(
      'offset at 90%',
      cell(s.deepOffsetRps, s.deepOffsetP99Ms, s.deepOffsetRatio),
      cell(p.deepOffsetRps, p.deepOffsetP99Ms, p.deepOffsetRatio),
      both(vs.deepOffsetRps, vs.deepOffsetRatio),
    ),
    row(
      '{model}.json ?page=1',
      cell(s.modelFirstPageRps, s.modelFirstPageP99Ms, s.modelFirstPageRatio),
      cell(p.modelFirstPageRps, p.modelFirstPageP99Ms, p.modelFirstPageRatio),
      both(vs.modelFirstPageRps, vs.modelFirstPageRatio),
    ),
    row(
      '{model}.json start_cursor',
      cell(s.modelCursorRps, s.modelCursorP99Ms, s.modelCursorRatio),
      cell(p.modelCursorRps, p.modelCursorP99Ms, p.modelCursorRatio),
      both(vs.modelCursorRps, vs.modelCursorRatio),
    ),
    row(
      '304 If-None-Match',
      cell(s.notModifiedRps, s.notModifiedP99Ms, s.notModifiedRatio),
      cell(p.notModifiedRps, p.notModifiedP99Ms, p.notModifiedRatio),
      both(vs.notModifiedRps, vs.notModifiedRatio),
    ),
    row(
      'start_cursor, log info',
      cell(s.cursorAtInfoRps, s.cursorAtInfoP99Ms, s.cursorAtInfoRatio),
      cell(p.cursorAtInfoRps, p.cursorAtInfoP99Ms, p.cursorAtInfoRatio),
      '',
    ),
    '',
    'Every row at log level warn but the last, which restarts the server at info (the default: two request log lines each).',
    "ratio: req/s divided by the ceiling of the same run. PG/SQLite: PostgreSQL's req/s divided by SQLite's, and its ratio",
    "divided by SQLite's (which cancels a change of the machine's speed between the two runs).",
    `ceiling (bare node:http, ${s.pageBytes} B / ${p.pageBytes} B): median of SQLite run ${samples(s)}; PostgreSQL run ${samples(p)}`,
    `full list, SQLite:     ${fullList(s.fullList)}`,
    `full list, PostgreSQL: ${fullList(p.fullList)}  (PG/SQLite MB/s ${vs.fullListMbPerSecond.toFixed(2)})`,
    `import into a content model (${s.items.toLocaleString('en-US')} CSV rows, one request): SQLite ${s.importRowsPerSecond.toLocaleString('en-US')} rows/s, PostgreSQL ${p.importRowsPerSecond.toLocaleString('en-US')} rows/s`,
    `seeding: SQLite ${s.seedSeconds} s, PostgreSQL ${p.seedSeconds} s (cluster start ${p.clusterStartSeconds} s); server restart on the seeded database: SQLite ${s.serverStartSeconds} s, PostgreSQL ${p.serverStartSeconds} s`,
    `PostgreSQL ${settings.server_version}: ${Object.entries(settings)
      .filter(([name]) => name !== 'server_version')
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`,
    `CPUs taken by other processes while measuring: SQLite run ${other(s)}; PostgreSQL run ${other(p)} (per second)`,
    `server runtime: SQLite run ${runtime(s.serverRuntime)}; PostgreSQL run ${runtime(p.serverRuntime)}`,
    `server: commit ${r.server.commit}${r.server.sourceChanged ? ' plus uncommitted changes' : ''}, built ${r.server.distBuiltAt}`,
  ].join('\n');
}

/** Sets `key` in bench/results/latest.json, keeping the other benchmarks' entries. */
export function writeResult(key, value) {
  const dir = new URL('./results/', import.meta.url);
  const file = new URL('latest.json', dir);
  mkdirSync(dir, { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if (err.code !== 'ENOENT') throw new Error(`bench/results/latest.json is not valid JSON: ${err.message}`);
  }
  all[key] = value;
  // Written aside and renamed into place: a reader never sees half a file.
  const temporary = new URL(`latest.json.${process.pid}.tmp`, dir);
  writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** The figures compared between sizes: each run's ratios to its own ceiling, and the full list's. */
const SCALED = [
  ['firstPageRatio', (r) => r.firstPage.rps / r.ceiling.rps],
  ['cursorRatio', (r) => r.cursor.rps / r.ceiling.rps],
  ['deepOffsetRatio', (r) => r.deepOffset.rps / r.ceiling.rps],
  ['notModifiedRatio', (r) => r.notModified.rps / r.ceiling.rps],
  ['fullListMbPerSecond', (r) => r.fullList.mbPerSecond],
  ['fullListPeakRssMb', (r) => r.fullList.peakRssMb],
  // The server's RSS before the stream, after the paged runs: what the peak grew from.
  ['fullListIdleRssMb', (r) => r.fullList.baselineRssMb],
];

/**
 * How the listing's figures change from `from` to `to` assets (full mode): per database, each
 * figure at both sizes and `growth`, the larger's over the smaller's (1: no change).
 */
export function scaleFields(smaller, larger, from, to) {
  const per = (a, b) =>
    Object.fromEntries(SCALED.map(([name, get]) => [name, { [from]: round(get(a), 3), [to]: round(get(b), 3), growth: round(get(b) / get(a), 3) }]));
  return { assets: [from, to], sqlite: per(smaller.sqlite, larger.sqlite), postgres: per(smaller.postgres, larger.postgres) };
}

/** A readable table of `scaleFields`. */
export function formatScale(scale) {
  const [from, to] = scale.assets;
  const n = (x) => x.toLocaleString('en-US');
  const lines = [`From ${n(from)} to ${n(to)} assets (growth: the second over the first; ratios to each run's own ceiling)`];
  for (const db of ['sqlite', 'postgres']) {
    lines.push(`  ${db}:`);
    for (const [name, v] of Object.entries(scale[db]))
      lines.push(`    ${name.padEnd(22)}${String(v[from]).padStart(9)}${String(v[to]).padStart(9)}   growth ${v.growth}`);
  }
  return lines.join('\n');
}
