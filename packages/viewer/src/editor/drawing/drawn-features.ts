import type { InlineFeature, InlineGeoJson, LayerField } from '@orbis/scene';
import type { SketchType } from '@orbis/plugin-api';
import type { Place } from '../../interaction/sketch-geometry.js';

/**
 * The pure part of drawing in the editor (docs/viewer.md, "Drawing in the editor"): a drawn shape as a feature
 * of the layer's inline GeoJSON (docs/contract.md §18 `data.value`), the collection's edits, and a
 * field's typed value from what a form holds.
 */

/** What the drawing tool draws, in the order its buttons list them. */
export const DRAW_KINDS = ['point', 'line', 'polygon', 'extrudedPolygon'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];

/** The sketch tool each kind draws with (sketch-tool.ts). */
export const SKETCH_OF: Record<DrawKind, SketchType> = { point: 'marker', line: 'polyline', polygon: 'polygon', extrudedPolygon: 'extrudedPolygon' };

/** The fewest vertices a kind keeps: a line two, a polygon three. */
const MIN_VERTICES: Record<DrawKind, number> = { point: 1, line: 2, polygon: 3, extrudedPolygon: 3 };

export const emptyCollection = (): InlineGeoJson => ({ type: 'FeatureCollection', features: [] });

/** Degrees to 7 places (about a centimetre) and heights to the centimetre: the scene keeps positions readable and small. */
const round = (n: number, digits: number) => Number(n.toFixed(digits));
const position = (p: Place): number[] => [round(p.lng, 7), round(p.lat, 7), round(p.height, 2)];

/** The properties a new feature starts with: each field unset (null), and an extruded polygon's height. */
export function blankProperties(fields: readonly LayerField[], extrudedHeight?: number): InlineFeature['properties'] {
  const properties: InlineFeature['properties'] = Object.fromEntries(fields.map((f) => [f.name, null]));
  if (extrudedHeight !== undefined) properties.extrudedHeight = round(extrudedHeight, 2);
  return properties;
}

/** The geometry of `kind` through `points` (a polygon's ring closed). */
export function geometryOf(kind: DrawKind, points: Place[]): InlineFeature['geometry'] {
  if (kind === 'point') return { type: 'Point', coordinates: position(points[0]!) };
  if (kind === 'line') return { type: 'LineString', coordinates: points.map(position) };
  return { type: 'Polygon', coordinates: [[...points, points[0]!].map(position)] };
}

/** A newly drawn feature of `kind`; an extruded polygon keeps its height in `properties.extrudedHeight`. */
export function drawnFeature(id: string, kind: DrawKind, points: Place[], extrudedHeight: number, fields: readonly LayerField[]): InlineFeature {
  return {
    type: 'Feature',
    id,
    geometry: geometryOf(kind, points),
    properties: blankProperties(fields, kind === 'extrudedPolygon' ? extrudedHeight : undefined),
  };
}

/** What a feature is, read back: its kind, its vertices (a ring without its closing point) and height. */
export function shapeOf(feature: InlineFeature): { kind: DrawKind; points: Place[]; extrudedHeight: number } {
  const place = (c: number[]): Place => ({ lng: c[0]!, lat: c[1]!, height: c[2] ?? 0 });
  const g = feature.geometry;
  const extrudedHeight = typeof feature.properties.extrudedHeight === 'number' ? feature.properties.extrudedHeight : 0;
  if (g.type === 'Point') return { kind: 'point', points: [place(g.coordinates)], extrudedHeight: 0 };
  if (g.type === 'LineString') return { kind: 'line', points: g.coordinates.map(place), extrudedHeight: 0 };
  const kind = 'extrudedHeight' in feature.properties ? 'extrudedPolygon' : 'polygon';
  return { kind, points: g.coordinates[0]!.slice(0, -1).map(place), extrudedHeight };
}

/** The next free feature id of a collection (`f1`, `f2`, …). */
export function nextFeatureId(collection: InlineGeoJson): string {
  const used = new Set(collection.features.map((f) => f.id));
  let n = collection.features.length + 1;
  while (used.has(`f${n}`)) n++;
  return `f${n}`;
}

const replace = (collection: InlineGeoJson, id: string, change: (f: InlineFeature) => InlineFeature): InlineGeoJson => ({
  ...collection,
  features: collection.features.map((f) => (f.id === id ? change(f) : f)),
});

export const withFeature = (collection: InlineGeoJson, feature: InlineFeature): InlineGeoJson => ({
  ...collection,
  features: [...collection.features, feature],
});

export const withoutFeature = (collection: InlineGeoJson, id: string): InlineGeoJson => ({
  ...collection,
  features: collection.features.filter((f) => f.id !== id),
});

/** The feature `id` moved to `points` (the vertex editor's result), keeping its kind and properties. */
export function withPoints(collection: InlineGeoJson, id: string, points: Place[]): InlineGeoJson {
  return replace(collection, id, (f) => {
    const { kind } = shapeOf(f);
    return points.length < MIN_VERTICES[kind] ? f : { ...f, geometry: geometryOf(kind, points) };
  });
}

/** The feature `id` with one property set (null clears it). */
export function withProperty(collection: InlineGeoJson, id: string, name: string, value: string | number | boolean | null): InlineGeoJson {
  return replace(collection, id, (f) => ({ ...f, properties: { ...f.properties, [name]: value } }));
}

/** `points` without vertex `index`, unless the shape would then have too few (undefined). */
export function removeVertex(kind: DrawKind, points: Place[], index: number): Place[] | undefined {
  if (points.length <= MIN_VERTICES[kind] || index < 0 || index >= points.length) return undefined;
  return points.filter((_, i) => i !== index);
}

/**
 * `points` with `place` added where it lengthens the outline least (between the two vertices it is
 * nearest to, in degrees; a line may also grow at either end); a point takes no vertex.
 */
export function addVertex(kind: DrawKind, points: Place[], place: Place): Place[] | undefined {
  if (kind === 'point' || points.length === 0) return undefined;
  const d = (a: Place, b: Place) => Math.hypot(a.lng - b.lng, a.lat - b.lat);
  const closed = kind !== 'line';
  let [best, cost] = [-1, Infinity];
  const edges = closed ? points.length : points.length - 1;
  for (let i = 0; i < edges; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const extra = d(a, place) + d(place, b) - d(a, b);
    if (extra < cost) [best, cost] = [i + 1, extra];
  }
  if (!closed) {
    if (d(points[0]!, place) < cost) [best, cost] = [0, d(points[0]!, place)];
    if (d(points.at(-1)!, place) < cost) best = points.length;
  }
  return [...points.slice(0, best), place, ...points.slice(best)];
}

/**
 * A field's value from what its form control holds: text as typed (empty clears), a number when
 * it reads as one (else undefined: refused, the earlier value kept), a check box's true or false.
 */
export function fieldValue(field: LayerField, input: string | boolean): string | number | boolean | null | undefined {
  if (field.type === 'boolean') return input === true || input === 'true';
  const text = String(input).trim();
  if (text === '') return null;
  if (field.type === 'text') return String(input);
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
