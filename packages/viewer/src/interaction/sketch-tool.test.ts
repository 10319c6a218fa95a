import type { SketchOptions, SketchType } from '@orbis/plugin-api';
import { describe, expect, it } from 'vitest';
import type { PointerInput } from '../engine/engine.js';
import type { Place } from './sketch-geometry.js';
import { SKETCH_COLOR, type SketchDraft, sketchLook, SketchTool } from './sketch-tool.js';

/** A flat surface: pixel (x, y) is (x/1000°, -y/1000°); what the tool draws and finishes is recorded. */
function setup(tool: SketchType | undefined) {
  const drafts: (SketchDraft | undefined)[] = [];
  const done: { type: SketchType; points: Place[]; extrudedHeight: number }[] = [];
  const sketch = new SketchTool(
    { locationAt: (x, y) => ({ lng: x / 1000, lat: -y / 1000, height: 0 }), showDraft: (d) => drafts.push(d) },
    (type, points, extrudedHeight) => done.push({ type, points, extrudedHeight }),
  );
  sketch.tool = tool;
  const act = (type: PointerInput['type'], x = 0, y = 0) => sketch.handle({ type, x, y });
  return { sketch, drafts, done, act };
}

describe('SketchTool', () => {
  it('marker: one click', () => {
    const { act, done } = setup('marker');
    act('click', 100, 200);
    expect(done).toEqual([{ type: 'marker', points: [{ lng: 0.1, lat: -0.2, height: 0 }], extrudedHeight: 0 }]);
  });

  it('polygon: clicks add vertices, the rubber band follows the pointer, a double-click finishes', () => {
    const { act, done, drafts } = setup('polygon');
    act('click', 0, 0);
    act('click', 100, 0);
    act('mouseMove', 100, 100);
    expect(drafts.at(-1)?.ring).toHaveLength(4);
    act('click', 100, 100);
    act('click', 101, 100); // the second click of the double-click: the same vertex
    act('doubleClick', 101, 100);
    expect(done).toHaveLength(1);
    expect(done[0]!.points).toHaveLength(3);
    expect(drafts.at(-1)).toBeUndefined();
  });

  it('polyline needs two vertices and polygon three before a double-click finishes', () => {
    const line = setup('polyline');
    line.act('click', 0, 0);
    line.act('doubleClick', 0, 0);
    expect(line.done).toEqual([]);
    line.act('click', 50, 0);
    line.act('doubleClick', 50, 0);
    expect(line.done[0]!.type).toBe('polyline');
  });

  it('circle and rectangle finish on the second click', () => {
    for (const tool of ['circle', 'rectangle'] as const) {
      const { act, done } = setup(tool);
      act('click', 0, 0);
      expect(done).toEqual([]);
      act('click', 30, 40);
      expect(done.map((d) => d.type)).toEqual([tool]);
    }
  });

  it('an extruded shape takes a move up and a click for its height', () => {
    const { act, done, drafts } = setup('extrudedRectangle');
    act('click', 0, 0);
    act('click', 100, 100);
    act('click', 100, 100); // the rest of a double-click does not set the height
    act('mouseMove', 100, 50);
    expect(drafts.at(-1)!.extrudedHeight).toBeGreaterThan(0);
    act('click', 100, 50);
    expect(done).toHaveLength(1);
    // 50 px up, at ~111 m per pixel (1/1000 degree of latitude).
    expect(done[0]!.extrudedHeight).toBeCloseTo(50 * 111.195, -1);

    const polygon = setup('extrudedPolygon');
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [100, 100],
    ] as const)
      polygon.act('click', x, y);
    polygon.act('doubleClick', 100, 100);
    expect(polygon.done).toEqual([]);
    polygon.act('mouseMove', 100, 90);
    polygon.act('click', 100, 90);
    expect(polygon.done[0]).toMatchObject({ type: 'extrudedPolygon' });
    expect(polygon.done[0]!.extrudedHeight).toBeGreaterThan(1000);
  });

  it("draws in the options' colour, the extruded draft with shadows unless disableShadow, as Re:Earth's sketch", () => {
    const { sketch, act, drafts } = setup('extrudedRectangle');
    act('click', 0, 0);
    expect(drafts.at(-1)).toMatchObject({ color: '#00bcd4', shadows: true });
    sketch.options = { color: '#ff0000', disableShadow: true };
    act('click', 100, 100);
    act('mouseMove', 100, 50);
    expect(drafts.at(-1)).toMatchObject({ color: '#ff0000', shadows: false });
    sketch.options = { disableShadow: false };
    act('mouseMove', 100, 40);
    expect(drafts.at(-1)).toMatchObject({ color: '#00bcd4', shadows: true });
  });

  it('a right-click aborts, unless rightClickToAbort is false', () => {
    const { sketch, act, done } = setup('polygon');
    for (const x of [0, 100, 200]) act('click', x, x);
    act('rightClick');
    act('doubleClick', 200, 200);
    expect(done).toEqual([]);
    sketch.options = { rightClickToAbort: false };
    for (const x of [0, 100, 200]) act('click', x, x);
    act('rightClick');
    act('doubleClick', 200, 200);
    expect(done).toHaveLength(1);
  });

  it('with no tool, a double-click makes a marker, polyline or polygon by the number of clicks', () => {
    const { act, done } = setup(undefined);
    act('click', 0, 0);
    act('doubleClick', 0, 0);
    for (const x of [0, 100]) act('click', x, 0);
    act('doubleClick', 100, 0);
    for (const x of [0, 100, 200]) act('click', x, x);
    act('doubleClick', 200, 200);
    expect(done.map((d) => d.type)).toEqual(['marker', 'polyline', 'polygon']);
  });
});

describe('sketchLook', () => {
  it("draws a finished shape with the options' colour, and with what Re:Earth's appearance says for its kind", () => {
    expect(sketchLook({}, 'polygon')).toEqual({ color: SKETCH_COLOR });
    expect(sketchLook({ color: '#ff0000' }, 'marker')).toEqual({ color: '#ff0000' });
    const appearance = {
      marker: { pointColor: 'yellow', pointSize: 14 },
      polyline: { strokeColor: '#00ff00', strokeWidth: 6 },
      polygon: { fillColor: 'rgba(0,0,255,0.4)', strokeColor: 'white', strokeWidth: 4 },
    };
    expect(sketchLook({ color: 'red', appearance }, 'marker')).toEqual({ color: 'red', pointColor: 'yellow', pointSize: 14 });
    expect(sketchLook({ color: 'red', appearance }, 'polyline')).toEqual({ color: 'red', strokeColor: '#00ff00', strokeWidth: 6 });
    // Circles, rectangles and extruded shapes are polygons.
    for (const type of ['polygon', 'circle', 'extrudedRectangle'] as const)
      expect(sketchLook({ color: 'red', appearance }, type)).toEqual({ color: 'red', fillColor: 'rgba(0,0,255,0.4)', strokeColor: 'white', strokeWidth: 4 });
  });

  it('leaves out a value of the wrong kind', () => {
    // What a plugin's JavaScript may send, whatever the types say.
    const wrong = {
      appearance: { marker: { pointColor: 5, pointSize: -1 }, polyline: { strokeColor: '', strokeWidth: 1e9 }, polygon: 'blue' },
    } as unknown as SketchOptions;
    expect(sketchLook(wrong, 'marker')).toEqual({ color: SKETCH_COLOR });
    expect(sketchLook(wrong, 'polyline')).toEqual({ color: SKETCH_COLOR });
    expect(sketchLook(wrong, 'polygon')).toEqual({ color: SKETCH_COLOR });
    expect(sketchLook({ appearance: null } as unknown as SketchOptions, 'polygon')).toEqual({ color: SKETCH_COLOR });
  });
});
