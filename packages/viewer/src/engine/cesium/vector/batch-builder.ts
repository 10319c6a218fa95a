import { Cartesian3 } from 'cesium';
import type { FeatureBatch, PointColumns, ShapePart } from '../../vector/vector-protocol.js';
import { featureName, type SourceFeature, visitGeometry } from '../../vector/geojson-features.js';
import type { FeatureStyler, MarkerStyle } from './feature-style.js';

const scratch = new Cartesian3();

/** Growable columns for the points of one batch. */
class PointsBuilder {
  private n = 0;
  private readonly feature: number[] = [];
  private readonly positions: number[] = [];
  private readonly color: number[] = [];
  private readonly outlineColor: number[] = [];
  private readonly size: number[] = [];
  private readonly outlineWidth: number[] = [];
  private readonly show: number[] = [];
  private readonly clamp: number[] = [];
  private readonly image: (string | undefined)[] = [];
  private readonly imageSize: number[] = [];
  private readonly label: (string | undefined)[] = [];
  private readonly labelSize: number[] = [];
  private readonly labelColor: number[] = [];

  add(feature: number, c: Cartesian3, s: MarkerStyle): void {
    this.n++;
    this.feature.push(feature);
    this.positions.push(c.x, c.y, c.z);
    this.color.push(...s.color);
    this.outlineColor.push(...s.outlineColor);
    this.size.push(s.size);
    this.outlineWidth.push(s.outlineWidth);
    this.show.push(s.show ? 1 : 0);
    this.clamp.push(s.clamp ? 1 : 0);
    this.image.push(s.image);
    this.imageSize.push(s.imageSize);
    this.label.push(s.label?.text);
    this.labelSize.push(s.label?.size ?? 0);
    this.labelColor.push(...(s.label?.color ?? [0, 0, 0, 0]));
  }

  build(): PointColumns {
    return {
      feature: Uint32Array.from(this.feature),
      positions: Float64Array.from(this.positions),
      color: Uint8Array.from(this.color),
      outlineColor: Uint8Array.from(this.outlineColor),
      size: Float32Array.from(this.size),
      outlineWidth: Float32Array.from(this.outlineWidth),
      show: Uint8Array.from(this.show),
      clamp: Uint8Array.from(this.clamp),
      image: this.image,
      imageSize: Float32Array.from(this.imageSize),
      label: this.label,
      labelSize: Float32Array.from(this.labelSize),
      labelColor: Uint8Array.from(this.labelColor),
    };
  }
}

/** Flattens a ring or line of GeoJSON positions into [lng, lat, height, …]; heights on the ground are 0. */
function flat(positions: number[][], clamp: boolean): number[] {
  const out: number[] = [];
  for (const p of positions) if (typeof p?.[0] === 'number' && typeof p[1] === 'number') out.push(p[0], p[1], clamp ? 0 : (p[2] ?? 0));
  return out;
}

/**
 * Turns `features[from, to)` into one batch for the page: ids and properties (as JSON) per feature,
 * each point's position and look in typed columns, each line and polygon with its look; the look
 * is the appearance resolved per feature by `styler`. `ids` dedupes ids as CesiumJS does (`x_2`).
 */
export function buildBatch(features: SourceFeature[], from: number, to: number, styler: FeatureStyler, ids: Set<string>): FeatureBatch {
  const points = new PointsBuilder();
  const shapes: ShapePart[] = [];
  const anchors = new Float64Array((to - from) * 3);
  const batchIds: string[] = [];
  let byPosition = true;
  for (let i = from; i < to; i++) {
    const f = features[i]!;
    const name = featureName(f.properties);
    const id = uniqueId(f.id, i, ids);
    batchIds.push(id);
    byPosition &&= id === String(i + 1);
    let anchored = false;
    const anchor = (lng: number, lat: number, height: number) => {
      if (anchored) return;
      anchored = true;
      Cartesian3.fromDegrees(lng, lat, height, undefined, scratch);
      anchors.set([scratch.x, scratch.y, scratch.z], (i - from) * 3);
    };
    visitGeometry(f.geometry, {
      point: (p) => {
        const style = styler.marker(f.properties, name);
        const height = style.clamp ? 0 : (p[2] ?? 0);
        anchor(p[0]!, p[1]!, height);
        points.add(i, Cartesian3.fromDegrees(p[0]!, p[1]!, height, undefined, scratch), style);
      },
      line: (line) => {
        const s = styler.line(f.properties);
        const positions = flat(line, s.clamp);
        if (positions.length < 6) return;
        anchor(positions[0]!, positions[1]!, positions[2]!);
        shapes.push({ feature: i, kind: 'line', positions, show: s.show, strokeColor: s.color, strokeWidth: s.width, clamp: s.clamp });
      },
      polygon: (rings, outline) => {
        const s = styler.polygon(f.properties);
        const [outer, ...holes] = rings.map((r) => flat(r, s.clamp));
        if (!outer || outer.length < 9) return;
        const lines = outline?.map((l) => flat(l, s.clamp)).filter((l) => l.length >= 6);
        anchor(outer[0]!, outer[1]!, outer[2]!);
        shapes.push({
          feature: i,
          kind: 'polygon',
          positions: outer,
          ...(holes.length ? { holes } : {}),
          show: s.show,
          strokeColor: s.strokeColor,
          strokeWidth: s.strokeWidth,
          ...(s.fill ? { fill: s.fill } : {}),
          stroke: s.stroke,
          ...(lines ? { outline: lines } : {}),
          ...(s.extrudedHeight !== undefined ? { extrudedHeight: s.extrudedHeight } : {}),
          clamp: s.clamp,
        });
      },
    });
  }
  const properties = JSON.stringify(features.slice(from, to).map((f) => f.properties));
  return { start: from, count: to - from, ...(byPosition ? {} : { ids: batchIds }), properties, anchors, points: points.build(), shapes };
}

/** A feature's id: its own (or its 1-based index), with `_2`, `_3`, … where it is taken already, as CesiumJS does. */
export function uniqueId(id: unknown, index: number, taken: Set<string>): string {
  const base = id === undefined || id === null ? `${index + 1}` : String(id);
  let out = base;
  for (let n = 2; taken.has(out); n++) out = `${base}_${n}`;
  taken.add(out);
  return out;
}

/**
 * Where a batch that starts at `from` ends: after `budget` positions, a point counting one and a
 * line or polygon its vertices, so that a batch of shapes (whose CesiumJS geometry the page
 * builds) costs the page about as much as one of points.
 */
export function batchEnd(features: SourceFeature[], from: number, budget: number): number {
  let spent = 0;
  let i = from;
  while (i < features.length && (spent < budget || i === from)) {
    spent += geometryCost(features[i]!.geometry);
    i++;
  }
  return i;
}

function geometryCost(g: SourceFeature['geometry']): number {
  if (!g) return 1;
  if (g.type === 'Point') return 1;
  let n = 0;
  // Points of a MultiPoint count one each; every other position counts two (a shape's
  // triangulation, instances and attributes cost the page more than a point does).
  visitGeometry(g, { point: () => n++, line: (l) => (n += 2 * l.length), polygon: (rings) => rings.forEach((r) => (n += 2 * r.length)) });
  return Math.max(1, n);
}

/** The typed arrays of a batch, to hand over to the page without copying. */
export function transferables(batch: FeatureBatch): ArrayBuffer[] {
  const p = batch.points;
  return [
    batch.anchors,
    ...(batch.times ? [batch.times] : []),
    p.feature,
    p.positions,
    p.color,
    p.outlineColor,
    p.size,
    p.outlineWidth,
    p.show,
    p.clamp,
    p.imageSize,
    p.labelSize,
    p.labelColor,
  ].map((a) => a.buffer as ArrayBuffer);
}
