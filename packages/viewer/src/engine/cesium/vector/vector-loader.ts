import type { Appearance } from '@orbis/scene';
import type { Scene } from 'cesium';
import { CesiumVectorLayer, type VectorTools } from './cesium-vector-layer.js';
import type { ClusterOptions, HeatmapOptions, VectorReply, VectorRequest, VectorSource } from '../../vector/vector-protocol.js';

/** Features per batch the worker hands over: small enough that drawing one stays a short task. */
export const BATCH_SIZE = 10_000;
/**
 * Layers of at most this many features stay on CesiumJS's entities, which keep everything a
 * GeoJSON file can say (simplestyle colours, pins, time); larger ones take the batched path.
 */
export const SMALL_LAYER = 5_000;

/** Parsed data of a small layer, for the entity path. */
export type SmallLayer = Extract<VectorReply, { type: 'small' }>;

/** Progress of a layer's load: features drawn of those announced. */
export type Progress = (loaded: number, total: number) => void;

/**
 * A layer worker at work: started as early as the page knows the layer (before the globe's first
 * frame, which the drawing waits for), its replies kept until `loadVector` takes them.
 */
export class VectorJob {
  readonly worker: Worker;
  private readonly early: VectorReply[] = [];
  private listener: ((reply: VectorReply) => void) | undefined;

  /**
   * `entitiesOnly`: CesiumJS's entities whatever the size (a model layer); a clustered,
   * time-dynamic or filtered (`filtered`) layer (docs/contract.md §18) takes the batched path whatever its size.
   */
  constructor(
    source: VectorSource,
    /** The appearance it is loaded with (a time-dynamic layer draws itself again with it after a morph). */
    readonly appearance: Appearance | undefined,
    entitiesOnly: boolean,
    readonly cluster?: ClusterOptions,
    filtered = false,
    readonly heatmap?: HeatmapOptions,
    /** Its group's opacity (docs/contract.md §18): such a layer takes the batched path, whose styler applies it. */
    opacity?: number,
  ) {
    this.worker = new Worker(new URL('./vector-worker.ts', import.meta.url), { type: 'module', name: `layer ${source.url ?? 'inline'}` });
    this.worker.onmessage = (event: MessageEvent<VectorReply>) => (this.listener ? this.listener(event.data) : this.early.push(event.data));
    this.worker.onerror = (event) => {
      const reply: VectorReply = { type: 'error', message: event.message || 'the layer worker failed' };
      if (this.listener) this.listener(reply);
      else this.early.push(reply);
    };
    const batchedAlways = cluster !== undefined || heatmap !== undefined || source.data?.time !== undefined || filtered || (opacity ?? 1) < 1;
    const smallAt = batchedAlways ? 0 : entitiesOnly ? Number.POSITIVE_INFINITY : SMALL_LAYER;
    const request: VectorRequest = {
      type: 'load',
      source,
      ...(appearance ? { appearance } : {}),
      batchSize: BATCH_SIZE,
      smallAt,
      ...(cluster ? { cluster } : {}),
      ...(heatmap ? { heatmap } : {}),
      ...(opacity !== undefined ? { opacity } : {}),
    };
    this.worker.postMessage(request);
  }

  /** Hands every reply so far, then each new one, to `listener`. */
  listen(listener: (reply: VectorReply) => void): void {
    this.listener = listener;
    for (const reply of this.early.splice(0)) listener(reply);
  }

  stop(): void {
    this.worker.terminate();
  }
}

/**
 * Takes a layer job's results: either its data whole (`small`: at most SMALL_LAYER features, or
 * any size with `entitiesOnly`) for CesiumJS's entities, or a CesiumVectorLayer that draws the
 * batches as they arrive. Resolves once the worker knows which, so the layer shows while it
 * streams; rejects with the worker's reason.
 */
export function loadVector(
  scene: Scene,
  job: VectorJob,
  progress?: Progress,
  tools: Omit<VectorTools, 'cluster'> = {},
): Promise<SmallLayer | CesiumVectorLayer> {
  let layer: CesiumVectorLayer | undefined;
  return new Promise((resolve, reject) => {
    job.listen((reply) => {
      switch (reply.type) {
        case 'small':
          job.stop();
          return resolve(reply);
        case 'count':
          layer = new CesiumVectorLayer(
            scene,
            job.worker,
            reply.features,
            progress,
            {},
            {
              ...tools,
              ...(job.cluster ? { cluster: job.cluster } : {}),
              ...(reply.timeRange ? { timeRange: reply.timeRange } : {}),
              ...(job.heatmap ? { heatmap: job.heatmap } : {}),
              ...(job.appearance ? { appearance: job.appearance } : {}),
            },
          );
          return resolve(layer);
        case 'heat':
          return layer?.showHeat(reply.image);
        case 'clusters':
        case 'expand':
        case 'timed':
          return layer?.answer(reply);
        case 'batch':
          return layer?.add(reply.batch, reply.generation);
        case 'done':
          return layer?.finish(reply.generation);
        case 'error':
          if (!layer) {
            job.stop();
            return reject(new Error(reply.message));
          }
          console.error(`[orbis] a layer's worker: ${reply.message}`);
          return layer.finish(reply.generation);
      }
    });
  });
}
