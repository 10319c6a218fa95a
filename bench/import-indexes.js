// What a model's query indexes cost an import (docs/content-workflow.md, "Which indexes, and what it
// costs"), SQLite then PostgreSQL:
// - whole imports: 100,000 items by the API into a model whose query indexes exist (it was queried
//   first) and into one of the same fields never queried, in turns (which goes first alternates),
//   ROUNDS times, then the first query of each (the plain one makes its indexes then);
// - the store alone: 100,000 staged rows copied into `items` in one transaction with the model's
//   indexes dropped, with them, and dropped before the copy and made again after it (what an import
//   that rebuilt the indexes would do), each rolled back, so every copy meets the same table.
// Prints tables; writes nothing.
//
//   npm run build && node bench/import-indexes.js [--items N] [--rounds R] [--sqlite-only]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startOrbis } from './orbis-server.js';
import { withPostgresDatabases } from './postgres-cluster.js';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const ITEMS = arg('--items', 100_000);
const ROUNDS = arg('--rounds', 2);
const ADMIN = 'bench-admin-token-0123456789-0123456789';
const KINDS = ['school', 'park', 'hall', 'gym'];
const FIELDS = [
  { key: 'name', type: 'text' },
  { key: 'capacity', type: 'integer' },
  { key: 'kind', type: 'select', options: KINDS },
  { key: 'open', type: 'bool' },
  { key: 'loc', type: 'geometry' },
];
const FILTER = 'filter[capacity][gte]=100&filter[kind][eq]=park&bbox=139.5,35.5,139.9,35.9';

function rows(n, seed) {
  let x = seed;
  const next = () => ((x = (x * 48271) % 2147483647), x / 2147483647);
  return Array.from({ length: n }, (_, i) => ({
    name: `Shelter ${i}`,
    capacity: Math.floor(next() * 500),
    kind: KINDS[Math.floor(next() * KINDS.length)],
    open: next() < 0.5,
    loc: { type: 'Point', coordinates: [139 + next(), 35 + next()] },
  }));
}

async function call(url, method, path, payload) {
  const r = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

const seconds = async (f) => {
  const started = performance.now();
  await f();
  return +((performance.now() - started) / 1000).toFixed(2);
};

/** The first filtered query of a model (it makes the indexes it lacks): milliseconds, matches. */
async function firstQuery(url, model) {
  const started = performance.now();
  const r = await fetch(`${url}/api/p/bench/${model}.json?limit=50&${FILTER}`);
  if (r.status !== 200) throw new Error(`query: ${r.status} ${await r.text()}`);
  return { ms: Math.round(performance.now() - started), matches: (await r.json()).totalCount };
}

/** Whole imports by the API; leaves the models `indexed`, `plain` (both queried by then) and `empty`. */
async function wholeImports(store, url) {
  await call(url, 'POST', '/api/projects', { alias: 'bench', name: 'Bench', visibility: 'public' });
  for (const key of ['indexed', 'plain', 'empty']) await call(url, 'POST', '/api/projects/bench/models', { key, public: true, fields: FIELDS });
  await firstQuery(url, 'indexed');
  const out = [];
  for (let round = 0; round < ROUNDS; round++) {
    const text = JSON.stringify(rows(ITEMS, 42 + round));
    const timed = {};
    // In turns, the first alternating, so that the machine's drift weighs on both alike.
    for (const model of round % 2 === 0 ? ['indexed', 'plain'] : ['plain', 'indexed'])
      timed[model] = await seconds(() => call(url, 'POST', `/api/projects/bench/models/${model}/import?public=true`, text));
    out.push({
      store,
      part: 'import by the API',
      items: `${ITEMS} after ${round * ITEMS}`,
      indexedS: timed.indexed,
      plainS: timed.plain,
      ratio: +(timed.indexed / timed.plain).toFixed(2),
    });
  }
  const queried = { indexed: await firstQuery(url, 'indexed'), plain: await firstQuery(url, 'plain') };
  if (queried.indexed.matches !== queried.plain.matches) throw new Error('the two models answer the query differently');
  out.push({ store, part: 'first query after', items: `${ROUNDS * ITEMS}`, indexedS: queried.indexed.ms / 1000, plainS: queried.plain.ms / 1000, ratio: null });
  return out;
}

/** Copies at the store: each of plain / indexed / dropped and made again, ROUNDS times, rolled back. */
async function storeCopies(store, db) {
  const out = [];
  for (let round = 0; round < ROUNDS; round++) {
    await db.drop();
    const plain = await db.rolledBack(db.copy);
    await db.make();
    const indexed = await db.rolledBack(db.copy);
    const rebuilt = await db.rolledBack(async () => {
      await db.drop();
      await db.copy();
      await db.make();
    });
    out.push({
      store,
      part: 'copy at the store',
      items: `${ITEMS} into an empty model`,
      indexedS: indexed,
      plainS: plain,
      ratio: +(indexed / plain).toFixed(2),
      rebuiltS: rebuilt,
    });
  }
  return out;
}

/** The `empty` model's index statements: the `indexed` model's, for its id. */
const retarget = (defs, from, to) => defs.map(({ name, sql }) => ({ name: name.replace(from, to), sql: sql.replaceAll(from, to) }));

function sqliteCopier(file) {
  const db = new (createRequire(import.meta.url)('better-sqlite3'))(file);
  const id = (key) => db.prepare('SELECT id FROM models WHERE key = ?').get(key).id;
  const [from, to] = [id('indexed'), id('empty')];
  const defs = retarget(
    db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'iq\\_%' ESCAPE '\\'")
      .all()
      .filter((d) => d.name.includes(from)),
    from,
    to,
  );
  db.exec('CREATE TEMP TABLE staged (seq INTEGER PRIMARY KEY, fields TEXT NOT NULL)');
  const stage = db.prepare('INSERT INTO temp.staged (fields) VALUES (?)');
  db.transaction(() => rows(ITEMS, 7).forEach((r) => stage.run(JSON.stringify(r))))();
  let batch = 0;
  return {
    drop: async () => defs.forEach((d) => db.exec(`DROP INDEX IF EXISTS "${d.name}"`)),
    make: async () => defs.forEach((d) => db.exec(d.sql)),
    copy: async () =>
      db
        .prepare(
          `INSERT INTO items (id, model_id, public, fields, record, created_at, updated_at) SELECT printf('%s%010d', ?, seq), ?, 1, fields, '{}', 'now', 'now' FROM temp.staged ORDER BY seq`,
        )
        .run(`b${++batch}-`, to),
    rolledBack: async (f) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        return await seconds(f);
      } finally {
        db.exec('ROLLBACK');
      }
    },
    close: async () => db.close(),
  };
}

async function postgresCopier(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const id = async (key) => (await c.query('SELECT id FROM models WHERE key = $1', [key])).rows[0].id;
  const [from, to] = [await id('indexed'), await id('empty')];
  const found = await c.query("SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE indexname LIKE 'iq\\_%' AND indexname LIKE $1", [`%${from}%`]);
  const defs = retarget(found.rows, from, to);
  await c.query('CREATE TEMP TABLE staged (seq int PRIMARY KEY, fields text NOT NULL)');
  const texts = rows(ITEMS, 7).map((r) => JSON.stringify(r));
  await c.query('INSERT INTO staged SELECT * FROM unnest($1::int[], $2::text[])', [texts.map((_, i) => i), texts]);
  let batch = 0;
  return {
    drop: async () => {
      for (const d of defs) await c.query(`DROP INDEX IF EXISTS "${d.name}"`);
    },
    make: async () => {
      for (const d of defs) await c.query(d.sql);
    },
    copy: () =>
      c.query(
        `INSERT INTO items (id, model_id, public, fields, record, created_at, updated_at) SELECT $1 || lpad(seq::text, 10, '0'), $2, true, fields, '{}', now(), now() FROM staged ORDER BY seq`,
        [`b${++batch}-`, to],
      ),
    rolledBack: async (f) => {
      await c.query('BEGIN');
      try {
        return await seconds(f);
      } finally {
        await c.query('ROLLBACK');
      }
    },
    close: () => c.end(),
  };
}

async function run(store, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-ii-'));
  const problems = [];
  const server = await startOrbis({ dataDir, databaseUrl, adminToken: ADMIN, problems });
  let out;
  try {
    out = await wholeImports(store, server.url);
  } finally {
    await server.stop();
  }
  const db = databaseUrl ? await postgresCopier(databaseUrl) : sqliteCopier(join(dataDir, 'orbis.db'));
  try {
    out.push(...(await storeCopies(store, db)));
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) console.log(store, 'problems:', problems);
  return out;
}

const out = await run('sqlite');
if (!process.argv.includes('--sqlite-only')) out.push(...(await withPostgresDatabases(['bench_ii'], (url) => run('postgres', url('bench_ii')))));
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.table(out);
