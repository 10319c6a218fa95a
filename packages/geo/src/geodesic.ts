import geographiclib from 'geographiclib-geodesic';

/** A place in degrees: what the geodesic measures read of a point. */
export interface LngLat {
  lng: number;
  lat: number;
}

/**
 * Geodesics on the WGS84 ellipsoid, by GeographicLib (Karney's algorithms, accurate to about 15 nm,
 * and its polygon areas exact for any size, poles and the antimeridian included).
 */
const WGS84 = geographiclib.Geodesic.WGS84;

function check(points: readonly LngLat[]): void {
  for (const p of points) {
    if (!Number.isFinite(p.lng) || !Number.isFinite(p.lat) || Math.abs(p.lat) > 90) throw new RangeError(`Not a place on the globe: ${JSON.stringify(p)}`);
  }
}

/** The length in metres of the line through `points`, along the ellipsoid's geodesics (0 for fewer than two). */
export function geodesicLength(points: readonly LngLat[]): number {
  check(points);
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    total += WGS84.Inverse(a.lat, a.lng, b.lat, b.lng, geographiclib.Geodesic.DISTANCE).s12 ?? 0;
  }
  return total;
}

/**
 * The area (m²) and perimeter (m) of the polygon whose ring is `ring` on the ellipsoid, its edges
 * geodesics. The ring may be open or closed (a last point equal to the first is dropped), and run
 * either way round; fewer than three points enclose nothing.
 */
export function geodesicArea(ring: readonly LngLat[]): { area: number; perimeter: number } {
  check(ring);
  const first = ring[0];
  const last = ring.at(-1);
  const points = ring.length > 1 && first && last && first.lng === last.lng && first.lat === last.lat ? ring.slice(0, -1) : ring;
  if (points.length < 3) return { area: 0, perimeter: 2 * geodesicLength(points) };
  const polygon = WGS84.Polygon(false);
  for (const p of points) polygon.AddPoint(p.lat, p.lng);
  // `sign` true: a ring running clockwise has a negative area (not the rest of the Earth's).
  const { area = 0, perimeter } = polygon.Compute(false, true);
  return { area: Math.abs(area), perimeter };
}
