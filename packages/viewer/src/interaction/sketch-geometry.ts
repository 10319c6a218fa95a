import { cartographicToCartesian } from '@orbis/geo';
import type { SketchFeature, SketchType } from '@orbis/plugin-api';

/** A place in degrees and metres. */
export interface Place {
  lng: number;
  lat: number;
  height: number;
}

/** The mean Earth radius (IUGG), for distances along the ground. */
const EARTH_RADIUS = 6_371_008.8;
const RAD = Math.PI / 180;
/** How many sides a circle's ring has. */
export const CIRCLE_SEGMENTS = 64;

/** The great-circle distance between two places, in metres. */
export function groundDistance(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place `metres` from `from` along the bearing `bearing` (radians from north, clockwise). */
function destination(from: Place, bearing: number, metres: number): [number, number, number] {
  const d = metres / EARTH_RADIUS;
  const lat1 = from.lat * RAD;
  const lat = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng = from.lng * RAD + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat));
  return [((lng / RAD + 540) % 360) - 180, lat / RAD, from.height];
}

/** A circle as a closed ring, anticlockwise: its centre and a point on its edge. */
export function circleRing(center: Place, edge: Place): [number, number, number][] {
  const radius = groundDistance(center, edge);
  const ring: [number, number, number][] = [];
  for (let i = 0; i < CIRCLE_SEGMENTS; i++) ring.push(destination(center, (-2 * Math.PI * i) / CIRCLE_SEGMENTS, radius));
  ring.push(ring[0]!);
  return ring;
}

/** A rectangle (along meridians and parallels) as a closed ring, from two opposite corners. */
export function rectangleRing(a: Place, b: Place): [number, number, number][] {
  const h = a.height;
  return [
    [a.lng, a.lat, h],
    [a.lng, b.lat, h],
    [b.lng, b.lat, h],
    [b.lng, a.lat, h],
    [a.lng, a.lat, h],
  ];
}

const at = (p: Place): [number, number, number] => [p.lng, p.lat, p.height];

/** The outline a shape has so far: a line (open) or a ring (closed), in `[lng, lat, height]`. */
export function outline(type: SketchType, points: Place[]): { line?: [number, number, number][]; ring?: [number, number, number][] } {
  if (points.length < 2) return {};
  const base = type.replace('extruded', '').toLowerCase();
  if (base === 'circle') return { ring: circleRing(points[0]!, points[1]!) };
  if (base === 'rectangle') return { ring: rectangleRing(points[0]!, points[1]!) };
  if (base === 'polygon' && points.length >= 3) return { ring: [...points.map(at), at(points[0]!)] };
  return { line: points.map(at) };
}

/**
 * A finished shape as the GeoJSON Feature of docs/contract.md §8 (Re:Earth's SketchFeature): a marker is a
 * Point, a polyline a LineString, everything else a Polygon (a circle as a ring of
 * {@link CIRCLE_SEGMENTS} sides); `properties` carry `extrudedHeight` and the clicked `positions`
 * as Re:Earth gives them: Cartesian (ECEF) `[x, y, z]` in metres on WGS84, what CesiumJS's
 * `Cartesian3.fromDegrees` gives, so a Re:Earth plugin's `Cartesian3.fromArray` reads them unchanged.
 */
export function sketchFeature(id: string, type: SketchType, points: Place[], extrudedHeight: number): SketchFeature {
  const coordinates = points.map(at);
  // A clicked place is always on the globe: finite, latitude within ±90, so never undefined.
  const positions = points.map((p) => cartographicToCartesian(p.lng, p.lat, p.height)!);
  const properties = { id, type, positions, extrudedHeight };
  if (type === 'marker') return { type: 'Feature', id, geometry: { type: 'Point', coordinates: coordinates[0]! }, properties };
  if (type === 'polyline') return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties };
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: [outline(type, points).ring ?? []] }, properties };
}
