// `node bench/time-dynamic-run.js [--quick] [--rounds N] [--play-seconds S] [--hours-per-tick H] [--profile] [--trace] [--heap] [--shader] [--clicks] [--shots DIR] [--software-compositing]`: the
// time-dynamic benchmark (time-dynamic.js). By default 2 rounds of a cold load of each page and 30 s of
// play; --quick 1 round of 15 s (about 2 minutes on a quiet machine). The clock steps 4 hours a tick
// unless --hours-per-tick says otherwise; --profile adds a CPU profile of Orbis's main thread while it plays
// (by function: self time, and total time with callees); --trace a Chromium trace of it, whose slowest
// animation frames are logged with the garbage collection in each (trace-ticks.js); --heap logs each page's heap by constructor once loaded (heap-summary.js);
// --shader adds a third page, the points as one Model filtered by time in a CustomShader, and its correctness
// check (time-dynamic-shader.js; its page is traced too); --clicks clicks Orbis's globe five times after play and logs how long each held the main thread (click-timing.js); --shots DIR saves a screenshot of each page after play; --software-compositing runs Chromium with
// `--disable-gpu`, as the browser tests do (each WebGL frame read back on the main thread; the default composites on
// the GPU, as a user's browser does: GPU_COMPOSITING_ARGS in viewer.js). Prints a table and sets `timeDynamic` in
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
const shader = process.argv.includes('--shader');
const clicks = process.argv.includes('--clicks');
const compositing = process.argv.includes('--software-compositing') ? 'software' : 'gpu';
const shots = process.argv.includes('--shots') ? process.argv[process.argv.indexOf('--shots') + 1] : undefined;
const own = profile || trace || heap || shader || clicks || compositing !== 'gpu' || shots !== undefined || Object.values(chosen).some((v) => v !== undefined);
const started = Date.now();
const result = await benchTimeDynamic({
  rounds: chosen.rounds ?? (quick ? 1 : 2),
  playSeconds: chosen.playSeconds ?? (quick ? 15 : 30),
  hoursPerTick: chosen.hoursPerTick ?? 4,
  profile,
  trace,
  heap,
  shader,
  clicks,
  shots,
  compositing,
  log: (line) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] time-dynamic: ${line}\n`),
});

const cell = (value) => (value === null || value === undefined ? '—' : String(value));
const { orbis: o, bare: b, shader: s } = result;
// With --shader, a column for the shader's page after the ratio.
const row = (cells) =>
  cells
    .slice(0, s ? 5 : 4)
    .map((c, i) => (i === 0 ? cell(c).padEnd(36) : cell(c).padStart(10)))
    .join('');
/** A row of `figure` (of one side's figures) for each side. */
const sideRow = (name, figure, ratio = null) => row([name, figure(o), figure(b), ratio, s && figure(s)]);
const lines = [
  `timeDynamic: ${result.features.toLocaleString('en-US')} points with intervals, playing ${result.hoursPerTick} h a tick for ${result.playSeconds} s, ${result.rounds} round(s), ${result.viewport.width}×${result.viewport.height}, ${result.compositing} compositing`,
  row(['', 'Orbis', 'bare', 'ratio', 'shader']),
  sideRow('ticks measured', (x) => x.ticks),
  sideRow('script a tick, median (ms)', (x) => x.scriptMsPerTick.median),
  sideRow('script a tick, p95 (ms)', (x) => x.scriptMsPerTick.p95),
  sideRow('script a tick, p99 (ms)', (x) => x.scriptMsPerTick.p99),
  sideRow('script a tick, longest (ms)', (x) => x.scriptMsPerTick.max, result.ratios.longestScriptPerTick),
  sideRow('ticks over 16 ms', (x) => x.ticksOver16Ms),
  sideRow('long tasks (≥ 50 ms), longest (ms)', (x) => `${x.longTasks}, ${x.longestLongTaskMs}`),
  sideRow('KB to WebGL buffers a tick, median', (x) => x.uploadKbPerTick.median),
  sideRow('KB to WebGL buffers a tick, most', (x) => x.uploadKbPerTick.max),
  sideRow('renderer CPU a tick (ms)', (x) => x.cpuMsPerTick.renderer),
  sideRow('GPU process CPU a tick (ms)', (x) => x.cpuMsPerTick['gpu-process']),
  sideRow('long frames (≥ 50 ms), longest (ms)', (x) => `${x.longFrames}, ${x.longestLongFrameMs}`),
  sideRow('long frames: script share', (x) => x.longFramesScriptShare),
  sideRow('features flipped a tick, median', (x) => x.flipsPerTick.median),
  sideRow('features flipped a tick, most', (x) => x.flipsPerTick.max),
  sideRow('frames drawn a second', (x) => x.framesPerSecond, result.ratios.framesPerSecond),
  sideRow('days played', (x) => x.clockDays),
  sideRow('ready (ms), fastest round', (x) => Math.min(...x.readyMs)),
  sideRow('ready (ms), slowest round', (x) => Math.max(...x.readyMs)),
  `target: longest script a tick ${result.target.value} ms, ${result.target.limit}: ${result.target.met ? 'met' : 'MISSED'}`,
  `load average ${result.machine.loadBefore} before, ${result.machine.loadAfter} after; other work on the CPUs ${Math.round(result.machine.busyBefore * 100)}% before, ${Math.round(result.machine.busyAfter * 100)}% after; ${result.seconds} s`,
  result.problems.length ? `problems:\n  ${result.problems.join('\n  ')}` : 'problems: none',
];
if (result.shaderCheck) lines.push(`shader check: ${JSON.stringify(result.shaderCheck)}`);
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
