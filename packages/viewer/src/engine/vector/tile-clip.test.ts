import { describe, expect, it } from 'vitest';
import { clipTileLine, clipTilePolygon, hasBuffer, outlineOf, pointInTile, type TilePoint } from './tile-clip.js';

const E = 4096;
/** A closed rectangle ring, clockwise on screen (an MVT outer ring). */
const rect = (x0: number, y0: number, x1: number, y1: number): TilePoint[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
const onEdge = ([a, b]: TilePoint[]) => (a![0] === b![0] && (a![0] === 0 || a![0] === E)) || (a![1] === b![1] && (a![1] === 0 || a![1] === E));
const segments = (lines: TilePoint[][]) => lines.flatMap((l) => l.slice(1).map((p, i) => [l[i]!, p]));

describe("clipping a tile's shapes to its own square", () => {
  it('keeps a polygon inside the tile as it is, its rings its outline', () => {
    const clipped = clipTilePolygon([rect(100, 100, 900, 900)], E)!;
    expect(clipped.rings).toEqual([rect(100, 100, 900, 900)]);
    expect(clipped.outline).toBeUndefined();
  });

  it("cuts a polygon at the tile's edge (not the buffer around it) and leaves the cut out of its outline", () => {
    // From x 3000 to 4160, past the right edge into the buffer, and from y -64 (the buffer above) to 1000.
    const clipped = clipTilePolygon([rect(3000, -64, 4160, 1000)], E, true)!;
    expect(clipped.rings).toHaveLength(1);
    const ring = clipped.rings[0]!;
    expect(ring.every(([x, y]) => x >= 0 && x <= E && y >= 0 && y <= E)).toBe(true);
    expect(new Set(ring.map((p) => p.join()))).toEqual(new Set(['3000,0', '4096,0', '4096,1000', '3000,1000']));
    // The outline: the left and bottom sides, the real ones, as one line; nothing along the edge.
    expect(clipped.outline).toEqual([
      [
        [4096, 1000],
        [3000, 1000],
        [3000, 0],
      ],
    ]);
    expect(segments(clipped.outline!).some(onEdge)).toBe(false);
  });

  it("clips holes too, drops one outside the tile, and draws the part of a hole's outline inside", () => {
    const outer = rect(-500, 500, 2000, 3000);
    const cutHole = rect(-100, 1000, 300, 1400).reverse();
    const goneHole = rect(-400, 2000, -200, 2200).reverse();
    const clipped = clipTilePolygon([outer, cutHole, goneHole], E, true)!;
    expect(clipped.rings).toHaveLength(2);
    expect(clipped.rings[1]!.every(([x]) => x >= 0)).toBe(true);
    const lines = clipped.outline!;
    expect(segments(lines).some(onEdge)).toBe(false);
    // The outer ring keeps its top, right and bottom; the hole its three sides inside the tile.
    expect(lines.flat().some(([x, y]) => x === 2000 && y === 3000)).toBe(true);
    expect(lines.flat().some(([x, y]) => x === 300 && y === 1400)).toBe(true);
  });

  it('gives nothing for a polygon that lies only in the buffer, and no outline for one that covers the tile', () => {
    expect(clipTilePolygon([rect(4100, 100, 4160, 200)], E)).toBeUndefined();
    const all = clipTilePolygon([rect(-64, -64, E + 64, E + 64)], E)!;
    expect(all.rings[0]!).toHaveLength(5);
    expect(all.outline).toEqual([]);
  });

  it("keeps a side on the tile's edge in the outline when the tile has a buffer, and takes it for a cut when it has none", () => {
    // The right side lies on the edge (x 4096): the polygon's own, as a buffered tile shows.
    expect(clipTilePolygon([rect(3000, 500, E, 1000)], E, true)!.outline).toBeUndefined();
    // Without a buffer, a cut lies on the edge too: every side there is taken for one.
    expect(clipTilePolygon([rect(3000, 500, E, 1000)], E, false)!.outline).toEqual([
      [
        [E, 1000],
        [3000, 1000],
        [3000, 500],
        [E, 500],
      ],
    ]);
    // A side on the edge from y 100 to 500, then past it into the buffer from 500 to 800: the clip's
    // side from 500 to 800 is a cut, the polygon's own from 100 to 500 stays.
    const step: TilePoint[] = [
      [3000, 100],
      [E, 100],
      [E, 500],
      [E + 8, 500],
      [E + 8, 800],
      [3000, 800],
      [3000, 100],
    ];
    const lines = clipTilePolygon([step], E, true)!.outline!;
    const sides = segments(lines).map(([a, b]) => `${a!.join()}-${b!.join()}`);
    expect(sides).toContain(`${E},100-${E},500`);
    expect(sides.filter((s) => s.startsWith(`${E},`) && s.includes(`-${E},`))).toEqual([`${E},100-${E},500`]);
  });

  it('tells a buffered tile by geometry past its square', () => {
    const at = (x: number, y: number) => ({ x, y });
    expect(hasBuffer([[[at(0, 0), at(E, E)]], [[at(10, 10)]]], E)).toBe(false);
    expect(hasBuffer([[[at(0, 0), at(E, E)]], [[at(E + 8, 10)]]], E)).toBe(true);
    expect(hasBuffer([[[at(-1, 100)]]], E)).toBe(true);
  });

  it('splits an outline at each cut: a polygon cut on two sides keeps two lines', () => {
    // A band across the tile from left to right: its top and bottom are outline, its ends cuts.
    const lines = outlineOf(
      [
        [
          [0, 100],
          [E, 100],
          [E, 200],
          [0, 200],
        ],
      ],
      E,
    )!;
    expect(lines).toEqual([
      [
        [E, 200],
        [0, 200],
      ],
      [
        [0, 100],
        [E, 100],
      ],
    ]);
  });

  it('clips lines to the tile, in parts where they leave and come back', () => {
    const parts = clipTileLine(
      [
        [-100, 100],
        [200, 100],
        [200, 5000],
        [300, 5000],
        [300, 200],
      ],
      E,
    );
    expect(parts).toEqual([
      [
        [0, 100],
        [200, 100],
        [200, E],
      ],
      [
        [300, E],
        [300, 200],
      ],
    ]);
    expect(
      clipTileLine(
        [
          [E + 10, 0],
          [E + 50, 50],
        ],
        E,
      ),
    ).toEqual([]);
  });

  it('keeps a point on the line between two tiles in one of them', () => {
    expect(pointInTile([0, 0], E)).toBe(true);
    expect(pointInTile([E, 10], E)).toBe(false);
    expect(pointInTile([10, E], E)).toBe(false);
    expect(pointInTile([-1, 10], E)).toBe(false);
  });
});
