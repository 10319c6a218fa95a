/** A view's extent in degrees; `west` > `east` when it crosses the antimeridian. */
export interface ViewExtent {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The XYZ tiles that cover a view at one zoom. */
export interface TileCover {
  z: number;
  tiles: [number, number][];
}

/** On screen, a tile of the chosen zoom is about this wide (px): Mapbox's vector tiles are drawn at 512. */
const TILE_PIXELS = 512;
/** At most this many tiles at once: a tilted view that reaches the horizon gets a shallower zoom. */
export const MAX_TILES = 32;
/** Web Mercator stops at this latitude. */
const MAX_LAT = 85.0511287798;

const column = (lng: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
function row(lat: number, n: number): number {
  const rad = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)));
}

function columns(view: ViewExtent, n: number): number[] {
  const span = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  if (view.west <= view.east) return span(column(view.west, n), column(view.east, n));
  return [...span(column(view.west, n), n - 1), ...span(0, column(view.east, n))];
}

/**
 * The tiles to draw for a view `pixels` wide: the zoom at which a tile shows about TILE_PIXELS
 * wide, within [minZoom, maxZoom], made shallower until at most MAX_TILES cover the view.
 */
export function tilesCovering(view: ViewExtent, pixels: number, minZoom: number, maxZoom: number): TileCover {
  const width = view.west <= view.east ? view.east - view.west : view.east + 360 - view.west;
  const wanted = Math.round(Math.log2((360 * Math.max(1, pixels)) / (TILE_PIXELS * Math.max(width, 1e-9))));
  for (let z = Math.max(minZoom, Math.min(maxZoom, wanted)); ; z--) {
    const n = 2 ** z;
    const xs = columns(view, n);
    const [top, bottom] = [row(view.north, n), row(view.south, n)];
    if (xs.length * (bottom - top + 1) <= MAX_TILES || z <= minZoom) {
      const tiles: [number, number][] = [];
      for (const x of xs) for (let y = top; y <= bottom; y++) tiles.push([x, y]);
      return { z, tiles };
    }
  }
}

/** A tile URL from a `{z}/{x}/{y}` template. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}
