import { clipPolygon, clipPolyline } from 'lineclip';

/** A position in a vector tile's own units: x right and y down, 0 to the tile's extent (4096). */
export type TilePoint = [number, number];

/**
 * A polygon clipped to its tile's square: its rings (the outer first, then holes; closed), and,
 * when the square cut it, the lines of its outline without the cut (the parts of its rings that
 * do not lie on the tile's edge). Without `outline`, the rings are the outline.
 */
export interface ClippedPolygon {
  rings: TilePoint[][];
  outline?: TilePoint[][];
}

const square = (extent: number): [number, number, number, number] => [0, 0, extent, extent];

/**
 * Whether a point is the tile's own: inside its square, the right and bottom edges excluded, so a
 * point on the line between two tiles is drawn by one of them (a tile holds its neighbours' points
 * within its buffer too).
 */
export function pointInTile([x, y]: TilePoint, extent: number): boolean {
  return x >= 0 && x < extent && y >= 0 && y < extent;
}

/** The parts of a line inside the tile's square (a tile holds its neighbours' within its buffer too). */
export function clipTileLine(line: TilePoint[], extent: number): TilePoint[][] {
  return clipPolyline(line, square(extent)).filter((part) => part.length >= 2);
}

/**
 * Whether a tile was cut with a buffer: some of its geometry lies outside its square. In such a
 * tile a shape the server cut ends past the square, so a side of a shape that lies on the square's
 * edge is the shape's own; in a tile cut without one, the server's cuts lie on the edge too.
 */
export function hasBuffer(geometries: { x: number; y: number }[][][], extent: number): boolean {
  return geometries.some((parts) => parts.some((part) => part.some(({ x, y }) => x < 0 || x > extent || y < 0 || y > extent)));
}

/**
 * A polygon's rings clipped to the tile's square, so that it does not overlap the same polygon's
 * part in the next tile (the tile's buffer), with its outline without the cuts the square made;
 * undefined when nothing of its outer ring is inside. In a tile cut with a buffer (`buffered`), a
 * side the polygon had on the square's edge before the clip is its own and stays in the outline;
 * without one, every side on the edge is taken for a cut (a real side there loses its outline).
 */
export function clipTilePolygon(rings: TilePoint[][], extent: number, buffered = false): ClippedPolygon | undefined {
  const box = square(extent);
  const clipped: TilePoint[][] = [];
  for (const [i, ring] of rings.entries()) {
    const open = withoutRepeats(clipPolygon(openRing(ring), box));
    if (open.length < 3 || area(open) === 0) {
      if (i === 0) return undefined;
      continue;
    }
    // Wound as the MVT spec has it (the outer ring of positive area in tile units, clockwise as seen
    // on a north-up map; holes the other way), whatever the tile's server did: an extruded polygon's
    // walls face the side its lines' winding says.
    clipped.push(area(open) > 0 === (i === 0) ? open : open.reverse());
  }
  const outline = outlineOf(clipped, extent, buffered ? edgeSides(rings, extent) : []);
  return { rings: clipped.map((r) => [...r, r[0]!]), ...(outline ? { outline } : {}) };
}

/** A segment that lies on the tile's edge: made by a cut, not a part of the shape's outline. */
function onEdge(a: TilePoint, b: TilePoint, extent: number): boolean {
  return (a[0] === b[0] && (a[0] === 0 || a[0] === extent)) || (a[1] === b[1] && (a[1] === 0 || a[1] === extent));
}

/** The segments of rings (closed or open) that lie on the tile's edge. */
function edgeSides(rings: TilePoint[][], extent: number): [TilePoint, TilePoint][] {
  return rings.flatMap((ring) =>
    ring.flatMap((p, i): [TilePoint, TilePoint][] => {
      const q = ring[(i + 1) % ring.length]!;
      return onEdge(p, q, extent) ? [[p, q]] : [];
    }),
  );
}

/** Whether segment a–b lies within segment c–d, both on one line down (x fixed) or across (y fixed) the tile. */
function within([a, b]: [TilePoint, TilePoint], [c, d]: [TilePoint, TilePoint]): boolean {
  const across = a[0] === b[0] && c[0] === d[0] && a[0] === c[0];
  if (!across && !(a[1] === b[1] && c[1] === d[1] && a[1] === c[1])) return false;
  const axis = across ? 1 : 0;
  return Math.min(a[axis]!, b[axis]!) >= Math.min(c[axis]!, d[axis]!) && Math.max(a[axis]!, b[axis]!) <= Math.max(c[axis]!, d[axis]!);
}

/**
 * The outline of open rings without their cuts, as lines; undefined when there is no cut (the rings
 * are the outline). A cut is a segment on the tile's edge that lies within none of `sides`, the
 * polygon's own sides on the edge.
 */
export function outlineOf(rings: TilePoint[][], extent: number, sides: [TilePoint, TilePoint][] = []): TilePoint[][] | undefined {
  const isCut = (a: TilePoint, b: TilePoint) => onEdge(a, b, extent) && !sides.some((side) => within([a, b], side));
  const cut = rings.map((ring) => ring.map((p, i) => isCut(p, ring[(i + 1) % ring.length]!)));
  if (!cut.some((c) => c.includes(true))) return undefined;
  const lines: TilePoint[][] = [];
  for (const [r, ring] of rings.entries()) {
    const n = ring.length;
    const first = cut[r]!.indexOf(true);
    if (first < 0) {
      lines.push([...ring, ring[0]!]);
      continue;
    }
    // From the segment after a cut one, round the ring: each run of segments between cuts is a line.
    let line: TilePoint[] = [];
    for (let k = 1; k <= n; k++) {
      const i = (first + k) % n;
      if (cut[r]![i]) {
        if (line.length >= 2) lines.push(line);
        line = [];
        continue;
      }
      if (line.length === 0) line.push(ring[i]!);
      line.push(ring[(i + 1) % n]!);
    }
  }
  return lines;
}

/** A ring without its closing point (the clipper wants it open). */
function openRing(ring: TilePoint[]): TilePoint[] {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return ring.length > 1 && first![0] === last![0] && first![1] === last![1] ? ring.slice(0, -1) : ring;
}

/** Without points equal to the one before (clipping repeats a point that lies on the edge), the first and last included. */
function withoutRepeats(ring: TilePoint[]): TilePoint[] {
  const out = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1]);
  while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
  return out;
}

function area(ring: TilePoint[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] - ring[i]![0]) * (ring[i]![1] + ring[j]![1]);
  return sum;
}
