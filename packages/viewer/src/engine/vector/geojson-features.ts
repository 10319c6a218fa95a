/** One GeoJSON feature as the batched path reads it. */
export interface SourceFeature {
  id?: unknown;
  properties: Record<string, unknown>;
  geometry: Geometry | null;
}

/** A GeoJSON geometry (RFC 7946), loosely typed: coordinates are checked where they are read. */
export interface Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: Geometry[];
  /**
   * A tile's Polygon or MultiPolygon only: per polygon, in order, the lines of its outline when
   * they are not its rings (the tile's edge cut it, and the cut is no outline), else undefined.
   */
  outlines?: (number[][][] | undefined)[];
}

/**
 * The features of a GeoJSON document: a FeatureCollection's, a single Feature, or a bare
 * geometry as one feature with no properties. Throws, naming what it got, for anything else.
 */
export function geojsonFeatures(doc: unknown): SourceFeature[] {
  const d = doc as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown; id?: unknown };
  if (!d || typeof d !== 'object') throw new Error('the GeoJSON is not an object');
  if (d.type === 'FeatureCollection') {
    if (!Array.isArray(d.features)) throw new Error('the FeatureCollection has no "features" array');
    return d.features.map(asFeature);
  }
  if (d.type === 'Feature') return [asFeature(d)];
  if (typeof d.type === 'string') return [{ properties: {}, geometry: d as Geometry }];
  throw new Error('the GeoJSON has no "type"');
}

function asFeature(f: unknown): SourceFeature {
  const feature = f as { id?: unknown; properties?: unknown; geometry?: unknown };
  const properties = feature?.properties && typeof feature.properties === 'object' ? (feature.properties as Record<string, unknown>) : {};
  return { id: feature?.id, properties, geometry: (feature?.geometry as Geometry | null | undefined) ?? null };
}

/**
 * The name CesiumJS's GeoJsonDataSource gives a feature, so that both paths title an infobox
 * alike: `title`, else the first property (with a value) named `title`, `name`, containing
 * "title", containing "name", case-insensitively.
 */
export function featureName(properties: Record<string, unknown>): string | undefined {
  if (properties.title !== undefined && properties.title !== null) return String(properties.title);
  let best: string | undefined;
  let rank = Number.MAX_VALUE;
  for (const key of Object.keys(properties)) {
    if (!properties[key]) continue;
    const lower = key.toLowerCase();
    const r = lower === 'title' ? 1 : lower === 'name' ? 2 : /title/i.test(key) ? 3 : /name/i.test(key) ? 4 : Number.MAX_VALUE;
    if (r < rank) [rank, best] = [r, key];
    if (rank === 1) break;
  }
  return best === undefined ? undefined : String(properties[best]);
}

type Visit = { point(p: number[]): void; line(p: number[][]): void; polygon(rings: number[][][], outline?: number[][][]): void };

/**
 * Walks a geometry's parts (Multi* and GeometryCollection included); positions are [lng, lat,
 * height?]. A polygon comes with its outline's lines when they are not its rings (a tile's cut).
 */
export function visitGeometry(g: Geometry | null, visit: Visit): void {
  if (!g) return;
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point':
      if (isPosition(c)) visit.point(c);
      return;
    case 'MultiPoint':
      for (const p of (c ?? []) as unknown[]) if (isPosition(p)) visit.point(p);
      return;
    case 'LineString':
      if (Array.isArray(c)) visit.line(c);
      return;
    case 'MultiLineString':
      for (const l of (c ?? []) as number[][][]) visit.line(l);
      return;
    case 'Polygon':
      if (Array.isArray(c)) visit.polygon(c, g.outlines?.[0]);
      return;
    case 'MultiPolygon':
      for (const [i, p] of ((c ?? []) as number[][][][]).entries()) visit.polygon(p, g.outlines?.[i]);
      return;
    case 'GeometryCollection':
      for (const part of g.geometries ?? []) visitGeometry(part, visit);
  }
}

function isPosition(p: unknown): p is number[] {
  return Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number';
}
