import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { drawsTogether, splitTime, timedPointsGlb } from './timed-points-gltf.js';
import type { PointColumns } from '../../vector/vector-protocol.js';

const DAY = 86_400_000;
const ORIGIN = Date.UTC(2026, 0, 1);

/** Four points of features 10–12 (12 a MultiPoint of two), the third hidden by its appearance. */
function points(): PointColumns {
  return {
    feature: Uint32Array.from([10, 11, 12, 12]),
    positions: Float64Array.from([6378137, 0, 0, 0, 6378137, 0, 0, 0, 6378137, 6378137, 10, 20]),
    color: Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255]),
    outlineColor: Uint8Array.from([0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 255, 1, 2, 3, 255]),
    size: Float32Array.from([8, 9, 10, 11]),
    outlineWidth: Float32Array.from([1, 0, 2, 3]),
    show: Uint8Array.from([1, 1, 0, 1]),
    clamp: new Uint8Array(4),
    image: [undefined, undefined, undefined, undefined],
    imageSize: new Float32Array(4),
    label: [undefined, undefined, undefined, undefined],
    labelSize: new Float32Array(4),
    labelColor: new Uint8Array(16),
  };
}

const compare = (a: Float32Array, b: Float32Array) => Math.fround(Math.fround(a[0]! - b[0]!) + Math.fround(a[1]! - b[1]!));

describe('timed points on the GPU (docs/viewer.md "Time on the GPU")', () => {
  it('splits a time so that the shader’s comparison is exact at equal times and right within 1/256 s over decades', () => {
    const [a, b] = [new Float32Array(2), new Float32Array(2)];
    for (const ms of [ORIGIN, ORIGIN + 1, ORIGIN + 37 * DAY + 12_345, ORIGIN + 40 * 365 * DAY + 7]) {
      splitTime(ms, ORIGIN, a, 0);
      splitTime(ms, ORIGIN, b, 0);
      expect(compare(a, b)).toBe(0);
      expect(a[0]! % 65_536).toBe(0);
      // 4 ms apart, either way: the sign is right.
      splitTime(ms + 4, ORIGIN, b, 0);
      expect(compare(b, a)).toBeGreaterThan(0);
      expect(compare(a, b)).toBeLessThan(0);
    }
    // Just across a step of the high part.
    splitTime(ORIGIN + 65_536_000 - 4, ORIGIN, a, 0);
    splitTime(ORIGIN + 65_536_000 + 4, ORIGIN, b, 0);
    expect(compare(b, a)).toBeGreaterThan(0);
    splitTime(Number.POSITIVE_INFINITY, ORIGIN, a, 0);
    expect(compare(a, b)).toBeGreaterThan(1e37);
    splitTime(Number.NEGATIVE_INFINITY, ORIGIN, a, 0);
    expect(compare(a, b)).toBeLessThan(-1e37);
  });

  it('draws together only plain opaque dots on their own', () => {
    expect(drawsTogether(points())).toBe(true);
    const change = (edit: (p: PointColumns) => void) => {
      const p = points();
      edit(p);
      return drawsTogether(p);
    };
    expect(change((p) => (p.image[1] = '/pin.png'))).toBe(false);
    expect(change((p) => (p.label[3] = 'A'))).toBe(false);
    expect(change((p) => (p.clamp[0] = 1))).toBe(false);
    expect(change((p) => (p.color[7] = 128))).toBe(false);
    expect(change((p) => (p.outlineColor[3] = 128))).toBe(false);
    // A translucent outline of no width is not drawn.
    expect(change((p) => (p.outlineColor[7] = 128))).toBe(true);
  });

  it('writes a GLB of the shown points, each with its colours, sizes and its feature’s interval', async () => {
    // Features 10–12: days 1–3, from day 2 on (no end), and no time (always).
    const times = Float64Array.from([ORIGIN + DAY, ORIGIN + 3 * DAY, ORIGIN + 2 * DAY, Number.POSITIVE_INFINITY, Number.NaN, Number.NaN]);
    const built = (await timedPointsGlb([{ points: points(), times, start: 10 }], ORIGIN))!;
    const doc = await new WebIO().readBinary(built.glb);
    const primitive = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    expect(primitive.getMode()).toBe(0);
    const read = (name: string): number[] => Array.from(primitive.getAttribute(name)!.getArray() as ArrayLike<number>);
    const position = read('POSITION');
    const at = (v: number) => [0, 1, 2].map((k) => position[v * 3 + k]! + built.centre[k]!);
    expect(at(0)[0]).toBeCloseTo(6378137, 0);
    expect(at(1)[1]).toBeCloseTo(6378137, 0);
    expect(at(2)).toEqual([expect.closeTo(6378137, 0), expect.closeTo(10, 0), expect.closeTo(20, 0)]);
    expect(read('COLOR_0')).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 255]);
    expect(primitive.getAttribute('COLOR_0')!.getNormalized()).toBe(true);
    expect(read('_OUTLINE_COLOR')).toEqual([0, 0, 0, 255, 0, 0, 0, 0, 1, 2, 3, 255]);
    expect(read('_SIZE')).toEqual([8, 1, 9, 0, 11, 3]);
    const seconds = (hi: number, lo: number) => hi + lo;
    const from = read('_TIME_START');
    const until = read('_TIME_END');
    expect(seconds(from[0]!, from[1]!)).toBe(86_400);
    expect(seconds(until[0]!, until[1]!)).toBe(3 * 86_400);
    expect(seconds(from[2]!, from[3]!)).toBe(2 * 86_400);
    expect(until[2]).toBeGreaterThan(1e37);
    expect([from[4]! < -1e37, until[4]! > 1e37]).toEqual([true, true]);
  });

  it('writes the points of several batches into one GLB, in their order, each with its own features’ intervals', async () => {
    const first = { points: points(), times: Float64Array.from([ORIGIN + DAY, ORIGIN + 3 * DAY, ORIGIN, ORIGIN + DAY, ORIGIN, ORIGIN + 2 * DAY]), start: 10 };
    // The next batch: features 13–15, one point each, at day 5–6.
    const next = points();
    next.feature = Uint32Array.from([13, 14, 15, 15]);
    const second = { points: next, times: Float64Array.from(Array.from({ length: 6 }, (_, i) => ORIGIN + (5 + (i % 2)) * DAY)), start: 13 };
    const built = (await timedPointsGlb([first, second], ORIGIN))!;
    const primitive = (await new WebIO().readBinary(built.glb)).getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    expect(primitive.getAttribute('POSITION')!.getCount()).toBe(6);
    const from = Array.from(primitive.getAttribute('_TIME_START')!.getArray() as ArrayLike<number>);
    const days = [0, 1, 2, 3, 4, 5].map((v) => (from[v * 2]! + from[v * 2 + 1]!) / 86_400);
    expect(days).toEqual([1, 0, 0, 5, 5, 5]);
  });

  it('writes nothing when the appearance hides every point', async () => {
    const p = points();
    p.show.fill(0);
    expect(await timedPointsGlb([{ points: p, times: new Float64Array(6), start: 10 }], ORIGIN)).toBeUndefined();
  });
});
