// `node bench/first-load-run.js`: the demo's first-load bytes alone, compressed against identity.
// Prints a table and sets `firstLoadBytes` in bench/results/latest.json, keeping its other keys.
import { benchFirstLoadBytes } from './first-load.js';
import { writeResult } from './report.js';

const started = performance.now();
const result = await benchFirstLoadBytes({ log: (line) => process.stderr.write(`bench first load: ${line}\n`) });
const firstLoadBytes = { wallSeconds: Math.round((performance.now() - started) / 100) / 10, ...result };
const mb = (bytes) => (bytes / 1e6).toFixed(2);
const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(28) : String(cell).padStart(14))).join('');
const { compressed, identity } = firstLoadBytes;
console.log(
  [
    `first load of ${firstLoadBytes.page}: bytes on the wire, one cold load each (HTTP cache off)`,
    row(['', 'compressed', 'identity', 'ratio']),
    row(['transferred (MB)', mb(compressed.bytes), mb(identity.bytes), firstLoadBytes.ratio.toFixed(3)]),
    row(['requests', compressed.requests, identity.requests, '']),
    `answers by coding, compressed load: ${JSON.stringify(compressed.responsesByEncoding)}`,
    ...(firstLoadBytes.problems.length > 0 ? ['problems:', ...firstLoadBytes.problems.map((p) => `  ${p}`)] : ['problems: none']),
  ].join('\n'),
);
const file = writeResult('firstLoadBytes', firstLoadBytes);
console.log(`written to ${file.pathname} (key "firstLoadBytes")`);
