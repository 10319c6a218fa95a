import { geodesicArea, geodesicLength } from '@orbis/geo';
import { describe, expect, it } from 'vitest';
import type { PointerInput, SketchDraft } from '../engine/engine.js';
import { type MeasureKind, type Measurement, MeasureTool } from './measure-tool.js';

/**
 * A surface whose pixel (x, y) is (x/100°, -y/100°) at a picked height of x/10 m (the coarse
 * terrain in view), and whose most detailed terrain is 1 m higher there, answered when `sample` is called.
 */
function setup(kind: MeasureKind) {
  const drafts: (SketchDraft | undefined)[] = [];
  const reports: (Measurement | undefined)[] = [];
  const pending: (() => void)[] = [];
  const tool = new MeasureTool(
    {
      locationAt: (x, y) => ({ lng: x / 100, lat: (0 - y) / 100, height: x / 10 }),
      showDraft: (d) => drafts.push(d),
      terrainHeight: (lng) => new Promise((resolve) => pending.push(() => resolve(lng * 10 + 1))),
    },
    (m) => reports.push(m),
  );
  tool.start(kind);
  const act = (type: PointerInput['type'], x = 0, y = 0) => tool.handle({ type, x, y });
  const sample = async () => {
    for (const answer of pending.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { tool, drafts, reports, act, sample };
}

describe('MeasureTool', () => {
  it('distance: clicks add points, the result follows the pointer, Enter ends, and the heights come from the most detailed terrain', async () => {
    const { tool, act, reports, drafts, sample } = setup('distance');
    act('click', 0, 0);
    act('mouseMove', 100, 0);
    expect(reports.at(-1)).toMatchObject({
      kind: 'distance',
      done: false,
      length: geodesicLength([
        { lng: 0, lat: 0 },
        { lng: 1, lat: 0 },
      ]),
    });
    act('click', 100, 0);
    act('click', 100, 100);
    expect(tool.key('Enter')).toBe(true);
    const line = [
      { lng: 0, lat: 0 },
      { lng: 1, lat: 0 },
      { lng: 1, lat: -1 },
    ];
    expect(reports.at(-1)).toMatchObject({ done: false, length: geodesicLength(line) });
    await sample();
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ done: true, length: geodesicLength(line), anchor: { lng: 1, lat: -1, height: 11 } });
    expect(last.points.map((p) => p.height)).toEqual([1, 11, 11]);
    // The finished line stays drawn, at the sampled heights.
    expect(drafts.at(-1)?.line).toEqual([
      [0, 0, 1],
      [1, 0, 11],
      [1, -1, 11],
    ]);
  });

  it('area: a double-click ends a polygon of three or more points; its area and perimeter are geodesic', async () => {
    const { act, reports, sample } = setup('area');
    act('click', 0, 0);
    act('click', 100, 0);
    act('click', 100, -100);
    act('click', 0, -100);
    act('click', 1, -100);
    act('doubleClick', 1, -100);
    await sample();
    const ring = [
      { lng: 0, lat: 0 },
      { lng: 1, lat: 0 },
      { lng: 1, lat: 1 },
      { lng: 0, lat: 1 },
    ];
    const last = reports.at(-1)!;
    expect(last.done).toBe(true);
    expect(last.area).toBeCloseTo(geodesicArea(ring).area, 3);
    expect(last.area! / 1e6).toBeCloseTo(12_308.78, 1);
    expect(last.length).toBeCloseTo(geodesicArea(ring).perimeter, 3);
    expect(last.anchor).toMatchObject({ lng: 0.5, lat: 0.5 });
  });

  it('height: ends by itself at the second point and gives the rise between the sampled heights', async () => {
    const { act, reports, sample } = setup('height');
    act('click', 0, 0);
    act('click', 300, 0);
    await sample();
    expect(reports.at(-1)).toMatchObject({ kind: 'height', done: true, rise: 30 });
  });

  it('Escape cancels the shape being drawn and clears its result; a click after a finished shape starts a new one', async () => {
    const { tool, act, reports, drafts, sample } = setup('distance');
    act('click', 0, 0);
    act('click', 100, 0);
    expect(tool.key('Escape')).toBe(true);
    expect(reports.at(-1)).toBeUndefined();
    expect(drafts.at(-1)).toBeUndefined();
    act('click', 0, 0);
    act('click', 100, 0);
    act('doubleClick', 100, 0);
    act('click', 200, 0);
    // The first shape's heights arrive after the second began: they are dropped.
    await sample();
    expect(reports.some((r) => r?.done)).toBe(false);
    expect(tool.key('a')).toBe(false);
  });

  it('a right-click cancels too, and clears a finished result', async () => {
    const { act, reports, drafts, sample } = setup('height');
    act('click', 0, 0);
    act('click', 100, 0);
    await sample();
    expect(reports.at(-1)?.done).toBe(true);
    act('rightClick', 50, 50);
    expect(reports.at(-1)).toBeUndefined();
    expect(drafts.at(-1)).toBeUndefined();
  });

  it('takes no input and no keys once put away', () => {
    const { tool, act, reports } = setup('distance');
    tool.start(undefined);
    const before = reports.length;
    act('click', 0, 0);
    act('click', 100, 0);
    expect(tool.key('Enter')).toBe(false);
    expect(reports).toHaveLength(before);
  });
});
