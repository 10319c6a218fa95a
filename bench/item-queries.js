// A filtered public listing against the unfiltered one (docs/content-workflow.md, "Queries"):
// 100,000 items of one model, the first page of `{model}.json` plain and with two conditions and a
// bbox, loaded in turns for LOAD_SECONDS each, with the page cache off (what a query costs the
// database: every request is answered as a first one) and on; SQLite, then PostgreSQL. The first
// filtered request (firstQueryMs) makes the model's query indexes; indexedImportRatio is the rate of
// an import of a tenth more items once they exist over the first import's. Prints a table; writes nothing.
//
//   npm run build && node bench/item-queries.js [--items N] [--seconds S] [--sqlite-only]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { measureLoad } from './load.js';
import { startOrbis } from './orbis-server.js';
import { startPostgresCluster } from './postgres-cluster.js';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const ITEMS = arg('--items', 100_000);
const LOAD_SECONDS = arg('--seconds', 5);
const ADMIN = 'bench-admin-token-0123456789-0123456789';
const KINDS = ['school', 'park', 'hall', 'gym'];
const PLAIN = '/api/p/bench/shelters.json?limit=50';
// Two conditions and a box: about a tenth of the items match.
const FILTERED = '/api/p/bench/shelters.json?limit=50&filter[capacity][gte]=100&filter[kind][eq]=park&bbox=139.5,35.5,139.9,35.9';

function items(n) {
  let x = 42;
  const next = () => ((x = (x * 48271) % 2147483647), x / 2147483647);
  return Array.from({ length: n }, (_, i) => ({
    name: `Shelter ${i}`,
    capacity: Math.floor(next() * 500),
    kind: KINDS[Math.floor(next() * KINDS.length)],
    loc: { type: 'Point', coordinates: [139 + next(), 35 + next()] },
  }));
}

const caller =
  (url) =>
  (method, path, body, type = 'application/json') =>
    fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

/** Imports `n` generated items into the model; returns the seconds it took. */
async function importItems(url, n) {
  const started = Date.now();
  const r = await caller(url)('POST', '/api/projects/bench/models/shelters/import?public=true', JSON.stringify(items(n)));
  if (r.status !== 201) throw new Error(`import: ${r.status} ${await r.text()}`);
  return (Date.now() - started) / 1000;
}

async function seed(url) {
  const call = caller(url);
  await call('POST', '/api/projects', { alias: 'bench', name: 'Bench', visibility: 'public' });
  const fields = [
    { key: 'name', type: 'text' },
    { key: 'capacity', type: 'integer' },
    { key: 'kind', type: 'select', options: KINDS },
    { key: 'loc', type: 'geometry' },
  ];
  await call('POST', '/api/projects/bench/models', { key: 'shelters', name: 'Shelters', public: true, fields });
  const importSeconds = await importItems(url, ITEMS);
  // The model's first query makes its query indexes (docs/content-workflow.md, "Which indexes").
  const first = Date.now();
  const filtered = await (await fetch(url + FILTERED)).json();
  return { importSeconds, firstQueryMs: Date.now() - first, matches: filtered.totalCount };
}

async function run(store, databaseUrl) {
  const rows = [];
  for (const cacheMb of ['0', '64']) {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-q-'));
    process.env.ORBIS_PAGE_CACHE_MB = cacheMb;
    const problems = [];
    const server = await startOrbis({ dataDir, databaseUrl: databaseUrl?.(cacheMb), adminToken: ADMIN, problems });
    try {
      const { importSeconds, firstQueryMs, matches } = await seed(server.url);
      const plain = await measureLoad({ origin: server.url, paths: [PLAIN], seconds: LOAD_SECONDS });
      const filtered = await measureLoad({ origin: server.url, paths: [FILTERED], seconds: LOAD_SECONDS });
      // What the query indexes cost a write: a tenth more items imported now that they exist, against the first import's rate.
      const extra = await importItems(server.url, Math.ceil(ITEMS / 10));
      const indexedImportRatio = +(Math.ceil(ITEMS / 10) / extra / (ITEMS / importSeconds)).toFixed(2);
      rows.push({
        store,
        pageCache: cacheMb === '0' ? 'off' : 'on',
        items: ITEMS,
        matches,
        importS: importSeconds,
        firstQueryMs,
        plainRps: plain.rps,
        filteredRps: filtered.rps,
        ratio: +(filtered.rps / plain.rps).toFixed(2),
        indexedImportRatio,
        plainP99Ms: plain.p99Ms,
        filteredP99Ms: filtered.p99Ms,
        failures: plain.non2xx + filtered.non2xx + plain.errors + filtered.errors,
        problems: problems.length,
      });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

const rows = await run('sqlite');
if (!process.argv.includes('--sqlite-only')) {
  const cluster = await startPostgresCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    for (const name of ['bench_q0', 'bench_q64']) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    rows.push(...(await run('postgres', (cacheMb) => cluster.url(`bench_q${cacheMb}`))));
  } finally {
    cluster.stop();
  }
}
console.table(rows);
