/// <reference lib="webworker" />
// The worker of an `mvt` layer (docs/contract.md §13, docs/viewer.md "Tiles"): fetches each tile the page
// asks for, decodes its Mapbox Vector Tile features to WGS84, resolves the layer's appearance per
// feature with CesiumJS's styling language and hands the page batches, as the vector worker does
// for a whole file.
import type { Appearance } from '@orbis/scene';
import { batchEnd, buildBatch, transferables } from './batch-builder.js';
import { FeatureStyler } from './feature-style.js';
import { fetchTile } from '../../vector/tile-fetch.js';
import { tileFeatures } from '../../vector/tile-features.js';
import type { TileWorkerReply, TileWorkerRequest } from '../../vector/vector-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

let styler = new FeatureStyler(undefined);
let batchSize = 10_000;
let layers: string[] | undefined;

function reply(message: TileWorkerReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function load(request: Extract<TileWorkerRequest, { type: 'tile' }>): Promise<void> {
  const { key, z, x, y } = request;
  const bytes = await fetchTile(request.url, request.headers);
  const features = bytes ? tileFeatures(bytes, z, x, y, layers) : [];
  reply({ key, type: 'count', features: features.length, skipped: 0 });
  const ids = new Set<string>();
  for (let from = 0; from < features.length;) {
    const to = batchEnd(features, from, batchSize);
    const batch = buildBatch(features, from, to, styler, ids);
    reply({ key, type: 'batch', batch }, transferables(batch));
    from = to;
  }
  reply({ key, type: 'done' });
}

self.onmessage = (event: MessageEvent<TileWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'style') {
    styler = new FeatureStyler(request.appearance as Appearance | undefined, request.opacity);
    batchSize = request.batchSize;
    layers = request.layers;
    return;
  }
  load(request).catch((err: unknown) => reply({ key: request.key, type: 'error', message: err instanceof Error ? err.message : String(err) }));
};
