import { Cartesian3, Color } from 'cesium';
import { describe, expect, it } from 'vitest';
import { type DrawnBatch, DrawnBatches, type Marker } from './drawn-batches.js';

const marker = (show = true): Marker => ({ color: Color.WHITE, show, position: Cartesian3.ZERO });

/** Features 0–3: 0 a point, 1 a MultiPoint of two, 2 a polygon, 3 a hidden point; 4 (the next batch's) a hidden polygon. */
function batch(): DrawnBatch {
  return {
    start: 0,
    count: 4,
    feature: Uint32Array.from([0, 1, 1, 3]),
    color: new Uint8Array(16),
    markers: new Array(4),
    positions: new Float64Array(12),
    ended: false,
    shapeFeatures: Uint32Array.from([2]),
    shownShapeFeatures: Uint32Array.from([2]),
    shapes: [],
  };
}

describe('DrawnBatches', () => {
  it('counts a feature as drawn exactly when its points are added and its shapes built', () => {
    const batches = new DrawnBatches();
    const b = batch();
    batches.add(b);
    const drawn = () => [0, 1, 2, 3, 4].map((i) => batches.drawn(i));
    expect(drawn()).toEqual([false, false, false, false, false]);
    // Half a batch's points added: the MultiPoint has one of its two.
    b.markers[0] = marker();
    b.markers[1] = marker();
    expect(drawn()).toEqual([true, false, false, false, false]);
    b.markers[2] = marker();
    b.markers[3] = marker(false);
    // Every point added, the batch not ended: its polygon is not added yet; a hidden point never counts.
    expect(drawn()).toEqual([true, true, false, false, false]);
    const primitive = { ready: false };
    b.shapes = [{ primitive, features: Uint32Array.from([2]) }];
    b.ended = true;
    expect(drawn()).toEqual([true, true, false, false, false]);
    primitive.ready = true;
    expect(drawn()).toEqual([true, true, true, false, false]);
  });

  it('finds a feature in the batch that holds it, and its points', () => {
    const batches = new DrawnBatches();
    batches.add(batch());
    const second = { ...batch(), start: 4, feature: Uint32Array.from([4, 5, 5, 7]), shapeFeatures: Uint32Array.from([6]) };
    batches.add(second);
    expect([...batches.pointsOf(5)].map(({ batch, at }) => [batch.start, at])).toEqual([
      [4, 1],
      [4, 2],
    ]);
    expect([...batches.pointsOf(6)]).toEqual([]);
    second.markers.fill(marker());
    expect([4, 5, 6, 7, 8].map((i) => batches.drawn(i))).toEqual([true, true, false, true, false]);
    batches.clear();
    expect(batches.drawn(4)).toBe(false);
  });

  it('never counts a feature whose lines and polygons the appearance hides, unless a point of it shows', () => {
    const batches = new DrawnBatches();
    // Feature 0: a hidden polygon; 1: a hidden polygon with a shown point; 2: one hidden part, one shown.
    const b: DrawnBatch = {
      start: 0,
      count: 3,
      feature: Uint32Array.from([1]),
      color: new Uint8Array(4),
      markers: [marker()],
      positions: new Float64Array(3),
      ended: true,
      shapeFeatures: Uint32Array.from([0, 1, 2, 2]),
      shownShapeFeatures: Uint32Array.from([2]),
      shapes: [{ primitive: { ready: true }, features: Uint32Array.from([0, 1, 2, 2]) }],
    };
    batches.add(b);
    expect([0, 1, 2].map((i) => batches.drawn(i))).toEqual([false, true, true]);
  });
});
