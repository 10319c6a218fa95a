import type { Appearance } from '@orbis/scene';
import type { Scene } from 'cesium';
import { CesiumVectorLayer } from './cesium-vector-layer.js';
import type { VectorReply, VectorRequest, VectorSource } from './vector-protocol.js';

/** Features per batch the worker hands over: small enough that drawing one stays a short task. */
export const BATCH_SIZE = 20_000;
/**
 * Layers of at most this many features stay on CesiumJS's entities, which keep everything a
 * GeoJSON file can say (simplestyle colours, pins, time); larger ones take the batched path.
 */
export const SMALL_LAYER = 5_000;

/** Parsed data of a small layer, for the entity path. */
export type SmallLayer = Extract<VectorReply, { type: 'small' }>;

/** Progress of a layer's load: features drawn of those announced. */
export type Progress = (loaded: number, total: number) => void;

function start(source: VectorSource): Worker {
  return new Worker(new URL('./vector-worker.ts', import.meta.url), { type: 'module', name: `layer ${source.url ?? 'inline'}` });
}

/**
 * Loads a GeoJSON or CSV layer through the worker: parsed and styled there, then either handed
 * back whole (`small`, at most SMALL_LAYER features, or always with `entitiesOnly`) or drawn on
 * the batched path as its batches arrive. Resolves once the worker knows which, so the layer
 * shows while it streams; rejects with the worker's reason.
 */
export function loadVector(scene: Scene, source: VectorSource, appearance: Appearance | undefined, options: { entitiesOnly?: boolean; progress?: Progress } = {}): Promise<SmallLayer | CesiumVectorLayer> {
  const worker = start(source);
  let layer: CesiumVectorLayer | undefined;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      worker.terminate();
      reject(new Error(message));
    };
    worker.onerror = (event) => fail(event.message || 'the layer worker failed');
    worker.onmessage = (event: MessageEvent<VectorReply>) => {
      const reply = event.data;
      switch (reply.type) {
        case 'small':
          worker.terminate();
          return resolve(reply);
        case 'count':
          layer = new CesiumVectorLayer(scene, worker, reply.features, options.progress);
          return resolve(layer);
        case 'batch':
          return layer?.add(reply.batch);
        case 'done':
          return layer?.finish();
        case 'error':
          if (layer) {
            console.error(`[orbis] layer from ${source.url ?? 'inline data'}: ${reply.message}`);
            return layer.finish();
          }
          return fail(reply.message);
      }
    };
    const request: VectorRequest = { type: 'load', source, ...(appearance ? { appearance } : {}), batchSize: BATCH_SIZE, smallAt: options.entitiesOnly ? Number.POSITIVE_INFINITY : SMALL_LAYER };
    worker.postMessage(request);
  });
}
