// What a big review request costs (docs/content-workflow.md, "Review"), SQLite then PostgreSQL: a
// model that requires review gets N drafts by an import (with an active webhook, so the approval
// writes its outbox rows too, and the server sends them to this process meanwhile), a request asks for them all (`{"model","drafts":"all"}`) and a
// maintainer (the admin token) approves it, which publishes every item in one transaction. Timed
// by the API, for each N in turn, ROUNDS times; the public listing's count is checked after each.
// On SQLite the approval holds the server's event loop for its whole transaction: the time is
// also how long every other request waits.
// Prints a table; writes nothing.
//
//   npm run build && node bench/review-approve.js [--sizes 1000,5000,10000] [--rounds 2] [--sqlite-only]
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOrbis } from './orbis-server.js';
import { withPostgresDatabases } from './postgres-cluster.js';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
};
const SIZES = option('--sizes', '1000,5000,10000').split(',').map(Number);
const ROUNDS = Number(option('--rounds', 2));
const ADMIN = 'bench-admin-token-0123456789-0123456789';
const FIELDS = [
  { key: 'name', type: 'text' },
  { key: 'capacity', type: 'integer' },
  { key: 'loc', type: 'geometry' },
];

const rows = (n) =>
  Array.from({ length: n }, (_, i) => ({ name: `Shelter ${i}`, capacity: i % 500, loc: { type: 'Point', coordinates: [139 + (i % 100) / 100, 35.5] } }));

async function call(url, method, path, payload) {
  const r = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${(await r.text()).slice(0, 300)}`);
  return r.json();
}

async function timed(f) {
  const started = performance.now();
  const value = await f();
  return { ms: Math.round(performance.now() - started), value };
}

// The webhook's receiver: this process, at a loopback address the server may send to only so.
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => (received++, res.writeHead(204).end()));
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
process.env.ORBIS_WEBHOOK_ALLOW_PRIVATE = '1';

async function run(store, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-ra-'));
  const problems = [];
  const server = await startOrbis({ dataDir, databaseUrl, adminToken: ADMIN, problems });
  const out = [];
  try {
    const { url } = server;
    await call(url, 'POST', '/api/projects', { alias: 'bench', name: 'Bench', visibility: 'public' });
    // A reviewer: a maintainer of the project (the admin token approves; the request names a user).
    const user = await call(url, 'POST', '/api/users', { email: 'mia@example.org', name: 'Mia' });
    await call(url, 'POST', `/api/users/${user.id}/proven`);
    await call(url, 'POST', '/api/projects/bench/members', { email: user.email, role: 'maintainer' });
    await call(url, 'POST', '/api/projects/bench/webhooks', {
      url: `http://127.0.0.1:${receiver.address().port}/orbis`,
      triggers: ['item.update', 'item.publish'],
    });
    for (const n of SIZES) {
      for (let round = 0; round < ROUNDS; round++) {
        const key = `shelters-${n}-${round}`;
        await call(url, 'POST', '/api/projects/bench/models', { key, public: true, review: true, fields: FIELDS });
        const imported = await timed(() => call(url, 'POST', `/api/projects/bench/models/${key}/import?public=true`, rows(n)));
        const opened = await timed(() =>
          call(url, 'POST', '/api/projects/bench/requests', { title: key, items: [{ model: key, drafts: 'all' }], reviewers: [user.id] }),
        );
        if (opened.value.items.length !== n) throw new Error(`${key}: the request names ${opened.value.items.length} items`);
        const approved = await timed(() => call(url, 'POST', `/api/projects/bench/requests/${opened.value.id}/approve`, {}));
        const listed = await (await fetch(`${url}/api/p/bench/${key}.json?limit=1`)).json();
        if (listed.totalCount !== n) throw new Error(`${key}: ${listed.totalCount} public items after the approval`);
        out.push({
          store,
          items: n,
          round,
          importMs: imported.ms,
          openMs: opened.ms,
          approveMs: approved.ms,
          approveMsPer1000: Math.round((approved.ms / n) * 1000),
        });
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) console.log(store, 'problems:', problems.slice(0, 5));
  return out;
}

const out = await run('sqlite');
if (!process.argv.includes('--sqlite-only')) out.push(...(await withPostgresDatabases(['bench_ra'], (url) => run('postgres', url('bench_ra')))));
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`webhook deliveries received: ${received}`);
console.table(out);
receiver.close();
