// How an import of 400,000 CSV rows, and the delete of the model it filled, hold up other
// requests: a public listing is asked every 20 ms meanwhile, and its latencies are printed
// (p50, p99, max). Runs the built server on SQLite: `npm run build -w @orbis/server` first.
// node bench/import-stall.js [--rows 400000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOrbis } from './orbis-server.js';

const rows = Number(process.argv[process.argv.indexOf('--rows') + 1]) || 400_000;
const adminToken = 'bench-admin-token-0123456789-0123456789';
const problems = [];
const dataDir = mkdtempSync(join(tmpdir(), 'orbis-stall-'));
const server = await startOrbis({ dataDir, adminToken, problems });
const admin = (method, path, body, type = 'application/json') =>
  fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Asks the public listing every 20 ms until `work` settles; the latencies in ms, sorted. */
async function probeWhile(work) {
  const times = [];
  let failed = 0;
  let done = false;
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      try {
        await (await fetch(`${server.url}/api/p/bench/models/sites/items?limit=10`)).arrayBuffer();
      } catch {
        failed += 1;
      }
      times.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const answer = await work();
  const took = performance.now() - started;
  done = true;
  await probing;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return { status: answer.status, tookMs: Math.round(took), probes: times.length, failed, p50: at(0.5), p99: at(0.99), max: times.at(-1).toFixed(1) };
}

try {
  await admin('POST', '/api/projects', { alias: 'bench', name: 'bench', visibility: 'public' });
  const fields = [
    { key: 'name', type: 'text' },
    { key: 'n', type: 'number' },
    { key: 'at', type: 'geometry' },
  ];
  await admin('POST', '/api/projects/bench/models', { key: 'sites', name: 'Sites', public: true, fields });
  await admin('POST', '/api/projects/bench/models', { key: 'big', name: 'Big', public: true, fields });
  await admin('POST', '/api/projects/bench/models/sites/items', { public: true, fields: { name: 'probe', n: 1 } });
  const csv = [
    'name,n,at_lng,at_lat',
    ...Array.from({ length: rows }, (_, i) => `Site ${i},${i},${(139 + (i % 1000) / 1000).toFixed(4)},${(35 + i / rows).toFixed(5)}`),
  ].join('\n');
  console.log(
    `import of ${rows} rows (${(csv.length / 1e6).toFixed(1)} MB):`,
    await probeWhile(() => admin('POST', '/api/projects/bench/models/big/import?public=true', csv, 'text/csv')),
  );
  console.log('delete of that model:', await probeWhile(() => admin('DELETE', '/api/projects/bench/models/big')));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (problems.length) console.log(problems);
}
