/**
 * The batch that holds feature `index`, or the nearest before it: the last of `batches` (in
 * order of `start`, each holding consecutive features from its start) whose start is at most
 * `index`, found by bisection.
 */
export function batchAt<T extends { start: number }>(batches: readonly T[], index: number): T | undefined {
  let lo = 0;
  let hi = batches.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (batches[mid]!.start <= index) lo = mid;
    else hi = mid - 1;
  }
  const batch = batches[lo];
  return batch && batch.start <= index ? batch : undefined;
}
