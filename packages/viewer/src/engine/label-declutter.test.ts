import { describe, expect, it } from 'vitest';
import { declutter, type ScreenBox } from './label-declutter.js';

describe('declutter', () => {
  it('shows every label when none overlaps', () => {
    expect(
      declutter([
        [0, 0, 50, 10],
        [60, 0, 110, 10],
        [0, 20, 50, 30],
      ]),
    ).toEqual([true, true, true]);
  });

  it('hides a label that overlaps one before it, keeping the first (the higher priority)', () => {
    // Tokyo Tower, Tokyo Skytree and the Imperial Palace's gardens at a city's zoom: piled up.
    expect(
      declutter([
        [100, 100, 180, 114],
        [130, 104, 210, 118],
        [150, 90, 260, 104],
      ]),
    ).toEqual([true, false, false]);
  });

  it('lets a later label show where only a hidden label would have blocked it', () => {
    expect(
      declutter([
        [0, 0, 100, 10],
        [90, 0, 190, 10],
        [180, 0, 280, 10],
      ]),
    ).toEqual([true, false, true]);
  });

  it('counts boxes that only touch as apart, and a label off screen as neither shown nor blocking', () => {
    expect(declutter([[0, 0, 64, 10], [64, 0, 128, 10], undefined, [10, 0, 20, 10]])).toEqual([true, true, false, false]);
  });

  it('finds overlaps across grid cells and is about linear for thousands of labels', () => {
    const boxes: ScreenBox[] = [];
    for (let i = 0; i < 5000; i++) boxes.push([(i % 100) * 20, Math.floor(i / 100) * 8, (i % 100) * 20 + 30, Math.floor(i / 100) * 8 + 12]);
    const started = performance.now();
    const shown = declutter(boxes);
    expect(performance.now() - started).toBeLessThan(2000); // a few ms here: a generous bound for a runner shared with Chromium
    // Every shown pair is apart, and every hidden label meets a shown one.
    const kept = boxes.filter((_, i) => shown[i]);
    const meets = (a: ScreenBox, b: ScreenBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    expect(kept.some((a, i) => kept.some((b, j) => j > i && meets(a, b)))).toBe(false);
    expect(boxes.every((box, i) => shown[i] || kept.some((k) => meets(box, k)))).toBe(true);
    expect(kept.length).toBeGreaterThan(1000);
  });
});
