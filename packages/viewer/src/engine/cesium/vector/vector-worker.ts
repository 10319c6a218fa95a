/// <reference lib="webworker" />
// The batched vector path's worker (docs/viewer.md, "Large layers"): fetches and parses a layer's
// file, resolves its appearance per feature with CesiumJS's styling language, and hands the page
// batches of typed columns, so that none of that work runs on the page's thread.
import type { Appearance } from '@orbis/scene';
import { csvPoints } from '../../csv-points.js';
import { batchEnd, buildBatch, transferables } from './batch-builder.js';
import { FeatureStyler } from './feature-style.js';
import { geojsonFeatures, type SourceFeature } from '../../vector/geojson-features.js';
import { featureTimes, showsAt } from '../../vector/feature-times.js';
import { PointClusters } from '../../vector/point-clusters.js';
import { heatOf } from './heat-points.js';
import type { ClusterOptions, HeatmapOptions, VectorReply, VectorRequest, VectorSource } from '../../vector/vector-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

let features: SourceFeature[] = [];
let batchSize = 25_000;
/** The layer's group's opacity (docs/contract.md §18), from its load: a change of it loads the layer again. */
let opacity = 1;
/** A clustered layer's options (docs/contract.md §18 `cluster`), from its load. */
let clusterOptions: ClusterOptions | undefined;
/** The features the clusters' index leaves out (undefined: none). */
let clustersHidden: Uint8Array | undefined;
/** The features the layer's appearance hides (its `show`: a visitor's filter, say), from the last load or restyle (undefined: none). */
let styleHidden: Uint8Array | undefined;
/** A clustered time-dynamic layer's clock, as the page last sent it (NaN: not yet, every feature counts). */
let clusterTime = Number.NaN;
/** A heat map layer's options (docs/contract.md §18 `heatmap`), from its load. */
let heatOptions: HeatmapOptions | undefined;
/** The features the heat map drawn last left out (undefined: none; null: no heat map drawn yet). */
let heatHidden: Uint8Array | undefined | null = null;

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]));
/** A clustered layer's index (docs/contract.md §18 `cluster`), once its features are read. */
let clusters: PointClusters | undefined;
/** A time-dynamic layer's intervals, two per feature (feature-times.ts). */
let times: Float64Array | undefined;

function reply(message: VectorReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function read(source: VectorSource): Promise<string | unknown> {
  if (source.inline !== undefined) return source.inline;
  const response = await fetch(source.url!, { headers: source.headers ?? {} });
  if (!response.ok) throw new Error(`${source.url} answered ${response.status}`);
  return response.text();
}

function stream(appearance: Appearance | undefined, generation?: number): void {
  const styler = new FeatureStyler(appearance, opacity);
  const ids = new Set<string>();
  // A clustered layer's clusters, and a heat map layer's heat, count the points its appearance's
  // `show` (and so a visitor's filter) keeps.
  const hidden = clusterOptions || heatOptions ? new Uint8Array(features.length) : undefined;
  for (let from = 0; from < features.length;) {
    const to = batchEnd(features, from, batchSize);
    const batch = buildBatch(features, from, to, styler, ids);
    if (times) batch.times = times.slice(from * 2, to * 2);
    if (hidden) for (let p = 0; p < batch.points.show.length; p++) if (batch.points.show[p] === 0) hidden[batch.points.feature[p]!] = 1;
    reply({ type: 'batch', batch, ...(generation === undefined ? {} : { generation }) }, transferables(batch));
    from = to;
  }
  styleHidden = hidden?.includes(1) ? hidden : undefined;
  // Indexed before `done`: the page asks for the clusters once the batches are all in.
  indexClusters();
  if (heatOptions && (heatHidden === null || !sameBytes(styleHidden, heatHidden))) {
    const image = heatOf(features, heatOptions, styleHidden);
    heatHidden = styleHidden;
    reply({ type: 'heat', image: image ?? null }, image ? [image.rgba.buffer as ArrayBuffer] : []);
  }
  reply({ type: 'done', ...(generation === undefined ? {} : { generation }) });
}

/**
 * Indexes a clustered layer's points again if the ones to leave out changed (those its appearance
 * hides, and a time-dynamic layer's outside their interval at `clusterTime`): a million points take
 * seconds to index, a colour's change none. Answers whether it indexed.
 */
function indexClusters(): boolean {
  if (!clusterOptions) return false;
  let hidden = styleHidden;
  if (times && !Number.isNaN(clusterTime)) {
    hidden = styleHidden ? styleHidden.slice() : new Uint8Array(features.length);
    for (let i = 0; i < features.length; i++) if (!showsAt(times[i * 2]!, times[i * 2 + 1]!, clusterTime)) hidden[i] = 1;
  }
  const narrowed = hidden?.includes(1) ? hidden : undefined;
  if (clusters && sameBytes(narrowed, clustersHidden)) return false;
  clusters = new PointClusters(features, clusterOptions, narrowed);
  clustersHidden = narrowed;
  return true;
}

async function load(request: Extract<VectorRequest, { type: 'load' }>): Promise<void> {
  const raw = await read(request.source);
  batchSize = request.batchSize;
  opacity = request.opacity ?? 1;
  if (request.source.format === 'csv') {
    const parsed = csvPoints(raw as string, request.source.data);
    if (parsed.points.length <= request.smallAt) return reply({ type: 'small', csv: parsed });
    features = parsed.points.map((p) => ({
      ...(p.id === undefined ? {} : { id: p.id }),
      properties: p.properties,
      geometry: { type: 'Point', coordinates: [p.lng, p.lat, ...(p.height === undefined ? [] : [p.height])] },
    }));
    reply({ type: 'count', features: features.length, skipped: parsed.skipped, ...timeRange(request) });
  } else {
    const doc = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const all = geojsonFeatures(doc);
    if (all.length <= request.smallAt) return reply({ type: 'small', geojson: doc });
    features = all;
    reply({ type: 'count', features: features.length, skipped: 0, ...timeRange(request) });
  }
  clusterOptions = request.cluster;
  heatOptions = request.heatmap;
  stream(request.appearance);
}

/** Reads a time-dynamic layer's intervals (docs/contract.md §18 `data.time`); their range, for the count reply. */
function timeRange(request: Extract<VectorRequest, { type: 'load' }>): { timeRange?: [number, number] } {
  const time = request.source.data?.time;
  if (!time) return {};
  const read = featureTimes(features, time);
  times = read.times;
  return read.range ? { timeRange: read.range } : {};
}

/** Answers the page's questions about a clustered layer; a layer not clustered (or not yet indexed) has no clusters. */
function answerClusters(request: Extract<VectorRequest, { type: 'clusters' | 'expand' }>): void {
  if (request.type === 'expand') return reply({ type: 'expand', seq: request.seq, zoom: clusters ? clusters.expansionZoom(request.clusterId) : 0 });
  const items = clusters ? clusters.clusters(request.bbox, request.zoom) : new Float64Array(0);
  reply({ type: 'clusters', seq: request.seq, items }, [items.buffer]);
}

self.onmessage = (event: MessageEvent<VectorRequest>) => {
  const request = event.data;
  if (request.type === 'clusters' || request.type === 'expand') return answerClusters(request);
  if (request.type === 'time') {
    clusterTime = request.now;
    return reply({ type: 'timed', changed: indexClusters() });
  }
  const generation = request.type === 'restyle' ? { generation: request.generation } : {};
  const run = request.type === 'load' ? load(request) : Promise.resolve().then(() => stream(request.appearance, request.generation));
  run.catch((err: unknown) => reply({ type: 'error', message: err instanceof Error ? err.message : String(err), ...generation }));
};
