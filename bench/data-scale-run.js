// `node bench/data-scale-run.js [--quick]`: the data-scale benchmark alone (3 cold loads of each
// page, 2 of the million points; with --quick 1 of each: its 8 loads were half of a quick `npm run
// bench`, 700 s of about 30 minutes on a loaded machine, issue 39). Prints a table and
// sets `dataScale` in bench/results/latest.json, keeping its other keys.
import { benchDataScale } from './data-scale.js';
import { writeResult } from './report.js';

const quick = process.argv.includes('--quick');
// --only points100k,polygons100k: those cases alone (for a look at one); results are not written then.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',') : undefined;
// --orbis-only: Orbis's pages alone, no bare page (for a look at Orbis's own figures; no ratios).
const orbisOnly = process.argv.includes('--orbis-only');
const started = Date.now();
const result = await benchDataScale({
  runs: quick ? 1 : 3,
  runsOf1M: quick ? 1 : 2,
  only,
  orbisOnly,
  log: (line) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] data-scale: ${line}\n`),
});

const cell = (value) => (value === null || value === undefined ? '—' : String(value));
const row = (cells) => cells.map((c, i) => (i === 0 ? cell(c).padEnd(40) : cell(c).padStart(11))).join('');
const lines = [
  `dataScale: GeoJSON layers on the published page next to bare CesiumJS primitives, medians of cold loads at ${result.viewport.width}×${result.viewport.height}`,
  row(['', 'Orbis', 'bare', 'ratio']),
];
for (const [name, c] of Object.entries(result.cases)) {
  const o = c.orbis;
  const b = c.bare;
  lines.push(
    `${name} (${c.features.toLocaleString('en-US')} features, ${c.fileMb} MB, ${c.runs} runs; timeouts Orbis ${c.timeouts.orbis}, bare ${c.timeouts.bare})`,
  );
  lines.push(row(['  ready (ms)', o.readyMs, b?.readyMs, c.ratios?.ready ?? (c.ratios?.readyAtMost === undefined ? null : `< ${c.ratios.readyAtMost}`)]));
  lines.push(row([`  pan (fps, ≥ ${c.features >= 1_000_000 ? result.panSecondsOf1M : result.panSeconds} s drag)`, o.panFps, b?.panFps, c.ratios?.panFps]));
  lines.push(
    row([
      '  pan GPU-process CPU a frame (ms)',
      o.panGpuMsPerFrame,
      b?.panGpuMsPerFrame,
      (c.ratios?.panFrameCost ?? null) === null ? null : `${c.ratios.panFrameCost} b/o`,
    ]),
  );
  lines.push(
    row([
      '  JS heap main + workers (MB)',
      o.mainHeapMb === null ? null : `${o.mainHeapMb}+${o.workerHeapMb}`,
      b ? `${b.mainHeapMb}+${b.workerHeapMb}` : null,
      c.ratios?.heap,
    ]),
  );
  lines.push(row(['  longest task loading (ms)', o.longestTaskMs, b?.longestTaskMs, null]));
  lines.push(row(['  tasks over 100 ms loading', o.tasksOver100Ms, b?.tasksOver100Ms, null]));
  lines.push(row(['  data on main thread at (ms)', o.dataMs, b?.dataMs, null]));
  lines.push(row(['  longest task from then, frames (ms)', o.longestLayerTaskMs, b?.longestLayerTaskMs, null]));
  lines.push(row(['  tasks over 100 ms from then', o.layerTasksOver100Ms, b?.layerTasksOver100Ms, null]));
  lines.push(row(['  longest own script from then (ms)', o.longestOwnScriptMs, b?.longestOwnScriptMs, null]));
  lines.push(row(['  own scripts over 100 ms', o.ownScriptsOver100Ms, b?.ownScriptsOver100Ms, null]));
  lines.push(row(['  longest CesiumJS script (ms)', o.longestCesiumScriptMs, b?.longestCesiumScriptMs, null]));
}
lines.push('targets:');
for (const [name, t] of Object.entries(result.targets))
  lines.push(
    `  ${name.padEnd(30)} ${cell(t.value).padStart(8)}  target ${t.target}  ${t.met === null ? 'not measured' : t.met ? 'met' : 'MISSED'}${t.bound ? ` (${t.bound})` : ''}`,
  );
lines.push(
  `other work on the CPUs: ${Math.round(result.machine.busyBefore * 100)}% before, ${Math.round(result.machine.busyAfter * 100)}% after; ${result.seconds} s`,
);
lines.push(result.problems.length ? `problems:\n  ${result.problems.join('\n  ')}` : 'problems: none');
console.log(lines.join('\n'));
if (only || orbisOnly) {
  console.log('--only or --orbis-only: bench/results/latest.json left as it is');
} else {
  const file = writeResult('dataScale', { mode: quick ? 'quick' : 'full', ...result });
  console.log(`written to ${file.pathname} (key "dataScale")`);
}
