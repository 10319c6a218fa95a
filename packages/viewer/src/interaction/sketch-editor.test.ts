import { describe, expect, it } from 'vitest';
import type { PointerInput, SketchDraft } from '../engine/engine.js';
import { type EditableSketch, SketchEditor } from './sketch-editor.js';

/** A flat surface: pixel (x, y) is (x/1000°, -y/1000°) at every height; what the editor does is recorded. */
function setup() {
  const drafts: (SketchDraft | undefined)[] = [];
  const navigation: boolean[] = [];
  const edits: EditableSketch[] = [];
  const editor = new SketchEditor(
    {
      locationAt: (x, y) => ({ lng: x / 1000, lat: -y / 1000, height: 0 }),
      screenOf: (lng, lat) => [lng * 1000, -lat * 1000],
      showDraft: (d) => drafts.push(d),
      setNavigation: (on) => navigation.push(on),
    },
    (sketch) => edits.push(sketch),
  );
  editor.last = {
    featureId: 'sketch-1',
    type: 'polygon',
    points: [
      { lng: 0, lat: 0, height: 0 },
      { lng: 0.1, lat: 0, height: 0 },
      { lng: 0.1, lat: -0.1, height: 0 },
    ],
    extrudedHeight: 0,
    color: '#ff0000',
    shadows: false,
    look: { color: '#ff0000' },
  };
  const act = (type: PointerInput['type'], x: number, y: number) => editor.handle({ type, x, y });
  return { editor, drafts, navigation, edits, act };
}

describe('SketchEditor', () => {
  it('drags the control point under a press, holding the camera, and gives the changed shape on release', () => {
    const { act, drafts, navigation, edits } = setup();
    expect(act('mouseDown', 103, 2)).toBe(true);
    expect(navigation).toEqual([false]);
    expect(act('mouseMove', 130, 20)).toBe(true);
    expect(drafts.at(-1)?.ring).toHaveLength(4);
    // Drawn as it was drawn: its colour, and no shadows (it was drawn with disableShadow).
    expect(drafts.at(-1)).toMatchObject({ color: '#ff0000', shadows: false });
    expect(act('mouseMove', 150, 40)).toBe(true);
    expect(act('mouseUp', 150, 40)).toBe(true);
    expect(navigation).toEqual([false, true]);
    expect(drafts.at(-1)).toBeUndefined();
    expect(edits).toHaveLength(1);
    expect(edits[0]!.featureId).toBe('sketch-1');
    expect(edits[0]!.points[1]).toEqual({ lng: 0.15, lat: -0.04, height: 0 });
    expect(edits[0]!.points[0]).toEqual({ lng: 0, lat: 0, height: 0 });
    // The click that ends the drag is not the sketch tool's.
    expect(act('click', 150, 40)).toBe(true);
    expect(act('click', 150, 40)).toBe(false);
  });

  it('leaves a press away from the points, or one that does not move, to the sketch tool', () => {
    const { act, navigation, edits } = setup();
    expect(act('mouseDown', 50, 50)).toBe(false);
    expect(act('mouseMove', 60, 60)).toBe(false);
    expect(act('mouseDown', 100, 100)).toBe(true);
    expect(act('mouseMove', 101, 101)).toBe(true);
    expect(act('mouseUp', 101, 101)).toBe(false);
    expect(act('click', 101, 101)).toBe(false);
    expect(navigation).toEqual([false, true]);
    expect(edits).toEqual([]);
  });

  it('edits nothing before a shape is drawn', () => {
    const { editor, act } = setup();
    editor.last = undefined;
    expect(act('mouseDown', 0, 0)).toBe(false);
    expect(act('mouseUp', 0, 0)).toBe(false);
  });
});
