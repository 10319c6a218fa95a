import { describe, expect, it } from 'vitest';
import type { PointerInput } from '../engine/engine.js';
import { type Marquee, type MarqueeBox, type MarqueePhase, SelectionBox } from './selection-box.js';

/** A page with one feature inside x 90…110, y 90…110, whose click pick is at (100, 100); everything the box does is recorded in order. */
function setup() {
  const log: (['show', MarqueeBox | undefined] | ['report', MarqueePhase, Marquee] | ['select', unknown[]])[] = [];
  const tower = { layerId: 'landmarks', featureId: 'tower' };
  const box = new SelectionBox({
    featuresInRect: (x0, y0, x1, y1) =>
      Math.min(x0, x1) <= 100 && Math.max(x0, x1) >= 100 && Math.min(y0, y1) <= 100 && Math.max(y0, y1) >= 100 ? [tower] : [],
    featureAt: (x, y) => (Math.abs(x - 100) <= 10 && Math.abs(y - 100) <= 10 ? tower : undefined),
    show: (b) => log.push(['show', b]),
    report: (phase, m) => log.push(['report', phase, m]),
    select: (features) => log.push(['select', features]),
  });
  const act = (type: PointerInput['type'], x: number, y: number, shift?: boolean) => box.handle({ type, x, y, ...(shift ? { shift } : {}) });
  const reports = () => log.filter((e) => e[0] === 'report').map(([, phase, m]) => [phase, m]);
  return { act, log, reports, tower };
}

describe('SelectionBox', () => {
  it('drags a box from the press to the pointer, whichever way, and picks what is inside it before selecting it', () => {
    const { act, log, reports, tower } = setup();
    act('mouseDown', 150, 160);
    act('mouseMove', 120, 130);
    act('mouseMove', 50, 40);
    act('mouseUp', 50, 40);
    expect(reports()).toEqual([
      ['marqueeStart', { box: { x: 150, y: 160, width: 0, height: 0 }, pointer: { x: 150, y: 160 }, shift: false }],
      ['marqueeMove', { box: { x: 120, y: 130, width: 30, height: 30 }, pointer: { x: 120, y: 130 }, shift: false }],
      ['marqueeMove', { box: { x: 50, y: 40, width: 100, height: 120 }, pointer: { x: 50, y: 40 }, shift: false }],
      ['marqueeEnd', { box: { x: 50, y: 40, width: 100, height: 120 }, pointer: { x: 50, y: 40 }, shift: false, end: { features: [tower], isClick: false } }],
    ]);
    // The listeners hear the end before the selection changes; the box is hidden last.
    expect(log.slice(-3)).toEqual([
      ['report', 'marqueeEnd', expect.anything()],
      ['select', [tower]],
      ['show', undefined],
    ]);
    expect(log.filter((e) => e[0] === 'show').map(([, b]) => b)).toEqual([
      { x: 150, y: 160, width: 0, height: 0 },
      { x: 120, y: 130, width: 30, height: 30 },
      { x: 50, y: 40, width: 100, height: 120 },
      undefined,
    ]);
  });

  it('a press and release in place is a click: it picks the feature under the pointer, or none', () => {
    const { act, reports, log, tower } = setup();
    act('mouseDown', 104, 97);
    act('mouseUp', 104, 97);
    expect(reports().at(-1)).toEqual([
      'marqueeEnd',
      { box: { x: 104, y: 97, width: 0, height: 0 }, pointer: { x: 104, y: 97 }, shift: false, end: { features: [tower], isClick: true } },
    ]);
    act('mouseDown', 300, 300);
    act('mouseUp', 300, 300);
    expect(reports().at(-1)?.[1]).toMatchObject({ end: { features: [], isClick: true } });
    expect(log.filter((e) => e[0] === 'select')).toEqual([
      ['select', [tower]],
      ['select', []],
    ]);
  });

  it('a drag that comes back to where it started is not a click', () => {
    const { act, reports } = setup();
    act('mouseDown', 10, 10);
    act('mouseMove', 30, 30);
    act('mouseMove', 10, 10);
    act('mouseUp', 10, 10);
    expect(reports().at(-1)?.[1]).toMatchObject({ box: { x: 10, y: 10, width: 0, height: 0 }, end: { features: [], isClick: false } });
  });

  it('reports Shift as each input has it, and ignores moves and releases with no press', () => {
    const { act, reports, log } = setup();
    act('mouseMove', 5, 5);
    act('mouseUp', 5, 5);
    expect(log).toEqual([]);
    act('mouseDown', 0, 0, true);
    act('mouseMove', 20, 20, true);
    act('mouseUp', 20, 20);
    expect(reports().map(([phase, m]) => [phase, (m as Marquee).shift])).toEqual([
      ['marqueeStart', true],
      ['marqueeMove', true],
      ['marqueeEnd', false],
    ]);
  });
});
