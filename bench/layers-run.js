// `node bench/layers-run.js [--quick]`: the layer benchmark alone (3 cold loads of each page, 2 with
// --quick). Prints a table and sets `layers` in bench/results/latest.json, keeping its other keys.
import { benchLayers } from './layers.js';
import { writeResult } from './report.js';

const quick = process.argv.includes('--quick');
const result = await benchLayers({ runs: quick ? 2 : 3, log: (line) => process.stderr.write(`bench layers: ${line}\n`) });
const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(40) : String(cell).padStart(12))).join('');
console.log(
  [
    `layers: a ${result.features.toLocaleString('en-US')}-point GeoJSON layer on the published page, load to drawn (data-ready), median of ${result.runs} cold loads`,
    row(['', 'unstyled', 'one colour', 'conditions']),
    row(['ready (ms)', result.medianReadyMs.unstyled, result.medianReadyMs.literal, result.medianReadyMs.conditions]),
    `conditions / unstyled: ${result.conditionsOverUnstyled} (target ≤ 1.3); conditions / one colour: ${result.conditionsOverLiteral}`,
    result.problems.length ? `problems:\n  ${result.problems.join('\n  ')}` : 'problems: none',
  ].join('\n'),
);
const file = writeResult('layers', { mode: quick ? 'quick' : 'full', ...result });
console.log(`written to ${file.pathname} (key "layers")`);
