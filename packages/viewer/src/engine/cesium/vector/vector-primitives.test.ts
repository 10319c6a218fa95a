import { type PointPrimitiveCollection, PrimitiveCollection, type Scene } from 'cesium';
import { describe, expect, it } from 'vitest';
import { buildBatch } from './batch-builder.js';
import { FeatureStyler } from './feature-style.js';
import type { SourceFeature } from '../../vector/geojson-features.js';
import { PointAdder, VectorPick } from './vector-primitives.js';

const points = (n: number): SourceFeature[] =>
  Array.from({ length: n }, (_, i) => ({ properties: { i }, geometry: { type: 'Point', coordinates: [130 + i / 1000, 35] } }));

describe('PointAdder', () => {
  it('adds a batch a few points at a time, so that a slice can stop within a batch', () => {
    const batch = buildBatch(points(2_500), 0, 2_500, new FeatureStyler(undefined), new Set());
    const into = new PrimitiveCollection();
    const owner = {};
    // Plain points need no scene (billboards and labels do).
    const adder = new PointAdder(into, undefined as unknown as Scene, batch, (index) => new VectorPick(owner, index));
    expect(adder.add(1_000)).toBe(false);
    const collection = into.get(0) as PointPrimitiveCollection;
    expect(into.length).toBe(1);
    expect(collection.length).toBe(1_000);
    expect(adder.markers.filter(Boolean)).toHaveLength(1_000);
    expect(adder.add(1_000)).toBe(false);
    expect(adder.add(1_000)).toBe(true);
    expect(adder.done).toBe(true);
    // One collection for the batch, every point in it once, in the batch's order.
    expect(into.length).toBe(1);
    expect(collection.length).toBe(2_500);
    expect(adder.markers.filter(Boolean)).toHaveLength(2_500);
    expect((collection.get(2_499).id as VectorPick).index).toBe(2_499);
    expect(adder.add(1_000)).toBe(true);
    expect(collection.length).toBe(2_500);
  });
});
