// Summaries of a CDP `Profiler` profile (a main thread's or a worker's), for the bench's profiles.

const keyOf = ({ functionName, url, lineNumber }) => {
  const file = url ? url.split('/').pop().split('?')[0] : '';
  return `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
};
const rowsOf = (byFunction, top) =>
  [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => `${String(Math.round(us / 1000)).padStart(7)} ms  ${key}`);

/** Self time per function (ms) of a CDP Profiler profile, the largest first. */
export function selfTimes(profile, top = 18) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const key = keyOf(byId.get(id).callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    total += us;
  });
  return { totalMs: Math.round(total / 1000), rows: rowsOf(byFunction, top) };
}

/** Total time per function (ms): its own and its callees', each sample counted once per function on its stack; the largest first. */
export function totalTimes(profile, top = 18) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const byFunction = new Map();
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at).callFrame));
    for (const key of seen) byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
  return rowsOf(byFunction, top);
}

/**
 * The longest stretch of consecutive samples in JavaScript (garbage collection included; not
 * `(program)`, native time outside it, nor `(idle)`): its length and the self time per function in
 * it, the largest first. On a page, a long frame callback is such a stretch.
 */
export function longestScript(profile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const outside = new Set(['(program)', '(idle)', '(root)']);
  let best = { us: 0, from: 0, to: 0 };
  let from = 0;
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (outside.has(byId.get(id).callFrame.functionName)) {
      from = i + 1;
      us = 0;
      return;
    }
    us += profile.timeDeltas[i + 1] ?? 0;
    if (us > best.us) best = { us, from, to: i + 1 };
  });
  const part = { ...profile, samples: profile.samples.slice(best.from, best.to), timeDeltas: [0, ...profile.timeDeltas.slice(best.from + 1, best.to + 1)] };
  return { ms: Math.round(best.us / 1000), rows: selfTimes(part, top).rows, total: totalTimes(part, top * 2) };
}
