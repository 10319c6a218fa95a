// `node bench/data-scale-run.js [--quick]`: the data-scale benchmark alone (3 cold loads of each
// page, 2 of the million points). With --quick, 1 cold load of each page of the 100,000 points, and
// the other cases left to the full run (QUICK_SKIPS says why; issue 39: a quick `npm run bench`
// within 15 minutes, of which these cases took 410 s to over 700 s on a loaded machine).
// Prints a table and sets `dataScale` in bench/results/latest.json, keeping its other keys.
import { benchDataScale } from './data-scale.js';
import { dataScaleCases } from './data-scale-data.js';
import { writeResult } from './report.js';

const quick = process.argv.includes('--quick');
// --only points100k,polygons100k: those cases alone (for a look at one); results are not written then.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1]?.split(',') : undefined;
// --orbis-only: Orbis's pages alone, no bare page (for a look at Orbis's own figures; no ratios).
const orbisOnly = process.argv.includes('--orbis-only');
/** The cases a quick run leaves to the full run, and why. */
const QUICK_SKIPS = {
  conditions100k: 'the layer part of the same run measures conditions against unstyled (10,000 points, layers-run.js)',
  polygons100k: "the bare page's 100,000 extruded polygons took 240 s to over 300 s a load on a loaded machine",
  points1M: 'a million points take minutes a load on either page (over 300 s on a loaded machine)',
  clustered1M: 'the same million-point file: minutes a load on the bare page',
};
const skipped = quick && !only ? QUICK_SKIPS : {};
const started = Date.now();
const result = await benchDataScale({
  runs: quick ? 1 : 3,
  runsOf1M: 2,
  only:
    only ??
    (quick
      ? dataScaleCases()
          .map((c) => c.name)
          .filter((name) => !(name in skipped))
      : undefined),
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
for (const [name, why] of Object.entries(skipped)) lines.push(`${name}: not measured by --quick (${why}); the full run measures it`);
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
  const file = writeResult('dataScale', { mode: quick ? 'quick' : 'full', ...result, skipped });
  console.log(`written to ${file.pathname} (key "dataScale")`);
}
