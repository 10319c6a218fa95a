// What a page's JavaScript heap holds, by constructor: a CDP heap snapshot summed the way DevTools'
// "Summary" view sums it (objects by constructor name, their count and own bytes).

/** Takes a heap snapshot through a CDP session and answers its total and its `top` constructors by count: [name, count, KB]. */
export async function heapSummary(cdp, top = 15) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.disable');
  const snapshot = JSON.parse(chunks.join(''));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byName = new Map();
  let objects = 0;
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const size = snapshot.nodes[i + sizeAt];
    bytes += size;
    if (type === 'hidden' || type === 'synthetic') continue;
    objects++;
    const name =
      type === 'object' || type === 'closure'
        ? snapshot.strings[snapshot.nodes[i + nameAt]]
        : type === 'string' && process.env.HEAP_STRINGS
          ? `(string) ${snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 20)}`
          : `(${type})`;
    const entry = byName.get(name) ?? [0, 0];
    entry[0]++;
    entry[1] += size;
    byName.set(name, entry);
  }
  return {
    objects,
    mb: Math.round(bytes / 1e5) / 10,
    top: [...byName]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, top)
      .map(([name, [count, size]]) => [name, count, Math.round(size / 1024)]),
  };
}
