// `node bench/live-sync.js`: the live scene's sync latency with 2, 5 and 20 clients on one project,
// next to the same edits relayed between plain Y.Docs over a bare `ws` echo relay (no Hocuspocus,
// no storage); and the server's memory per open project document. Prints a table and sets
// `liveSync` in bench/results/latest.json, keeping its other keys. Stops itself in under 2 minutes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { defaultScene } from '@orbis/scene';
import { readScene, sceneMapOf, seedUpdate, writeScene } from '@orbis/scene/live';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { startOrbis } from './orbis-server.js';
import { writeResult } from './report.js';

const CLIENTS = [2, 5, 20];
const EDIT_EVERY_MS = 50;
const EDIT_FOR_MS = 10_000;
/** After the last edit, how long an edit may still take to reach everyone before it counts as lost. */
const DRAIN_MS = 5_000;
const MEMORY_PROJECTS = 50;
const TARGET_P95_MS = 1000;
const ADMIN_TOKEN = 'bench-live-sync-admin-token-0123456789abcd'; // 40+ characters
// The whole benchmark stops itself, whatever hangs.
const WATCHDOG_MS = 115_000;

const started = performance.now();
const log = (line) => process.stderr.write(`[bench live sync ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}\n`);
const problems = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const watchdog = setTimeout(() => {
  process.stderr.write(`bench live sync: did not finish within ${WATCHDOG_MS / 1000} s; stopping\n`);
  process.exit(1); // children.js kills the server on exit
}, WATCHDOG_MS);
watchdog.unref();

/** Nearest-rank percentile of sorted numbers. */
const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const round = (ms) => Math.round(ms * 10) / 10;

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The ids of the scene's layers, read from the shared Y.Array (no JSON of the whole scene per update). */
function layerIds(doc) {
  const layers = sceneMapOf(doc).get('layers');
  if (!(layers instanceof Y.Array)) return [];
  return layers.toArray().map((layer) => (layer instanceof Y.Map ? layer.get('id') : layer?.id));
}

/**
 * Drives one run: `docs[i]` are the clients' documents, all already holding the same scene. Every
 * EDIT_EVERY_MS the next client in turn pushes a layer with a unique id (readScene, push,
 * writeScene, as the editor does); each other client's doc 'update' handler notes when it first
 * shows that id. An edit's latency is the time until the last of the other clients shows it.
 */
async function measure(docs, forMs = EDIT_FOR_MS) {
  const n = docs.length;
  const edits = new Map(); // id -> { at, author, waiting, latency }
  const seen = docs.map(() => new Set());
  docs.forEach((doc, i) => {
    doc.on('update', () => {
      const now = performance.now();
      for (const id of layerIds(doc)) {
        if (seen[i].has(id)) continue;
        seen[i].add(id);
        const edit = edits.get(id);
        if (!edit || edit.author === i) continue;
        if (--edit.waiting === 0) edit.latency = now - edit.at;
      }
    });
  });
  const total = Math.round(forMs / EDIT_EVERY_MS);
  const begin = performance.now();
  for (let k = 0; k < total; k++) {
    // Paced against the start, so that slow edits do not stretch the run.
    const wait = begin + k * EDIT_EVERY_MS - performance.now();
    if (wait > 0) await sleep(wait);
    const author = k % n;
    const id = `bench-${n}-${k}`;
    const doc = docs[author];
    const scene = structuredClone(readScene(doc));
    scene.layers.push({ id, title: `edit ${k} by client ${author}`, type: 'geojson', url: 'https://example.org/a.geojson', visible: true });
    edits.set(id, { at: performance.now(), author, waiting: n - 1, latency: undefined });
    writeScene(doc, scene);
  }
  const drainUntil = performance.now() + DRAIN_MS;
  while (performance.now() < drainUntil && [...edits.values()].some((e) => e.latency === undefined)) await sleep(20);
  const latencies = [...edits.values()]
    .filter((e) => e.latency !== undefined)
    .map((e) => e.latency)
    .sort((a, b) => a - b);
  const lost = edits.size - latencies.length;
  return {
    clients: n,
    edits: edits.size,
    lost,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    maxMs: round(latencies.at(-1) ?? NaN),
    editSeconds: round((performance.now() - begin) / 1000),
  };
}

/** An Orbis live client, as packages/server/src/test/live-client.ts opens one in Node. */
function liveClient(baseUrl, alias) {
  const doc = new Y.Doc();
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/projects/${encodeURIComponent(alias)}/live`;
  const Polyfill = class extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols);
      this.on('error', () => undefined);
    }
  };
  const websocketProvider = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: Polyfill });
  let done;
  const synced = new Promise((resolve, reject) => (done = { resolve, reject }));
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: alias,
    document: doc,
    token: ADMIN_TOKEN,
    onSynced: () => done.resolve(),
    onAuthenticationFailed: ({ reason }) => done.reject(new Error(`authentication failed: ${reason}`)),
  });
  provider.attach();
  return {
    doc,
    synced,
    close() {
      provider.destroy();
      websocketProvider.destroy();
      doc.destroy();
    },
  };
}

async function createProject(url, alias) {
  const res = await fetch(`${url}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ alias }),
  });
  if (!res.ok) throw new Error(`POST /api/projects ${alias}: ${res.status} ${await res.text()}`);
}

async function orbisRun(url, n, { alias = `sync${n}`, forMs } = {}) {
  await createProject(url, alias);
  const clients = Array.from({ length: n }, () => liveClient(url, alias));
  try {
    await withTimeout(Promise.all(clients.map((c) => c.synced)), 15_000, `${n} clients' first sync`);
    if (clients.some((c) => !readScene(c.doc))) throw new Error(`a client of ${alias} holds no scene after its first sync`);
    return await measure(
      clients.map((c) => c.doc),
      forMs,
    );
  } finally {
    for (const c of clients) c.close();
  }
}

/** The baseline: plain Y.Docs in this process, updates relayed to every other socket by a bare `ws` server. */
async function baselineRun(n, { forMs } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const other of wss.clients) if (other !== socket && other.readyState === WebSocket.OPEN) other.send(data, { binary: isBinary });
    });
  });
  const seed = seedUpdate(defaultScene());
  const sockets = [];
  const docs = [];
  try {
    for (let i = 0; i < n; i++) {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, seed, 'seed');
      const socket = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.on('message', (data) => Y.applyUpdate(doc, new Uint8Array(data), 'relay'));
      doc.on('update', (update, origin) => {
        if (origin !== 'relay' && origin !== 'seed') socket.send(update);
      });
      sockets.push(socket);
      docs.push(doc);
    }
    return await measure(docs, forMs);
  } finally {
    for (const s of sockets) s.terminate();
    for (const d of docs) d.destroy();
    await new Promise((resolve) => wss.close(resolve));
  }
}

const rssKb = (pid) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** The server's RSS before and after one client each opens MEMORY_PROJECTS projects' documents. */
async function memoryRun() {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-live-mem-'));
  const server = await startOrbis({ dataDir, adminToken: ADMIN_TOKEN, problems });
  const clients = [];
  try {
    for (let i = 1; i <= MEMORY_PROJECTS; i++) await createProject(server.url, `b${i}`);
    await sleep(1000);
    const beforeKb = rssKb(server.pid);
    for (let i = 1; i <= MEMORY_PROJECTS; i++) clients.push(liveClient(server.url, `b${i}`));
    await withTimeout(Promise.all(clients.map((c) => c.synced)), 20_000, `${MEMORY_PROJECTS} projects' first sync`);
    await sleep(1000);
    const afterKb = rssKb(server.pid);
    return {
      projects: MEMORY_PROJECTS,
      rssBeforeMb: round(beforeKb / 1024),
      rssAfterMb: round(afterKb / 1024),
      perDocumentKb: round((afterKb - beforeKb) / MEMORY_PROJECTS),
    };
  } finally {
    for (const c of clients) c.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  process.env.ORBIS_CURSOR_SECRET ||= 'bench-live-sync-cursor-secret-0123456789';
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-live-'));
  const server = await startOrbis({ dataDir, adminToken: ADMIN_TOKEN, problems });
  log(`server listening after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const runs = [];
  try {
    // A short warm-up of both (JIT, the server's first document), not measured: the first run
    // measured would otherwise pay for it.
    log('warm-up (2 s, discarded)');
    await orbisRun(server.url, 2, { alias: 'warmup', forMs: 2000 });
    await baselineRun(2, { forMs: 2000 });
    for (const n of CLIENTS) {
      log(`${n} clients: Orbis`);
      const orbis = await orbisRun(server.url, n);
      log(`${n} clients: baseline`);
      const baseline = await baselineRun(n);
      runs.push({ clients: n, orbis, baseline, p95Ratio: Math.round((orbis.p95Ms / baseline.p95Ms) * 100) / 100 });
      if (orbis.lost > 0) problems.push(`${n} clients: ${orbis.lost} of ${orbis.edits} Orbis edits did not reach every other client within ${DRAIN_MS} ms`);
      if (baseline.lost > 0) problems.push(`${n} clients: ${baseline.lost} of ${baseline.edits} baseline edits were lost`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log('memory per open document');
  const memory = await memoryRun();
  const at20 = runs.find((r) => r.clients === 20);
  const liveSync = {
    wallSeconds: round((performance.now() - started) / 1000),
    node: process.version,
    cpus: cpus().length,
    // Other work on the machine moves these figures: the 1-minute load average at the end of the run.
    loadAverage: round(loadavg()[0]),
    editEveryMs: EDIT_EVERY_MS,
    editForMs: EDIT_FOR_MS,
    runs,
    memory,
    targetP95Ms: TARGET_P95_MS,
    meetsTarget: at20 ? at20.orbis.lost === 0 && at20.orbis.p95Ms <= TARGET_P95_MS : false,
    problems,
  };
  const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(10) : String(cell).padStart(11))).join('');
  console.log(
    [
      `live scene sync: one edit (a layer pushed) every ${EDIT_EVERY_MS} ms for ${EDIT_FOR_MS / 1000} s, clients in turn; ms until every other client shows it`,
      row(['clients', 'edits', 'lost', 'orbis p50', 'orbis p95', 'orbis max', 'base p50', 'base p95', 'base max', 'p95 ratio']),
      ...runs.map((r) =>
        row([
          r.clients,
          r.orbis.edits,
          r.orbis.lost,
          r.orbis.p50Ms,
          r.orbis.p95Ms,
          r.orbis.maxMs,
          r.baseline.p50Ms,
          r.baseline.p95Ms,
          r.baseline.maxMs,
          r.p95Ratio,
        ]),
      ),
      `baseline: plain Y.Docs, Y.applyUpdate over a bare ws echo relay on 127.0.0.1 (no Hocuspocus, no storage)`,
      `machine: ${liveSync.cpus} CPUs, load average ${liveSync.loadAverage} at the end (clients, relay and server share them)`,
      `target: p95 <= ${TARGET_P95_MS} ms with 20 clients: ${liveSync.meetsTarget ? 'met' : 'NOT met'}`,
      `server memory: VmRSS ${memory.rssBeforeMb} MB -> ${memory.rssAfterMb} MB after opening ${memory.projects} projects' documents (one client each): ${memory.perDocumentKb} kB per document`,
      ...(problems.length > 0 ? ['problems:', ...problems.map((p) => `  ${p}`)] : ['problems: none']),
    ].join('\n'),
  );
  const file = writeResult('liveSync', liveSync);
  console.log(`written to ${file.pathname} (key "liveSync")`);
}

main()
  .catch((err) => {
    process.stderr.write(`bench live sync failed: ${err.stack ?? err}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    // Sockets or timers a provider left behind must not keep the process up.
    setTimeout(() => process.exit(), 200).unref();
    clearTimeout(watchdog);
  });
