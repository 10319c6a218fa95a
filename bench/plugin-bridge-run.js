// `node bench/plugin-bridge-run.js [--quick]`: the plugin bridge benchmark alone (about 30 s, or
// 15 s with --quick). Prints a table and sets `pluginBridge` in bench/results/latest.json.
import { fileURLToPath } from 'node:url';
import { benchPluginBridge } from './plugin-bridge.js';
import { writeResult } from './report.js';

for (const arg of process.argv.slice(2)) {
  if (arg !== '--quick') throw new Error(`unknown argument "${arg}"; expected nothing or --quick`);
}
const r = await benchPluginBridge({ quick: process.argv.includes('--quick'), log: (line) => process.stderr.write(`bench pluginBridge: ${line}\n`) });

const n = (value) => value.toLocaleString('en-US');
const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(34) : String(cell).padStart(14))).join('');
const v = r.viewportWidth;
const heapRow = (name, h) =>
  `  ${name}: ${n(h.calls)} tool calls then ${n(h.calls)} viewport reads: ${n(h.beforeBytes)} → ${n(h.afterToolsBytes)} → ${n(h.afterBytes)} bytes (${h.bytesPerToolCall} B per tool call)`;
console.log(
  [
    `pluginBridge (${r.mode}): calls from inside QuickJS, medians of ${r.rounds} rounds, ${r.machine.cpus} CPUs, Node ${r.machine.node}`,
    row(['calls per second', 'Orbis', 'Arena', 'direct', 'plain QuickJS', 'Orbis/Arena', 'Orbis/direct', 'Orbis/plain']),
    row([
      'tools.cartographicToCartesian',
      n(r.orbisCallsPerSec),
      n(r.arenaCallsPerSec),
      n(r.directCallsPerSec),
      n(r.plainQuickJsCallsPerSec),
      r.ratioVsArena.toFixed(1),
      r.ratioVsDirect.toFixed(3),
      r.ratioVsPlainQuickJs.toFixed(2),
    ]),
    row([
      'viewport.width',
      n(v.orbisReadsPerSec),
      n(v.arenaReadsPerSec),
      n(v.directReadsPerSec),
      n(v.plainQuickJsReadsPerSec),
      v.ratioVsArena.toFixed(1),
      v.ratioVsDirect.toFixed(3),
      v.ratioVsPlainQuickJs.toFixed(2),
    ]),
    'direct: the same loops as plain Node, no sandbox; plain QuickJS: the same loops in a bare QuickJS context with the math as',
    "the plugin's own code (no API, no argument checks): the ceiling of any design that keeps the work inside the sandbox.",
    `sandbox heap growth per 1,000,000 calls (and as many reads): Orbis ${r.heapGrowthMbPer1MCalls} MB, Arena ${r.arenaHeapGrowthMbPer1MCalls} MB`,
    heapRow('Orbis', r.heap.orbis),
    heapRow('Arena', r.heap.arena),
    `one mouseMove delivered to 10 listening plugins: ${r.mouseMoveMsFor10Plugins} ms (median of ${r.mouseMove.samplesMs.length} batches, ${n(r.mouseMove.events)} events each plugin saw)`,
    `app.camera: ${n(r.cameraPositionReadsPerSec)} position reads per second (${r.cameraPositionVsViewportReads} of viewport.width's, which never leaves the sandbox); one camera move to 10 listening plugins: ${r.cameraMoveMsPerFrameFor10Plugins} ms per frame (${r.cameraMoveVsMouseMove}× a mouseMove)`,
    `worker sandbox: ${n(r.worker.toolCallsPerSec)} tool calls/s in the worker (${r.worker.toolCallsVsArena}× the Arena; ${n(r.worker.mainThreadToolCallsPerSec)} on the main thread); blocking engine calls ${n(r.worker.engineCallsPerSec)}/s, ${r.worker.engineCallMicroseconds} µs each (main thread: ${n(r.worker.mainThreadEngineCallsPerSec)}/s, ${r.worker.mainThreadEngineCallMicroseconds} µs)`,
    `two hostile plugins (a backtracking match of ${r.worker.hostileBacktrackLength} characters): the main thread's longest stall ${r.worker.hostileLongestStallMs} ms with workers (stopped after ${r.worker.hostileStoppedAfterMs} ms), ${r.worker.mainThreadHostileLongestStallMs} ms on the main thread (stopped after ${r.worker.mainThreadHostileStoppedAfterMs} ms)`,
    `CPUs taken by other processes while measuring: ${Math.round(r.otherWork.meanCpuShare * 100)}% mean, ${Math.round(r.otherWork.maxCpuShare * 100)}% max; ${r.wallSeconds} s in all`,
    `source: commit ${r.source.commit}${r.source.sourceChanged ? ' plus uncommitted changes to the plugin host or @orbis/geo' : ''}`,
    ...(r.problems.length > 0 ? ['problems:', ...r.problems.map((p) => `  ${p}`)] : ['problems: none']),
  ].join('\n'),
);
console.log(`written to ${fileURLToPath(writeResult('pluginBridge', r))} (key "pluginBridge")`);
