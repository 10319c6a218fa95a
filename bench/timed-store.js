// What timing every store call costs (ORBIS_METRICS_TOKEN set): the hot path's one read,
// `getProjectAccess`, on SQLite, called bare and through `timedCalls` in turns, and the time per
// call of each. Prints; writes nothing. `node bench/timed-store.js` after `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dist = (path) => new URL(`../packages/server/dist/${path}`, import.meta.url).href;
const { SqliteStore } = await import(dist('store/sqlite/sqlite-store.js'));
const { ServerMetrics } = await import(dist('metrics/server-metrics.js'));
const { timedCalls, timing } = await import(dist('metrics/timed-calls.js'));

const dir = mkdtempSync(join(tmpdir(), 'orbis-timed-'));
const bare = new SqliteStore(join(dir, 'orbis.db'));
await bare.createProject({ id: '01JTIMED', alias: 'timed', name: 'timed', visibility: 'public', createdAt: new Date().toISOString() });
const metrics = new ServerMetrics();
const timed = timedCalls(
  bare,
  timing((...call) => metrics.storeCall(...call)),
  '',
  ['accounts'],
);

const CALLS = 50_000;
async function run(store) {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await store.getProjectAccess('timed', undefined);
  return ((performance.now() - started) * 1000) / CALLS;
}
const rounds = { bare: [], timed: [] };
for (let round = 0; round < 7; round++) {
  rounds.bare.push(await run(bare));
  rounds.timed.push(await run(timed));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const b = median(rounds.bare);
const t = median(rounds.timed);
console.log(
  `getProjectAccess on SQLite, ${CALLS} calls x 7 rounds, medians: bare ${b.toFixed(2)} µs, timed ${t.toFixed(2)} µs, +${(t - b).toFixed(2)} µs a call (ratio ${(t / b).toFixed(3)})`,
);
await bare.close();
rmSync(dir, { recursive: true, force: true });
