import { Document, WebIO } from '@gltf-transform/core';
import type { PointColumns } from '../../vector/vector-protocol.js';

/**
 * A time-dynamic batch's points as one glTF POINTS primitive (docs/viewer.md, "Time on the GPU"):
 * the bytes of a GLB that CesiumJS's Model draws with TimedPoints' shader, which hides the points
 * whose interval does not hold the clock's time. No JavaScript object per point: a tick sets one
 * uniform and touches no point.
 */

/** Seconds in a time's high part: a multiple of it, exact in float32 up to 2^24 of them (35,000 years). */
const HI_STEP = 65_536;
/** glTF's primitive mode of points. */
const POINTS = 0;
/** A time no clock reaches, as float32 seconds: an open end, or a start before any time. */
const FAR = 3e38;

/**
 * A time (ms since 1970) as two float32 seconds from `origin` (ms): a multiple of 65,536 s and the
 * rest. The shader compares (a.hi − b.hi) + (a.lo − b.lo), whose first term is exact: two times the
 * same split alike compare exactly, and any two within 1/256 s (one float32 step of the rest).
 * ±Infinity and NaN give ±FAR.
 */
export function splitTime(ms: number, origin: number, into: Float32Array, at: number): void {
  if (!Number.isFinite(ms)) {
    into[at] = ms > 0 ? FAR : -FAR;
    into[at + 1] = 0;
    return;
  }
  const seconds = (ms - origin) / 1000;
  const hi = Math.floor(seconds / HI_STEP) * HI_STEP;
  into[at] = hi;
  into[at + 1] = seconds - hi;
}

/**
 * Whether a batch's points can be drawn together (TimedPoints): plain opaque dots, none clamped to
 * the ground, none with an image or a label (CesiumJS's collections draw those). The shader draws
 * opaque dots: a translucent one would blend every dot under it (docs/viewer.md).
 */
export function drawsTogether(p: PointColumns): boolean {
  for (let i = 0; i < p.feature.length; i++) {
    if (p.image[i] !== undefined || p.label[i] !== undefined || p.clamp[i] === 1) return false;
    if (p.color[i * 4 + 3] !== 255) return false;
    if (p.outlineWidth[i]! > 0 && p.outlineColor[i * 4 + 3] !== 255) return false;
  }
  return true;
}

/** A built GLB: its bytes and the Earth-fixed centre its positions are relative to. */
export interface TimedPointsGlb {
  glb: Uint8Array;
  centre: [number, number, number];
}

/** A time-dynamic batch's points, and its features' intervals (start and end per feature, from its first feature `start`). */
export interface TimedPart {
  points: PointColumns;
  times: Float64Array;
  start: number;
}

/**
 * The GLB of the shown points of one or more batches (`origin`: the layer's earliest start, ms), in
 * their order. Attributes: POSITION (float32 metres from the centre), COLOR_0, and the custom
 * _OUTLINE_COLOR, _SIZE (pixel size and outline width) and _TIME_START / _TIME_END (splitTime),
 * written by glTF Transform. Undefined when no point shows.
 */
export async function timedPointsGlb(parts: readonly TimedPart[], origin: number): Promise<TimedPointsGlb | undefined> {
  let n = 0;
  const centre: [number, number, number] = [0, 0, 0];
  for (const { points: p } of parts) {
    for (let i = 0; i < p.show.length; i++) {
      if (p.show[i] !== 1) continue;
      n++;
      for (let k = 0; k < 3; k++) centre[k]! += p.positions[i * 3 + k]!;
    }
  }
  if (n === 0) return undefined;
  for (let k = 0; k < 3; k++) centre[k]! /= n;
  const positions = new Float32Array(n * 3);
  const color = new Uint8Array(n * 4);
  const outline = new Uint8Array(n * 4);
  const size = new Float32Array(n * 2);
  const from = new Float32Array(n * 2);
  const until = new Float32Array(n * 2);
  let v = 0;
  for (const { points: p, times, start } of parts) {
    for (let i = 0; i < p.show.length; i++) {
      if (p.show[i] !== 1) continue;
      for (let k = 0; k < 3; k++) positions[v * 3 + k] = p.positions[i * 3 + k]! - centre[k]!;
      color.set(p.color.subarray(i * 4, i * 4 + 4), v * 4);
      outline.set(p.outlineColor.subarray(i * 4, i * 4 + 4), v * 4);
      size[v * 2] = p.size[i]!;
      size[v * 2 + 1] = p.outlineWidth[i]!;
      const f = p.feature[i]! - start;
      // A feature without a start is not time-dynamic: it always shows.
      const always = Number.isNaN(times[f * 2]);
      splitTime(always ? -Infinity : times[f * 2]!, origin, from, v * 2);
      splitTime(always ? Infinity : times[f * 2 + 1]!, origin, until, v * 2);
      v++;
    }
  }
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: 'VEC2' | 'VEC3' | 'VEC4', array: Float32Array | Uint8Array) =>
    doc
      .createAccessor()
      .setType(type)
      .setArray(array)
      .setBuffer(buffer)
      .setNormalized(array instanceof Uint8Array);
  const primitive = doc
    .createPrimitive()
    .setMode(POINTS)
    .setAttribute('POSITION', accessor('VEC3', positions))
    .setAttribute('COLOR_0', accessor('VEC4', color))
    .setAttribute('_OUTLINE_COLOR', accessor('VEC4', outline))
    .setAttribute('_SIZE', accessor('VEC2', size))
    .setAttribute('_TIME_START', accessor('VEC2', from))
    .setAttribute('_TIME_END', accessor('VEC2', until));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(primitive)));
  return { glb: await new WebIO().writeBinary(doc), centre };
}
