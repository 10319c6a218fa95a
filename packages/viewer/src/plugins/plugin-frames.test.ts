import { describe, expect, it } from 'vitest';
import { POPUP_POSITIONS } from './host/arg-kinds.js';
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
    expect([beside(widget, 40, 20, 'bottom-start', 0)[0], beside(widget, 40, 20, 'bottom', 0)[0], beside(widget, 40, 20, 'bottom-end', 0)[0]]).toEqual([200, 230, 260]);
  });

  it('covers every position the host accepts', () => {
    expect(POPUP_POSITIONS).toHaveLength(12);
  });
});
