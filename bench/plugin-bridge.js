// The `pluginBridge` benchmark: calls from inside the plugin sandbox to the viewer API, three ways
// in one run (Orbis's real PluginHost, quickjs-emscripten-sync's Arena, plain Node), the sandbox
// heap over many calls, and the cost of one mouseMove delivered to 10 plugins.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { monitorOtherWork } from './machine.js';
import { arenaWay, directWay, orbisWay, plainQuickJsWay, TIMED_LIMITS, widget } from './plugin-bridge-ways.js';
import { cameraMove, cameraReads } from './plugin-camera.js';
import { loadPluginHost } from './plugin-host-build.js';
import { benchWorkerSandbox } from './plugin-worker.js';

const MODES = {
  // rounds of rate chunks, each chunk at least chunkMs; sandbox calls for the heap figures.
  quick: { rounds: 12, chunkMs: 40, orbisHeapCalls: 250_000, arenaHeapCalls: 10_000, mouseMoveRounds: 10, mouseMoveBatch: 200 },
  full: { rounds: 30, chunkMs: 80, orbisHeapCalls: 1_000_000, arenaHeapCalls: 50_000, mouseMoveRounds: 20, mouseMoveBatch: 500 },
};
/** Calls per entry into Orbis's sandbox in the heap run: far below its 500 ms per entry. */
const HEAP_CHUNK = 10_000;
const MB = 1024 * 1024;

const yieldToTimers = () => new Promise((resolve) => setImmediate(resolve));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits) => Number(value.toFixed(digits));

function time(work) {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** The three ways must compute the same thing: the same sums for the same inputs. */
function checkAgreement(ways) {
  const [reference, ...others] = ways.map((way) => ({ name: way.name, tools: way.tools(1000, 0), viewport: way.viewport(1000) }));
  for (const other of others) {
    const off = Math.abs(other.tools - reference.tools) / Math.abs(reference.tools);
    if (!(off < 1e-9) || other.viewport !== reference.viewport) {
      throw new Error(
        `${other.name} disagrees with ${reference.name}: tools ${other.tools} vs ${reference.tools}, viewport ${other.viewport} vs ${reference.viewport}`,
      );
    }
  }
}

/**
 * Calls per second of each way and operation. Each chunk's size is first doubled until one chunk
 * takes chunkMs; then the ways take turns, one chunk each per round (so that a change of the
 * machine's load falls on all of them), and the median chunk rate is the figure.
 */
async function measureRates(ways, { rounds, chunkMs }, log) {
  const ops = ['tools', 'viewport'];
  const plan = [];
  for (const way of ways) {
    for (const op of ops) {
      let n = 1000;
      while (time(() => way[op](n, 0)) < chunkMs && n < 1 << 26) n *= 2;
      plan.push({ way, op, n, start: 0, rates: [] });
      await yieldToTimers();
    }
  }
  log(`chunks: ${plan.map((p) => `${p.way.name} ${p.op} ${p.n}`).join(', ')}`);
  for (let r = 0; r < rounds; r++) {
    for (const p of plan) {
      const ms = time(() => p.way[p.op](p.n, p.start));
      // New inputs on every chunk.
      p.start = (p.start + p.n) % 1_000_000;
      p.rates.push((p.n / ms) * 1000);
      await yieldToTimers();
    }
  }
  const rates = {};
  for (const p of plan) {
    rates[p.way.name] ??= {};
    rates[p.way.name][p.op] = {
      perSec: Math.round(median(p.rates)),
      chunkCalls: p.n,
      min: Math.round(Math.min(...p.rates)),
      max: Math.round(Math.max(...p.rates)),
    };
  }
  return rates;
}

/** A sandbox's heap before and after `calls` tool calls, then as many viewport reads. */
async function heapGrowth(way, calls) {
  // One chunk first: whatever the first calls create once is not growth.
  way.tools(1000, 0);
  way.viewport(1000);
  const beforeBytes = way.memoryUsed();
  for (let done = 0; done < calls; done += HEAP_CHUNK) {
    way.tools(Math.min(HEAP_CHUNK, calls - done), done);
    await yieldToTimers();
  }
  const afterToolsBytes = way.memoryUsed();
  for (let done = 0; done < calls; done += HEAP_CHUNK) {
    way.viewport(Math.min(HEAP_CHUNK, calls - done));
    await yieldToTimers();
  }
  const afterBytes = way.memoryUsed();
  const per1M = (bytes) => round((bytes / MB) * (1_000_000 / calls), 3);
  return {
    calls,
    beforeBytes,
    afterToolsBytes,
    afterBytes,
    toolsMbPer1MCalls: per1M(afterToolsBytes - beforeBytes),
    viewportMbPer1MReads: per1M(afterBytes - afterToolsBytes),
    bytesPerToolCall: round((afterToolsBytes - beforeBytes) / calls, 1),
  };
}

/**
 * One `mouseMove` (the payload the page sends: screen and globe position, layer) delivered by the
 * real host to 10 plugins that each listen to it; every plugin must have seen every event.
 */
async function mouseMove({ PluginHost, module, benchServices }, { mouseMoveRounds, mouseMoveBatch }) {
  const lines = [];
  const code = `let seen = 0; let last = 0;
app.viewer.on('mouseMove', (e) => { seen += 1; last = e.lng + e.lat + e.x; });
app.viewer.on('click', () => console.log(String(seen)));`;
  const plugins = Array.from({ length: 10 }, (_, i) => widget(`listener${i}`, code));
  const host = new PluginHost(module, benchServices(lines), plugins, {}, TIMED_LIMITS);
  host.start();
  try {
    const payload = { x: 320, y: 240, lat: 35.681, lng: 139.767, height: 40.5, layerId: 'buildings' };
    const emits = (n) => {
      for (let i = 0; i < n; i++) host.emit('mouseMove', payload);
    };
    emits(100);
    const samples = [];
    for (let r = 0; r < mouseMoveRounds; r++) {
      samples.push(time(() => emits(mouseMoveBatch)) / mouseMoveBatch);
      await yieldToTimers();
    }
    host.emit('click', {});
    const expected = String(100 + mouseMoveRounds * mouseMoveBatch);
    const counts = lines.filter((l) => l.level === 'log').map((l) => l.text);
    if (counts.length !== 10 || counts.some((c) => c !== expected) || lines.some((l) => l.level === 'error')) {
      throw new Error(`mouseMove: each of 10 plugins should have seen ${expected} events; they logged ${JSON.stringify(lines)}`);
    }
    return { msPerEvent: round(median(samples), 4), samplesMs: samples.map((s) => round(s, 4)), events: Number(expected) };
  } finally {
    host.stopAll();
  }
}

function commitOf() {
  const git = (...args) => spawnSync('git', args, { cwd: new URL('..', import.meta.url), encoding: 'utf8' }).stdout.trim();
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    sourceChanged: git('status', '--porcelain', '--untracked-files=no', '--', 'packages/viewer/src/plugins', 'packages/geo/src') !== '',
  };
}

/** Runs the whole benchmark; `quick` uses fewer rounds and calls. Returns the `pluginBridge` entry. */
export async function benchPluginBridge({ quick, log }) {
  const started = performance.now();
  const mode = quick ? 'quick' : 'full';
  const settings = MODES[mode];
  const { PluginHost, loadQuickJs, cartographicToCartesian, workerSandboxes, nodeWorkerSpawner, benchServices, CAMERA_POSITION } = await loadPluginHost();
  const module = await loadQuickJs();
  const deps = { PluginHost, module, cartographicToCartesian, benchServices, CAMERA_POSITION };
  const problems = [];
  const monitor = monitorOtherWork();
  const ways = [orbisWay(deps), arenaWay(deps), directWay(deps), plainQuickJsWay(deps)];
  let otherWork;
  let rates;
  let heap;
  let move;
  let camera;
  let worker;
  try {
    checkAgreement(ways);
    log('the three ways agree; measuring rates');
    rates = await measureRates(ways, settings, log);
    log(`heap: ${settings.orbisHeapCalls} calls in Orbis's sandbox, ${settings.arenaHeapCalls} in the Arena`);
    heap = { orbis: await heapGrowth(ways[0], settings.orbisHeapCalls), arena: await heapGrowth(ways[1], settings.arenaHeapCalls) };
    log('mouseMove to 10 plugins');
    move = await mouseMove(deps, settings);
    log('camera.position reads and camera move to 10 plugins');
    camera = {
      // Each read crosses to the host: 2,000 per entry stay far below the 500 ms an entry may take.
      positionReadsPerSec: await cameraReads(deps, { rounds: settings.rounds * 2, n: 2_000 }),
      moveMsFor10Plugins: await cameraMove(deps, { rounds: settings.mouseMoveRounds, frames: settings.mouseMoveBatch }),
    };
    log('the worker sandbox: tool calls, blocking engine calls, two hostile plugins');
    worker = await benchWorkerSandbox({ ...deps, workerSandboxes, nodeWorkerSpawner }, { quick, arenaCallsPerSec: rates.arena.tools.perSec });
    if (worker.toolCallsVsArena < 10) problems.push(`tool calls in the worker sandbox are ${worker.toolCallsVsArena}× the Arena's, under 10×`);
  } finally {
    for (const way of ways) way.dispose();
    otherWork = monitor.stop();
  }
  if (otherWork.meanShare > 0.1) {
    problems.push(
      `other processes took ${Math.round(otherWork.meanShare * 100)}% of the CPUs on average (highest ${Math.round(otherWork.maxShare * 100)}%) while measuring: every rate is lower`,
    );
  }
  // One operation's rates and Orbis's over each other way's; `noun` names them (Calls, Reads).
  const figures = (op, noun) => {
    const of = (way) => rates[way][op].perSec;
    return {
      [`orbis${noun}PerSec`]: of('orbis'),
      [`arena${noun}PerSec`]: of('arena'),
      [`direct${noun}PerSec`]: of('direct'),
      ratioVsArena: round(of('orbis') / of('arena'), 2),
      ratioVsDirect: round(of('orbis') / of('direct'), 4),
      [`plainQuickJs${noun}PerSec`]: of('quickjs'),
      ratioVsPlainQuickJs: round(of('orbis') / of('quickjs'), 3),
    };
  };
  return {
    measuredAt: new Date().toISOString(),
    mode,
    machine: { cpus: availableParallelism(), node: process.version },
    source: commitOf(),
    ...figures('tools', 'Calls'),
    viewportWidth: figures('viewport', 'Reads'),
    mouseMoveMsFor10Plugins: move.msPerEvent,
    // camera.position crosses to the host; viewport.width is answered inside: the ratio is the crossing's cost.
    cameraPositionReadsPerSec: camera.positionReadsPerSec,
    cameraPositionVsViewportReads: round(camera.positionReadsPerSec / rates.orbis.viewport.perSec, 4),
    cameraMoveMsPerFrameFor10Plugins: camera.moveMsFor10Plugins,
    cameraMoveVsMouseMove: round(camera.moveMsFor10Plugins / move.msPerEvent, 2),
    heapGrowthMbPer1MCalls: round(heap.orbis.toolsMbPer1MCalls + heap.orbis.viewportMbPer1MReads, 3),
    arenaHeapGrowthMbPer1MCalls: round(heap.arena.toolsMbPer1MCalls + heap.arena.viewportMbPer1MReads, 3),
    worker,
    heap,
    rates,
    mouseMove: move,
    rounds: settings.rounds,
    otherWork: { meanCpuShare: round(otherWork.meanShare, 3), maxCpuShare: round(otherWork.maxShare, 3) },
    problems,
    wallSeconds: round((performance.now() - started) / 1000, 1),
  };
}
