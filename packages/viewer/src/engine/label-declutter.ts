/** A label's box on screen, in CSS pixels: left, top, right, bottom. */
export type ScreenBox = readonly [x0: number, y0: number, x1: number, y1: number];

const CELL = 64;

/**
 * Which labels to show so that none overlaps another: greedy in the given order (the first has
 * the highest priority), each shown unless its box meets one already shown. `undefined` (a label
 * not on screen) is not shown and blocks nothing. A grid of {@link CELL}-pixel cells keeps each
 * test to the boxes nearby, so a layer of thousands of labels costs about linear time.
 */
export function declutter(boxes: readonly (ScreenBox | undefined)[]): boolean[] {
  const grid = new Map<string, ScreenBox[]>();
  const cells = ([x0, y0, x1, y1]: ScreenBox): string[] => {
    const keys: string[] = [];
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++) {
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) keys.push(`${cx},${cy}`);
    }
    return keys;
  };
  return boxes.map((box) => {
    if (!box) return false;
    const keys = cells(box);
    if (keys.some((key) => grid.get(key)?.some((other) => overlaps(box, other)))) return false;
    for (const key of keys) (grid.get(key) ?? grid.set(key, []).get(key)!).push(box);
    return true;
  });
}

function overlaps(a: ScreenBox, b: ScreenBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}
