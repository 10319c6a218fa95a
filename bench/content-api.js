import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode, stopChild, waitForLine } from './children.js';
import { measureFullList } from './full-list.js';
import { measureLoad } from './load.js';
import { monitorOtherWork } from './machine.js';
import { describeServerBuild, startOrbis } from './orbis-server.js';
import { readSettings, startPostgresCluster } from './postgres-cluster.js';
import { PROJECT_ALIAS, cloneAssetRows, cloneAssetRowsPostgres, createProjectWithOneAsset, pg } from './seed-assets.js';

const PAGE_SIZE = 50;
const CURSOR_POOL_SIZE = 200;
const WARMUP_SECONDS = 1;
const SETTLED_MS = 50;
const SETTLE_LIMIT_MS = 60_000;
/** A first page normally takes a few ms; this long while the full list streams means starvation. */
const STARVED_MS = 250;
const LISTING_PATH = `/api/p/${PROJECT_ALIAS}/assets.json`;
const DATABASE = 'orbis_bench';
/** Other processes taking more than this share of the CPUs on average while measuring is a problem. */
const BUSY_MACHINE = 0.1;
/** PostgreSQL log lines listed in `problems`, at most. */
const MAX_LOG_LINES = 10;

/** GETs one page and checks that it is a full page of the seeded project. */
async function fetchPage(url, totalCount) {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  const page = JSON.parse(text);
  if (page.totalCount !== totalCount || page.results.length !== PAGE_SIZE) {
    throw new Error(`GET ${url}: totalCount ${page.totalCount}, ${page.results.length} results; expected ${totalCount}, ${PAGE_SIZE}`);
  }
  return { page, bytes: Buffer.byteLength(text) };
}

/**
 * Waits until the server answers a small page promptly again, and returns how long that took:
 * requests that autocannon gave up on are still queued in the server and would otherwise slow
 * down the next measurement.
 */
async function waitUntilIdle(listUrl) {
  const started = performance.now();
  for (;;) {
    const sent = performance.now();
    await (await fetch(`${listUrl}?page=1&limit=1`)).arrayBuffer();
    if (performance.now() - sent < SETTLED_MS) break;
    if (performance.now() - started > SETTLE_LIMIT_MS) throw new Error(`the server was still busy after ${SETTLE_LIMIT_MS} ms`);
  }
  return (performance.now() - started) / 1000;
}

/** Real cursors from positions spread over the whole list, found by offset (one page each). */
export async function collectCursors(listUrl, total) {
  const cursors = [];
  const lastOffsetWithNext = total - PAGE_SIZE - 1;
  for (let i = 0; i < CURSOR_POOL_SIZE; i++) {
    const offset = Math.floor((i * lastOffsetWithNext) / (CURSOR_POOL_SIZE - 1));
    const { page } = await fetchPage(`${listUrl}?offset=${offset}&limit=${PAGE_SIZE}`, total);
    cursors.push(page.nextCursor);
  }
  return cursors;
}

/** Runs `measure(url)` with the bare node:http server running in a child process. */
async function withCeilingServer(bodyBytes, measure) {
  const script = fileURLToPath(new URL('./ceiling-server.js', import.meta.url));
  const child = spawnNode([script, String(bodyBytes)]);
  try {
    const [, url] = await waitForLine(child, /listening on (http:\/\/\S+)/, 'ceiling server');
    return await measure(url);
  } finally {
    await stopChild(child);
  }
}

/** The run with the median rate: one ceiling run varies by ±30% on a shared machine. */
function medianRun(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[runs.length >> 1];
}

/** Items of the bench model: as many as assets, up to this many (the import is one request). */
const MAX_ITEMS = 100_000;
const MODEL_PATH = `/api/p/${PROJECT_ALIAS}/places.json`;

/**
 * Creates a public content model and imports `count` public items as one streamed CSV (docs/contract.md §10);
 * returns the import's rows per second.
 */
export async function seedModel(server, adminToken, count) {
  const auth = { authorization: `Bearer ${adminToken}` };
  const model = {
    key: 'places',
    public: true,
    fields: [
      { key: 'name', type: 'text', required: true },
      { key: 'capacity', type: 'integer' },
      { key: 'loc', type: 'geometry' },
    ],
  };
  const created = await fetch(`${server.url}/api/projects/${PROJECT_ALIAS}/models`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(model),
  });
  if (created.status !== 201) throw new Error(`creating the bench model: HTTP ${created.status}`);
  const rows = ['name,capacity,loc_lng,loc_lat'];
  for (let i = 0; i < count; i++) rows.push(`Place ${i},${i % 1000},${(139 + (i % 1000) / 1000).toFixed(4)},${(35 + (i % 997) / 1000).toFixed(4)}`);
  const started = performance.now();
  const imported = await fetch(`${server.url}/api/projects/${PROJECT_ALIAS}/models/places/import?public=true`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: `${rows.join('\n')}\n`,
  });
  const seconds = (performance.now() - started) / 1000;
  if (imported.status !== 201) throw new Error(`importing the bench items: HTTP ${imported.status} ${await imported.text()}`);
  return Math.round(count / seconds);
}

async function measureServer(server, adminToken, total, seconds, problems, log) {
  const listUrl = `${server.url}${LISTING_PATH}`;
  const firstPageUrl = `${listUrl}?page=1&limit=${PAGE_SIZE}`;
  const { bytes: pageBytes } = await fetchPage(firstPageUrl, total);
  await fetchPage(`${listUrl}?offset=${Math.floor(total * 0.9)}&limit=${PAGE_SIZE}`, total);
  log(`collecting ${CURSOR_POOL_SIZE} cursors…`);
  const cursors = await collectCursors(listUrl, total);
  await fetchPage(`${listUrl}?start_cursor=${cursors[CURSOR_POOL_SIZE >> 1]}&limit=${PAGE_SIZE}`, total);

  const load = async (name, options) => {
    log(`loading ${name} for ${seconds} s…`);
    await measureLoad({ ...options, seconds: WARMUP_SECONDS });
    await waitUntilIdle(listUrl);
    const run = await measureLoad({ ...options, seconds });
    // A revalidation must answer 304 (not 2xx) to every request.
    const revalidation = options.headers?.['if-none-match'] !== undefined;
    const wrong = revalidation ? run.requests - run.non2xx : run.non2xx;
    if (wrong || run.errors)
      problems.push(`${name}: ${wrong} answers of the wrong status, ${run.errors} errors (${run.timeouts} timeouts) in ${run.requests} requests`);
    const busySeconds = await waitUntilIdle(listUrl);
    if (busySeconds > 1) problems.push(`${name}: the server needed ${busySeconds.toFixed(1)} s after the run to answer promptly again`);
    return run;
  };
  const pageParams = `limit=${PAGE_SIZE}`;
  const targets = {
    firstPage: [`${LISTING_PATH}?page=1&${pageParams}`],
    cursor: cursors.map((cursor) => `${LISTING_PATH}?start_cursor=${encodeURIComponent(cursor)}&${pageParams}`),
    deepOffset: [`${LISTING_PATH}?offset=${Math.floor(total * 0.9)}&${pageParams}`],
  };
  // The ceiling is measured before each target, with that target's request paths (which it
  // ignores), so that drift of the machine and the client's work hit both alike.
  const items = Math.min(total, MAX_ITEMS);
  log(`importing ${items} items into a content model…`);
  const importRowsPerSecond = await seedModel(server, adminToken, items);
  const modelUrl = `${server.url}${MODEL_PATH}`;
  const modelCursors = await collectCursors(modelUrl, items);
  const etag = (await fetch(`${listUrl}?page=1&${pageParams}`)).headers.get('etag');
  targets.modelFirstPage = [`${MODEL_PATH}?page=1&${pageParams}`];
  targets.modelCursor = modelCursors.map((cursor) => `${MODEL_PATH}?start_cursor=${encodeURIComponent(cursor)}&${pageParams}`);
  const runs = await withCeilingServer(pageBytes, async (ceilingOrigin) => {
    const ceilings = [];
    const ceilingThen = async (name, paths, headers) => {
      ceilings.push(await load('ceiling', { origin: ceilingOrigin, paths }));
      return load(name, { origin: server.url, paths, headers });
    };
    const firstPage = await ceilingThen('first page', targets.firstPage);
    const cursor = await ceilingThen('random cursor', targets.cursor);
    const deepOffset = await ceilingThen('deep offset', targets.deepOffset);
    const modelFirstPage = await ceilingThen('{model}.json first page', targets.modelFirstPage);
    const modelCursor = await ceilingThen('{model}.json random cursor', targets.modelCursor);
    // The same first page, revalidated: a 304 from the project row alone.
    const notModified = await ceilingThen('304 (If-None-Match)', targets.firstPage, { 'if-none-match': etag });
    return {
      ceiling: medianRun(ceilings),
      ceilingSamples: ceilings.map((c) => c.rps),
      firstPage,
      cursor,
      deepOffset,
      modelFirstPage,
      modelCursor,
      notModified,
      importRowsPerSecond,
      items,
    };
  });
  log(`streaming the full list of ${total} assets…`);
  const fullList = await measureFullList(listUrl, firstPageUrl, server.pid, total);
  if (fullList.slowestProbeMs > STARVED_MS) {
    problems.push(
      `full list: a first-page request sent while the ${fullList.seconds.toFixed(1)} s stream ran took ${fullList.slowestProbeMs.toFixed(0)} ms (the stream starves other requests)`,
    );
  }
  return { pageBytes, ...runs, fullList, cursorPaths: targets.cursor };
}

/**
 * Creates the project and its one real upload through a first server, copies that asset row
 * with `bulkInsert()` (the server stopped), then restarts the server on the seeded database and
 * measures the public listing against the bare-HTTP ceiling. Findings go into `problems`.
 */
async function seedAndMeasure({ dataDir, databaseUrl, bulkInsert, total, seconds, problems, log }) {
  const adminToken = randomBytes(24).toString('hex');
  log(`seeding ${total} assets…`);
  const seedStarted = performance.now();
  const seeder = await startOrbis({ dataDir, databaseUrl, adminToken, problems });
  try {
    await createProjectWithOneAsset(seeder.url, adminToken);
  } finally {
    await seeder.stop();
  }
  await bulkInsert();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const build = describeServerBuild();
  const otherWork = monitorOtherWork();
  const startedAt = performance.now();
  const server = await startOrbis({ dataDir, databaseUrl, adminToken, problems });
  const startSeconds = (performance.now() - startedAt) / 1000;
  try {
    const { cursorPaths, ...measured } = await measureServer(server, adminToken, total, seconds, problems, log);
    await server.stop();
    // What users run: the default log level, where every request writes two log lines.
    log(`restarting the server at log level info; loading random cursor for ${seconds} s…`);
    const logged = await startOrbis({ dataDir, databaseUrl, adminToken, problems, logLevel: 'info' });
    try {
      measured.cursorAtInfo = await withCeilingServer(measured.pageBytes, async (ceilingOrigin) => {
        const ceiling = await measureLoad({ origin: ceilingOrigin, paths: cursorPaths, seconds });
        await measureLoad({ origin: logged.url, paths: cursorPaths, seconds: WARMUP_SECONDS });
        const run = await measureLoad({ origin: logged.url, paths: cursorPaths, seconds });
        if (run.non2xx || run.errors) problems.push(`random cursor at info: ${run.non2xx} answers of the wrong status, ${run.errors} errors`);
        return { ...run, ceilingRps: ceiling.rps };
      });
    } finally {
      await logged.stop();
    }
    if (describeServerBuild().distBuiltAt !== build.distBuiltAt) {
      problems.push('the server was rebuilt during the run: its numbers mix two builds');
    }
    const other = otherWork.stop();
    // Other work (a test suite, a build, a browser) lowers every rate, the ceiling's too.
    if (other.meanShare > BUSY_MACHINE) {
      problems.push(
        `other processes took ${(other.meanShare * 100).toFixed(0)}% of the CPUs on average (up to ${(other.maxShare * 100).toFixed(0)}% in one second) during the ${other.seconds.toFixed(0)} s of measurement: the rates are low`,
      );
    }
    return { build, serverRuntime: server.runtime, seedSeconds, startSeconds, ...measured, otherWork: other };
  } finally {
    otherWork.stop();
    await server.stop();
  }
}

/** A new temporary folder, removed by the returned function, and also on exit (Ctrl-C). */
function temporaryDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    process.off('exit', remove);
  };
  // Also on Ctrl-C, which exits without unwinding the callers.
  process.on('exit', remove);
  return { dir, remove };
}

/** The listing on SQLite: a fresh data dir, its database seeded straight through better-sqlite3. */
export async function benchContentApiSqlite({ total, seconds, problems, log }) {
  const { dir: dataDir, remove } = temporaryDir('orbis-bench-api-');
  try {
    log(`data dir ${dataDir}`);
    const bulkInsert = () => cloneAssetRows(join(dataDir, 'orbis.db'), total);
    return await seedAndMeasure({ dataDir, bulkInsert, total, seconds, problems, log });
  } finally {
    remove();
  }
}

/**
 * The listing on PostgreSQL: a throwaway cluster with a fresh database, seeded through pg; files
 * in a fresh data dir as on SQLite. Warnings and errors in PostgreSQL's log go into `problems`.
 */
export async function benchContentApiPostgres({ total, seconds, problems, log }) {
  log('starting a PostgreSQL 15 cluster…');
  const clusterStarted = performance.now();
  const cluster = await startPostgresCluster();
  const { dir: dataDir, remove } = temporaryDir('orbis-bench-api-');
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    let settings;
    try {
      await admin.query(`CREATE DATABASE ${DATABASE}`);
      settings = await readSettings(admin);
    } finally {
      await admin.end();
    }
    const clusterSeconds = (performance.now() - clusterStarted) / 1000;
    log(`PostgreSQL ${settings.server_version} on ${cluster.url(DATABASE)}; data dir ${dataDir}`);
    const databaseUrl = cluster.url(DATABASE);
    const bulkInsert = () => cloneAssetRowsPostgres(databaseUrl, total);
    const run = await seedAndMeasure({ dataDir, databaseUrl, bulkInsert, total, seconds, problems, log });
    return { ...run, postgres: { ...settings, clusterStartSeconds: clusterSeconds } };
  } finally {
    // Also when the run failed: PostgreSQL's side of the story.
    const logLines = cluster.badLogLines();
    for (const line of logLines.slice(0, MAX_LOG_LINES)) problems.push(`postgres log: ${line.slice(0, 300)}`);
    if (logLines.length > MAX_LOG_LINES) problems.push(`postgres log: … and ${logLines.length - MAX_LOG_LINES} more lines at WARNING or worse`);
    cluster.stop();
    remove();
  }
}
