// Whole versions or differences (docs/content-workflow.md, "Versions")? For two items, a small one
// (the demo's offices: three values and a Point) and a large one (a 5,000-vertex polygon and a
// name), 50 writes each: the bytes kept, the time a write spends making its version, and the time
// to read the oldest version back. Differences are jsondiffpatch's (reverse deltas: the newest
// version whole, each older one a delta from the next, as a history reader walks back).
//
//   npm install --no-save jsondiffpatch@0.7.7 && node bench/item-versions.js
//
// Prints a table and writes nothing: the result decided the design once.
import { create } from 'jsondiffpatch';

const diffpatch = create({ objectHash: (o, i) => (Array.isArray(o) ? `${o[0]},${o[1]}` : String(i)) });
const WRITES = 50;
const ROUNDS = 20;

function polygon(n) {
  const ring = Array.from({ length: n }, (_, i) => [139 + Math.cos((2 * Math.PI * i) / n) * 0.1, 35.6 + Math.sin((2 * Math.PI * i) / n) * 0.1]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

/** The item's values after each write: `edit(values, i)` returns the next ones. */
function history(first, edit) {
  const versions = [first];
  for (let i = 1; i < WRITES; i++) versions.push(edit(structuredClone(versions[i - 1]), i));
  return versions;
}

function ms(fn) {
  const start = process.hrtime.bigint();
  for (let r = 0; r < ROUNDS; r++) fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / ROUNDS;
}

function measure(name, versions) {
  const whole = versions.map((v) => JSON.stringify(v));
  const deltas = [];
  for (let i = 0; i < versions.length - 1; i++) deltas.push(JSON.stringify(diffpatch.diff(versions[i + 1], versions[i]) ?? {}));
  const wholeBytes = whole.reduce((n, s) => n + s.length, 0);
  const deltaBytes = whole.at(-1).length + deltas.reduce((n, s) => n + s.length, 0);
  const writeWhole = ms(() => JSON.stringify(versions.at(-1)));
  const writeDelta = ms(() => JSON.stringify(diffpatch.diff(versions.at(-1), versions.at(-2))));
  const readWhole = ms(() => JSON.parse(whole[0]));
  const readDelta = ms(() => {
    let v = JSON.parse(whole.at(-1));
    for (let i = deltas.length - 1; i >= 0; i--) v = diffpatch.patch(v, JSON.parse(deltas[i]));
    return v;
  });
  return {
    item: name,
    wholeKB: +(wholeBytes / 1024).toFixed(1),
    deltaKB: +(deltaBytes / 1024).toFixed(1),
    writeWholeMs: +writeWhole.toFixed(3),
    writeDeltaMs: +writeDelta.toFixed(3),
    readOldestWholeMs: +readWhole.toFixed(3),
    readOldestDeltaMs: +readDelta.toFixed(3),
  };
}

const office = { prefecture: 'Tokyo', office: 'Shinjuku', population: 14047594, location: { type: 'Point', coordinates: [139.6917, 35.6895] } };
const ward = { name: 'Ward', area: polygon(5000) };
console.table([
  measure(
    'office, population edited',
    history(office, (v, i) => ({ ...v, population: v.population + i })),
  ),
  measure(
    '5,000-vertex ward, name edited',
    history(ward, (v, i) => ({ ...v, name: `Ward ${i}` })),
  ),
  measure(
    '5,000-vertex ward, one vertex moved',
    history(ward, (v, i) => {
      v.area.coordinates[0][i] = [v.area.coordinates[0][i][0] + 0.001, v.area.coordinates[0][i][1]];
      return v;
    }),
  ),
]);
