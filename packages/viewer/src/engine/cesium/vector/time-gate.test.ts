import { Cartesian3, Color } from 'cesium';
import { describe, expect, it } from 'vitest';
import type { DrawnBatch, Marker } from './drawn-batches.js';
import { TimeGate } from './time-gate.js';
import type { FeatureBatch, ShapePart } from '../../vector/vector-protocol.js';

/** Features 0–2: a point shown in [10, 20), a point its appearance hides in [10, 20), a polygon shown from 15 on; feature 3, a point without time. */
function sent(): FeatureBatch {
  const polygon = { feature: 2, kind: 'polygon', positions: [], show: true, strokeColor: [0, 0, 0, 255], strokeWidth: 1, clamp: false } as ShapePart;
  const points = { feature: Uint32Array.from([0, 1, 3]), show: Uint8Array.from([1, 0, 1]) } as FeatureBatch['points'];
  return {
    start: 0,
    count: 4,
    properties: '[]',
    anchors: new Float64Array(12),
    points,
    shapes: [polygon],
    times: Float64Array.from([10, 20, 10, 20, 15, Infinity, Number.NaN, Number.NaN]),
  };
}

function drawnOf(batch: FeatureBatch, markers: Marker[]): DrawnBatch {
  return {
    start: 0,
    count: 4,
    feature: batch.points.feature,
    color: new Uint8Array(12),
    markers,
    positions: batch.points.positions,
    ended: true,
    shapeFeatures: Uint32Array.from([2]),
    shownShapeFeatures: Uint32Array.from([2]),
    shapes: [],
  };
}

describe('TimeGate (docs/contract.md §18 data.time on the batched path)', () => {
  it('draws a batch with only the features that hold the time, then flips just the ones whose interval the time enters or leaves', () => {
    const shapes: [number, boolean][] = [];
    const gate = new TimeGate((index, show) => shapes.push([index, show]));
    expect(gate.set(5)).toBe(0);
    const batch = sent();
    const admitted = gate.admit(batch);
    // At 5 no interval holds: the timeless point alone shows; the appearance's hidden point stays hidden.
    expect([...admitted.points.show]).toEqual([0, 0, 1]);
    expect(admitted.shapes[0]!.show).toBe(false);
    expect([...batch.points.show]).toEqual([1, 0, 1]);
    const markers = [...admitted.points.show].map((s): Marker => ({ color: Color.WHITE, show: s === 1, position: Cartesian3.ZERO }));
    gate.track(batch, admitted, drawnOf(batch, markers));

    expect(gate.set(12)).toBe(2);
    expect(markers.map((m) => m.show)).toEqual([true, false, true]);
    expect(gate.set(16)).toBe(1);
    expect(shapes.filter(([i]) => i === 2)).toEqual([[2, true]]);
    expect(gate.set(20)).toBe(2);
    expect(markers.map((m) => m.show)).toEqual([false, false, true]);
    expect(gate.shapesNow(batch)[0]!.show).toBe(true);
    expect(gate.set(20)).toBe(0);
  });

  it('sets the markers of the few features that flip, each found in the batch, all their points', () => {
    const gate = new TimeGate(() => {});
    // 40 features of one point each, then feature 40 with three: all from 0 on, but 7 and 40, from 10.
    const feature = Uint32Array.from([...Array.from({ length: 40 }, (_, i) => i), 40, 40, 40]);
    const times = Float64Array.from(Array.from({ length: 41 }, (_, i) => (i === 7 || i === 40 ? [10, Infinity] : [0, Infinity])).flat());
    const batch = {
      start: 0,
      count: 41,
      properties: '[]',
      anchors: new Float64Array(0),
      points: { feature, show: new Uint8Array(43).fill(1) },
      shapes: [],
      times,
    } as unknown as FeatureBatch;
    gate.set(5);
    const admitted = gate.admit(batch);
    const markers = [...admitted.points.show].map((s): Marker => ({ color: Color.WHITE, show: s === 1, position: Cartesian3.ZERO }));
    gate.track(batch, admitted, { ...drawnOf(batch, markers), count: 41, shapeFeatures: new Uint32Array(0), shownShapeFeatures: new Uint32Array(0) });
    expect(markers.filter((m) => !m.show).length).toBe(4);
    expect(gate.set(12)).toBe(2);
    expect(markers.every((m) => m.show)).toBe(true);
    expect([...admitted.points.show].every((s) => s === 1)).toBe(true);
  });

  it('marks the first marker of every batch changed each frame, leaving every marker as the time shows it', () => {
    const gate = new TimeGate(() => {});
    const batch = sent();
    gate.set(12);
    const admitted = gate.admit(batch);
    // Markers that count the times their show is set.
    const sets = [0, 0, 0];
    const markers = [...admitted.points.show].map((s, i): Marker => {
      let show = s === 1;
      return {
        color: Color.WHITE,
        position: Cartesian3.ZERO,
        get show() {
          return show;
        },
        set show(value: boolean) {
          sets[i]!++;
          show = value;
        },
      };
    });
    gate.track(batch, admitted, drawnOf(batch, markers));
    // Its points all added, the batch wants three frames drawn, then none.
    const warming = [12, 12, 12, 12].map((now) => (gate.set(now), gate.warming));
    expect(warming).toEqual([true, true, true, false]);
    expect(markers.map((m) => m.show)).toEqual([true, false, true]);
    // Set twice a frame (CesiumJS then keeps the collection's show buffer streamed); the others untouched.
    expect(sets).toEqual([8, 0, 0]);
    // At 20 the points of features 0 and 1 leave and the polygon (feature 2) enters.
    expect(gate.set(20)).toBe(3);
    expect(markers.map((m) => m.show)).toEqual([false, false, true]);
  });
});
