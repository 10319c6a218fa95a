// The worker sandbox (docs/contract.md §11) beside the main-thread one, in one run: tool calls that stay in
// the worker, blocking engine calls (Atomics.wait until the main thread answers) and their
// latency, and the main thread's longest stall while two hostile plugins run.
import { fileURLToPath } from 'node:url';
import { LOOPS, TIMED_LIMITS, widget } from './plugin-bridge-ways.js';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits) => Number(value.toFixed(digits));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(read, what, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`plugin worker bench: timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await sleep(5);
  }
}

/** Timed inside the sandbox: `toolCalls` tool calls, then `engineCalls` calls that ask the engine. */
const TIMED = `${LOOPS}
app.viewer.on('click', (e) => {
  let t = Date.now(); runTools(e.x, 0); const tools = Date.now() - t;
  t = Date.now(); for (let i = 0; i < e.y; i++) app.viewer.tools.getGlobeHeight(139 + i * 1e-6, 35); const engine = Date.now() - t;
  console.log(JSON.stringify([tools, engine]));
});`;

/** Rates of one host's sandbox (worker or main thread), median of `rounds` clicks. */
async function rates({ PluginHost, benchServices }, sandboxes, { rounds, toolCalls, engineCalls }) {
  const lines = [];
  const services = { ...benchServices(lines), globeHeight: () => 12.5 };
  // A generous slice: a busy machine must not stop the timed plugin (the hostile ones keep the default 500 ms).
  const host = new PluginHost(sandboxes, services, [widget('timed', TIMED)], {}, TIMED_LIMITS);
  host.start();
  try {
    await host.started();
    await until(() => host.wants('click'), 'the click listener');
    const samples = [];
    for (let r = 0; r < rounds; r++) {
      host.emit('click', { x: toolCalls, y: engineCalls });
      const line = await until(
        () => lines.find((l) => l.level === 'log'),
        () => `an answer (${JSON.stringify(lines)})`,
      );
      lines.length = 0;
      samples.push(JSON.parse(line.text));
    }
    if (lines.some((l) => l.level === 'error')) throw new Error(JSON.stringify(lines));
    const toolsMs = median(samples.map((s) => s[0]));
    const engineMs = median(samples.map((s) => s[1]));
    return {
      toolCallsPerSec: Math.round((toolCalls / toolsMs) * 1000),
      engineCallsPerSec: Math.round((engineCalls / engineMs) * 1000),
      engineCallMicroseconds: round((engineMs * 1000) / engineCalls, 1),
    };
  } finally {
    host.stopAll();
  }
}

/**
 * Two plugins that hold their thread in built-ins: one interruptible between calls, one a backtracking regular
 * expression on `a` repeated `backtrack` times and a `!` (QuickJS's regular expressions are not interrupted: the
 * fallback's stall is the whole match, which doubles with each `a`; a worker is ended by the watchdog in about a
 * second either way).
 */
const hostile = (backtrack) => [
  widget('spin', `app.viewer.on('click', () => { for (;;) 'z'.repeat(1 << 20); });`),
  widget('backtrack', `app.viewer.on('click', () => { /^(a+)+$/.test('a'.repeat(${backtrack}) + '!'); for (;;) {} });`),
];

/** The main thread's longest gap between two timer turns from the hostile plugins' start until both are stopped. */
async function longestStall({ PluginHost, benchServices }, sandboxes, backtrack) {
  const lines = [];
  const host = new PluginHost(sandboxes, benchServices(lines), hostile(backtrack), {});
  host.start();
  try {
    await host.started();
    await until(() => host.sandboxes.every((s) => s.subscribed.has('click')), 'the listeners');
    let longest = 0;
    let last = performance.now();
    let ticking = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const started = performance.now();
    host.emit('click', {});
    await until(() => host.sandboxes.every((s) => s.status === 'failed'), 'both stopped');
    ticking = false;
    return { longestStallMs: round(Math.max(longest, performance.now() - last), 1), stoppedAfterMs: round(performance.now() - started, 0) };
  } finally {
    host.stopAll();
  }
}

/** The `worker` figures of the pluginBridge entry; `arenaCallsPerSec` is the Arena's tool-call rate of the same run. */
export async function benchWorkerSandbox({ PluginHost, module, workerSandboxes, nodeWorkerSpawner, benchServices }, { quick, arenaCallsPerSec }) {
  const host = { PluginHost, benchServices };
  const spawn = await nodeWorkerSpawner({
    sourceDir: fileURLToPath(new URL('../packages/viewer/testing/', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
  });
  const sizes = { rounds: quick ? 5 : 11, toolCalls: quick ? 50_000 : 200_000, engineCalls: quick ? 1_000 : 3_000 };
  const worker = await rates(host, workerSandboxes(spawn), sizes);
  const mainThread = await rates(host, module, sizes);
  // --quick: 21 characters, a quarter of the full run's match (23: 56 s to 216 s of stall in the fallback on a loaded
  // machine, most of a quick run's plugin part); still seconds, well past the worker's watchdog.
  const backtrack = quick ? 21 : 23;
  const stallWorker = await longestStall(host, workerSandboxes(spawn), backtrack);
  const stallMain = await longestStall(host, module, backtrack);
  return {
    toolCallsPerSec: worker.toolCallsPerSec,
    mainThreadToolCallsPerSec: mainThread.toolCallsPerSec,
    toolCallsVsArena: round(worker.toolCallsPerSec / arenaCallsPerSec, 1),
    engineCallsPerSec: worker.engineCallsPerSec,
    engineCallMicroseconds: worker.engineCallMicroseconds,
    mainThreadEngineCallsPerSec: mainThread.engineCallsPerSec,
    mainThreadEngineCallMicroseconds: mainThread.engineCallMicroseconds,
    hostileBacktrackLength: backtrack,
    hostileLongestStallMs: stallWorker.longestStallMs,
    hostileStoppedAfterMs: stallWorker.stoppedAfterMs,
    mainThreadHostileLongestStallMs: stallMain.longestStallMs,
    mainThreadHostileStoppedAfterMs: stallMain.stoppedAfterMs,
  };
}
