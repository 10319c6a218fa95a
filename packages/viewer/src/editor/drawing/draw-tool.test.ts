import { describe, expect, it } from 'vitest';
import type { PointerInput } from '../../engine/engine.js';
import type { Place } from '../../interaction/sketch-geometry.js';
import { DrawTool } from './draw-tool.js';
import type { DrawKind } from './drawn-features.js';

/** A flat surface: pixel (x, y) is (x/1000°, -y/1000°); feature `f1` lies under pixels left of x = 50. */
function setup() {
  const finished: { kind: DrawKind; points: Place[]; height: number }[] = [];
  const reshaped: { id: string; points: Place[] }[] = [];
  const picked: (string | undefined)[] = [];
  const tool = new DrawTool(
    {
      locationAt: (x, y) => ({ lng: x / 1000, lat: -y / 1000, height: 0 }),
      screenOf: (lng, lat) => [lng * 1000, -lat * 1000],
      showDraft: () => undefined,
      setNavigation: () => undefined,
    },
    {
      finished: (kind, points, height) => finished.push({ kind, points, height }),
      reshaped: (id, points) => reshaped.push({ id, points }),
      featureAt: (x) => (x < 50 ? 'f1' : undefined),
      picked: (id) => picked.push(id),
    },
  );
  const act = (type: PointerInput['type'], x: number, y: number) => tool.handle({ type, x, y });
  return { tool, act, finished, reshaped, picked };
}
const at = (x: number, y: number): Place => ({ lng: x / 1000, lat: -y / 1000, height: 0 });

describe('DrawTool (docs/viewer.md, "Drawing in the editor")', () => {
  it('draws the chosen kind on the sketch tool: clicks add vertices, Enter ends, Escape cancels', () => {
    const { tool, act, finished } = setup();
    tool.start('polygon');
    for (const [x, y] of [
      [100, 100],
      [200, 100],
      [200, 200],
    ] as const)
      act('click', x, y);
    expect(tool.key('Enter')).toBe(true);
    expect(finished).toEqual([{ kind: 'polygon', points: [at(100, 100), at(200, 100), at(200, 200)], height: 0 }]);
    act('click', 100, 100);
    expect(tool.key('Escape')).toBe(true);
    expect(tool.key('Enter')).toBe(false);
    tool.start('point');
    act('click', 300, 300);
    expect(finished.at(-1)).toEqual({ kind: 'point', points: [at(300, 300)], height: 0 });
  });

  it('with no kind, picks a feature by a click, adds a vertex by a click beside it and removes one by a right-click', () => {
    const { tool, act, reshaped, picked } = setup();
    act('click', 10, 10);
    expect(picked).toEqual(['f1']);
    const square = [at(100, 100), at(200, 100), at(200, 200), at(100, 200)];
    tool.edit({ featureId: 'f1', kind: 'polygon', points: square, extrudedHeight: 0 });
    act('click', 150, 90);
    expect(reshaped.at(-1)).toEqual({ id: 'f1', points: [at(100, 100), at(150, 90), at(200, 100), at(200, 200), at(100, 200)] });
    act('rightClick', 201, 199);
    expect(reshaped.at(-1)).toEqual({ id: 'f1', points: [at(100, 100), at(200, 100), at(100, 200)] });
    // A triangle keeps its three corners.
    tool.edit({ featureId: 'f1', kind: 'polygon', points: square.slice(0, 3), extrudedHeight: 0 });
    const edits = reshaped.length;
    act('rightClick', 200, 200);
    expect(reshaped.length).toBe(edits);
    // Escape lets the feature go.
    expect(tool.key('Escape')).toBe(true);
    expect(picked.at(-1)).toBeUndefined();
  });

  it("moves a picked feature's vertex by a drag, through the sketch editor", () => {
    const { tool, act, reshaped } = setup();
    tool.edit({ featureId: 'f1', kind: 'line', points: [at(100, 100), at(200, 100)], extrudedHeight: 0 });
    act('mouseDown', 200, 100);
    act('mouseMove', 250, 150);
    act('mouseUp', 250, 150);
    expect(reshaped).toEqual([{ id: 'f1', points: [at(100, 100), at(250, 150)] }]);
  });
});
