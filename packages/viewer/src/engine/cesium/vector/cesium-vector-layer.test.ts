import { Event, PointPrimitiveCollection, PrimitiveCollection, type Scene, SceneMode } from 'cesium';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchEnd, buildBatch } from './batch-builder.js';
import { CesiumVectorLayer } from './cesium-vector-layer.js';
import { FeatureStyler } from './feature-style.js';
import type { SourceFeature } from '../../vector/geojson-features.js';
import type { FeatureBatch, VectorRequest } from '../../vector/vector-protocol.js';

const points = (n: number): SourceFeature[] =>
  Array.from({ length: n }, (_, i) => ({ id: `F${i}`, properties: { i }, geometry: { type: 'Point', coordinates: [130 + i / 1000, 35] } }));

/** The batches the worker sends for these features, as vector-worker.ts cuts them. */
function batches(features: SourceFeature[], size: number): FeatureBatch[] {
  const out: FeatureBatch[] = [];
  const styler = new FeatureStyler(undefined);
  const ids = new Set<string>();
  for (let from = 0; from < features.length;) {
    const to = batchEnd(features, from, size);
    out.push(buildBatch(features, from, to, styler, ids));
    from = to;
  }
  return out;
}

describe('CesiumVectorLayer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops the batches of a load or restyle that a later restyle replaced, which the worker sent before it read it', async () => {
    vi.stubGlobal('requestAnimationFrame', (draw: (now: number) => void) => setTimeout(() => draw(performance.now()), 0));
    // Plain points need nothing of a scene but its primitives (billboards and labels do).
    const scene = { primitives: new PrimitiveCollection(), requestRender: () => undefined } as unknown as Scene;
    const sent: VectorRequest[] = [];
    const worker = { postMessage: (request: VectorRequest) => sent.push(request) } as unknown as Worker;
    const features = points(3_000);
    const layer = new CesiumVectorLayer(scene, worker, features.length);

    const [first, ...rest] = batches(features, 1_000);
    layer.add(first!);
    layer.restyle({ marker: { pointColor: '#00ff00' } });
    expect(sent).toEqual([{ type: 'restyle', generation: 1, appearance: { marker: { pointColor: '#00ff00' } } }]);
    // The load's other batches and its end were on their way: dropped.
    for (const batch of rest) layer.add(batch);
    layer.finish();
    // The restyle's own batches (restyled again before they all came: the first restyle's go too).
    const second = batches(features, 1_000);
    layer.add(second[0]!, 1);
    layer.restyle(undefined);
    layer.add(second[1]!, 1);
    layer.finish(1);
    let complete = false;
    void layer.whenComplete().then(() => (complete = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(complete).toBe(false);
    for (const batch of batches(features, 1_000)) layer.add(batch, 2);
    layer.finish(2);
    await layer.whenComplete();
    expect(layer.loaded).toBe(3_000);
    expect(layer.indexOf('F2999')).toBe(2_999);
    expect(layer.featureId(1_000)).toBe('F1000');
    expect(layer.ready).toBe(true);
  });
});

describe('CesiumVectorLayer, time-dynamic (docs/viewer.md "Time on the GPU")', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** How many point primitive collections a layer of 3 timed points (`edit` changes their columns) adds in a scene in `mode`. */
  async function pointCollections(mode: SceneMode, edit: (batch: FeatureBatch) => void = () => undefined): Promise<number> {
    vi.stubGlobal('requestAnimationFrame', (draw: (now: number) => void) => setTimeout(() => draw(performance.now()), 0));
    const scene = {
      mode,
      primitives: new PrimitiveCollection(),
      preUpdate: new Event(),
      postRender: new Event(),
      morphComplete: new Event(),
      requestRender: () => undefined,
    } as unknown as Scene;
    const worker = { postMessage: () => undefined, terminate: () => undefined } as unknown as Worker;
    const [batch] = batches(points(3), 10);
    batch!.times = Float64Array.from([0, 10, 5, 15, Number.NaN, Number.NaN]);
    edit(batch!);
    const layer = new CesiumVectorLayer(scene, worker, 3, undefined, {}, { timeRange: [0, 15] });
    layer.add(batch!);
    layer.finish();
    // Every point added (a model drawn together is built later, by frames drawn: none in Node).
    await layer.whenComplete();
    const primitives = Array.from({ length: layer.primitives.length }, (_, i) => layer.primitives.get(i) as object);
    layer.destroy();
    return primitives.filter((p) => p instanceof PointPrimitiveCollection).length;
  }

  it('draws a batch of plain timed dots together in 3D, and with point primitives where it cannot', async () => {
    expect(await pointCollections(SceneMode.SCENE3D)).toBe(0);
    expect(await pointCollections(SceneMode.SCENE2D)).toBe(1);
    expect(await pointCollections(SceneMode.SCENE3D, (b) => (b.points.clamp[1] = 1))).toBe(1);
    expect(await pointCollections(SceneMode.SCENE3D, (b) => (b.points.color[3] = 128))).toBe(1);
  });

  it('draws a time-dynamic layer again, with its last appearance, after a morph', () => {
    const morphComplete = new Event();
    const scene = {
      mode: SceneMode.SCENE3D,
      primitives: new PrimitiveCollection(),
      preUpdate: new Event(),
      morphComplete,
      requestRender: () => undefined,
    } as unknown as Scene;
    const sent: VectorRequest[] = [];
    const worker = { postMessage: (request: VectorRequest) => sent.push(request), terminate: () => undefined } as unknown as Worker;
    const appearance = { marker: { pointColor: '#ff0000' } };
    const layer = new CesiumVectorLayer(scene, worker, 3, undefined, {}, { timeRange: [0, 15], appearance });
    morphComplete.raiseEvent();
    expect(sent).toEqual([{ type: 'restyle', generation: 1, appearance }]);
    layer.restyle(undefined);
    morphComplete.raiseEvent();
    expect(sent.at(-1)).toEqual({ type: 'restyle', generation: 3 });
    layer.destroy();
  });
});
