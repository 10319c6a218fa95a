// `node bench/time-dynamic-run.js [--quick] [--rounds N] [--play-seconds S] [--hours-per-tick H] [--profile] [--trace] [--heap]`: the
// time-dynamic benchmark (time-dynamic.js). By default 2 rounds of a cold load of each page and 30 s of
// play; --quick 1 round of 15 s (about 2 minutes on a quiet machine). The clock steps 4 hours a tick
// unless --hours-per-tick says otherwise; --profile adds a CPU profile of Orbis's main thread while it plays
// (by function: self time, and total time with callees); --trace a Chromium trace of it, whose slowest
// animation frames are logged with the garbage collection in each (trace-ticks.js); --heap logs each page's heap by constructor once loaded (heap-summary.js). Prints a table and sets `timeDynamic` in
// bench/results/latest.json (keeping its other keys); a run with other options than a mode's
// prints only.
import { benchTimeDynamic } from './time-dynamic.js';
import { writeResult } from './report.js';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
};
const quick = process.argv.includes('--quick');
const chosen = { rounds: option('--rounds'), playSeconds: option('--play-seconds'), hoursPerTick: option('--hours-per-tick') };
const profile = process.argv.includes('--profile');
const trace = process.argv.includes('--trace');
const heap = process.argv.includes('--heap');
const own = profile || trace || heap || Object.values(chosen).some((v) => v !== undefined);
const started = Date.now();
const result = await benchTimeDynamic({
  rounds: chosen.rounds ?? (quick ? 1 : 2),
  playSeconds: chosen.playSeconds ?? (quick ? 15 : 30),
  hoursPerTick: chosen.hoursPerTick ?? 4,
  profile,
  trace,
  heap,
  log: (line) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] time-dynamic: ${line}\n`),
});

const cell = (value) => (value === null || value === undefined ? '—' : String(value));
const row = (cells) => cells.map((c, i) => (i === 0 ? cell(c).padEnd(36) : cell(c).padStart(10))).join('');
const { orbis: o, bare: b } = result;
const lines = [
  `timeDynamic: ${result.features.toLocaleString('en-US')} points with intervals, playing ${result.hoursPerTick} h a tick for ${result.playSeconds} s, ${result.rounds} round(s), ${result.viewport.width}×${result.viewport.height}`,
  row(['', 'Orbis', 'bare', 'ratio']),
  row(['ticks measured', o.ticks, b.ticks, null]),
  row(['script a tick, median (ms)', o.scriptMsPerTick.median, b.scriptMsPerTick.median, null]),
  row(['script a tick, p95 (ms)', o.scriptMsPerTick.p95, b.scriptMsPerTick.p95, null]),
  row(['script a tick, p99 (ms)', o.scriptMsPerTick.p99, b.scriptMsPerTick.p99, null]),
  row(['script a tick, longest (ms)', o.scriptMsPerTick.max, b.scriptMsPerTick.max, result.ratios.longestScriptPerTick]),
  row(['ticks over 16 ms', o.ticksOver16Ms, b.ticksOver16Ms, null]),
  row(['long tasks (≥ 50 ms), longest (ms)', `${o.longTasks}, ${o.longestLongTaskMs}`, `${b.longTasks}, ${b.longestLongTaskMs}`, null]),
  row(['KB to WebGL buffers a tick, median', o.uploadKbPerTick.median, b.uploadKbPerTick.median, null]),
  row(['KB to WebGL buffers a tick, most', o.uploadKbPerTick.max, b.uploadKbPerTick.max, null]),
  row(['renderer CPU a tick (ms)', o.cpuMsPerTick.renderer, b.cpuMsPerTick.renderer, null]),
  row(['GPU process CPU a tick (ms)', o.cpuMsPerTick['gpu-process'], b.cpuMsPerTick['gpu-process'], null]),
  row(['long frames (≥ 50 ms), longest (ms)', `${o.longFrames}, ${o.longestLongFrameMs}`, `${b.longFrames}, ${b.longestLongFrameMs}`, null]),
  row(['long frames: script share', o.longFramesScriptShare, b.longFramesScriptShare, null]),
  row(['features flipped a tick, median', o.flipsPerTick.median, b.flipsPerTick.median, null]),
  row(['features flipped a tick, most', o.flipsPerTick.max, b.flipsPerTick.max, null]),
  row(['frames drawn a second', o.framesPerSecond, b.framesPerSecond, result.ratios.framesPerSecond]),
  row(['days played', o.clockDays, b.clockDays, null]),
  `target: longest script a tick ${result.target.value} ms, ${result.target.limit}: ${result.target.met ? 'met' : 'MISSED'}`,
  `load average ${result.machine.loadBefore} before, ${result.machine.loadAfter} after; other work on the CPUs ${Math.round(result.machine.busyBefore * 100)}% before, ${Math.round(result.machine.busyAfter * 100)}% after; ${result.seconds} s`,
  result.problems.length ? `problems:\n  ${result.problems.join('\n  ')}` : 'problems: none',
];
for (const [i, p] of (result.profiles ?? []).entries()) {
  lines.push(`Orbis's main thread while playing, round ${i + 1}: self time (${p.selfMs.totalMs} ms sampled)`, ...p.selfMs.rows);
  lines.push('total time (with callees)', ...p.totalMs);
  lines.push(`the longest stretch in JavaScript: ${p.longest.ms} ms; self time`, ...p.longest.rows, 'total time', ...p.longest.total);
}
console.log(lines.join('\n'));
if (own) {
  console.log('options other than a mode: bench/results/latest.json left as it is');
} else {
  const file = writeResult('timeDynamic', { mode: quick ? 'quick' : 'full', ...result });
  console.log(`written to ${file.pathname} (key "timeDynamic")`);
}
