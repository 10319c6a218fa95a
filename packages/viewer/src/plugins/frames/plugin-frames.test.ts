import { describe, expect, it } from 'vitest';
import { POPUP_POSITIONS } from '../protocol/arg-schemas.js';
import { beside } from './plugin-frames.js';

/** Where `app.popup`'s `position` puts a 100×50 popup beside a widget at x 200–300, y 100–140, 8 px away (Re:Earth's placements). */
describe('beside', () => {
  const widget = { left: 200, top: 100, right: 300, bottom: 140 };
  it.each([
    ['top', [200, 42]],
    ['top-start', [200, 42]],
    ['top-end', [200, 42]],
    ['bottom', [200, 148]],
    ['bottom-start', [200, 148]],
    ['bottom-end', [200, 148]],
    ['left', [92, 95]],
    ['left-start', [92, 100]],
    ['left-end', [92, 90]],
    ['right', [308, 95]],
    ['right-start', [308, 100]],
    ['right-end', [308, 90]],
  ] as const)('%s', (position, corner) => {
    expect(beside(widget, 100, 50, position, 8)).toEqual(corner);
  });

  it('aligns a popup narrower than its widget to the start, centre or end', () => {
    expect([beside(widget, 40, 20, 'bottom-start', 0)[0], beside(widget, 40, 20, 'bottom', 0)[0], beside(widget, 40, 20, 'bottom-end', 0)[0]]).toEqual([
      200, 230, 260,
    ]);
  });

  it("takes Re:Earth's object offset: mainAxis is the gap, crossAxis slides along the side, alignmentAxis replaces it when aligned", () => {
    // Beside the bottom: the gap moves down, the slide right.
    expect(beside(widget, 100, 50, 'bottom', { mainAxis: 4, crossAxis: 10 })).toEqual([210, 144]);
    // Beside the right: the slide moves down; absent axes are 0, a number is the gap alone.
    expect(beside(widget, 100, 50, 'right', { crossAxis: -5 })).toEqual([300, 90]);
    expect(beside(widget, 100, 50, 'right', 4)).toEqual([304, 95]);
    // alignmentAxis, for -start and -end only, points away from the aligned edge and beats crossAxis.
    expect(beside(widget, 40, 20, 'bottom-start', { crossAxis: 99, alignmentAxis: 6 })).toEqual([206, 140]);
    expect(beside(widget, 40, 20, 'bottom-end', { alignmentAxis: 6 })).toEqual([254, 140]);
    expect(beside(widget, 40, 20, 'left-end', { mainAxis: 2, alignmentAxis: 3 })).toEqual([158, 117]);
    expect(beside(widget, 40, 20, 'bottom', { crossAxis: 7, alignmentAxis: 6 })).toEqual([237, 140]);
    expect(beside(widget, 40, 20, 'bottom-start', { crossAxis: 7, alignmentAxis: null })).toEqual([207, 140]);
  });

  it('covers every position the host accepts', () => {
    expect(POPUP_POSITIONS).toHaveLength(12);
  });
});
