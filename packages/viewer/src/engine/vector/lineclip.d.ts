// lineclip 2.0.0 ships no types: the two functions the tile path uses.
declare module 'lineclip' {
  type Position = [number, number];
  /** The parts of a polyline inside `bbox` ([minX, minY, maxX, maxY]), Cohen–Sutherland. */
  export function clipPolyline(points: Position[], bbox: [number, number, number, number], result?: Position[][]): Position[][];
  /** A ring clipped to `bbox`, Sutherland–Hodgman; empty when nothing of it is inside. */
  export function clipPolygon(points: Position[], bbox: [number, number, number, number]): Position[];
}
