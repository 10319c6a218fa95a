import { defaultScene, type Layer, type Scene } from '@orbis/scene';
import { readScene, sceneMapOf, seedUpdate, writeScene } from '@orbis/scene/live';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { asOwnStep } from './undo-step.js';

const OWN = Symbol('own change');
const layer = (id: string): Layer => ({ id, title: id, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true });

/** An editor's document and undo manager, as EditorState makes them, and a way to change its scene. */
function editor() {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, seedUpdate({ ...defaultScene(), layers: [layer('a')] }));
  const undo = new Y.UndoManager(sceneMapOf(doc), { trackedOrigins: new Set([OWN]) });
  const change = (fn: (s: Scene) => void) => {
    const scene = structuredClone(readScene(doc)!);
    fn(scene);
    writeScene(doc, scene, OWN);
  };
  const ids = () => readScene(doc)!.layers.map((l) => l.id);
  return { doc, undo, change, ids };
}

describe('undo steps of the editor', () => {
  it('undoes a change made as its own step alone, though it came at once after another', () => {
    const { undo, change, ids } = editor();
    change((s) => s.layers.push(layer('b')));
    asOwnStep(undo, () => change((s) => (s.layers = s.layers.filter((l) => l.id !== 'b'))));
    expect(ids()).toEqual(['a']);
    undo.undo();
    expect(ids()).toEqual(['a', 'b']);
    undo.undo();
    expect(ids()).toEqual(['a']);
  });

  it('keeps the next change out of that step too', () => {
    const { undo, change, ids } = editor();
    asOwnStep(undo, () => change((s) => s.layers.push(layer('b'))));
    change((s) => s.layers.push(layer('c')));
    undo.undo();
    expect(ids()).toEqual(['a', 'b']);
  });

  it('makes one step of changes typed within half a second, as Yjs does', () => {
    const { doc, undo, change, ids } = editor();
    change((s) => (s.layers[0]!.title = 'A'));
    change((s) => s.layers.push(layer('b')));
    undo.undo();
    expect(ids()).toEqual(['a']);
    expect(readScene(doc)!.layers[0]!.title).toBe('a');
  });
});
