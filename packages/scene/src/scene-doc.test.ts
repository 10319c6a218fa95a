import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultScene } from './default-scene.js';
import { mergeScenes, readScene, seedUpdate, writeScene } from './scene-doc.js';
import type { Layer, Scene } from './scene-schema.js';

const layer = (id: string, title = id): Layer => ({ id, title, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true });

function peers(count: number, scene: Scene): Y.Doc[] {
  const seed = seedUpdate(scene);
  return Array.from({ length: count }, () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, seed);
    return doc;
  });
}

/** Every document gets every other's updates. */
function syncAll(docs: Y.Doc[]): void {
  const updates = docs.map((d) => Y.encodeStateAsUpdate(d));
  for (const doc of docs) for (const u of updates) Y.applyUpdate(doc, u);
}

const edit = (doc: Y.Doc, change: (s: Scene) => void) => {
  const scene = structuredClone(readScene(doc)!);
  change(scene);
  writeScene(doc, scene);
};

describe('the scene as a Yjs document', () => {
  it('reads back what was written, and seeds the same bytes for the same scene', () => {
    const scene = { ...defaultScene(), layers: [layer('a'), { ...layer('b'), appearance: { marker: { pointColor: 'red', pointSize: 4 } } }] };
    const [doc] = peers(1, scene);
    expect(readScene(doc!)).toEqual(scene);
    expect(seedUpdate(scene)).toEqual(seedUpdate(structuredClone(scene)));
    expect(readScene(new Y.Doc())).toBeUndefined();
  });

  it('keeps both of two layers added at once, and both of two edits to different fields', () => {
    const [a, b] = peers(2, { ...defaultScene(), layers: [layer('x')] });
    edit(a!, (s) => s.layers.push(layer('from-a')));
    edit(b!, (s) => s.layers.push(layer('from-b')));
    edit(a!, (s) => (s.layers[0]!.title = 'renamed by a'));
    edit(b!, (s) => (s.layers[0]!.visible = false));
    syncAll([a!, b!]);
    const scene = readScene(a!)!;
    expect(readScene(b!)).toEqual(scene);
    expect(scene.layers.map((l) => l.id).sort()).toEqual(['from-a', 'from-b', 'x']);
    expect(scene.layers.find((l) => l.id === 'x')).toMatchObject({ title: 'renamed by a', visible: false });
  });

  it("keeps both of two shapes drawn at once in one sketch layer, and both of two edits to different shapes' properties", () => {
    const point = (id: string, name: string) => ({
      type: 'Feature' as const,
      id,
      geometry: { type: 'Point' as const, coordinates: [139.7, 35.6] },
      properties: { name },
    });
    const sketch: Layer = {
      id: 's',
      title: 'Drawing',
      type: 'sketch',
      visible: true,
      data: { value: { type: 'FeatureCollection', features: [point('f1', 'one')] } },
    };
    const [a, b] = peers(2, { ...defaultScene(), layers: [sketch] });
    const features = (s: Scene) => s.layers[0]!.data!.value!.features;
    // Both draw their second shape as "f2" (the next free id each sees), and rename the first one differently.
    edit(a!, (s) => features(s).push(point('f2', 'from a')));
    edit(b!, (s) => features(s).push(point('f2', 'from b')));
    edit(a!, (s) => (features(s)[0]!.geometry.coordinates = [139.8, 35.7]));
    edit(b!, (s) => (features(s)[0]!.properties.name = 'renamed by b'));
    syncAll([a!, b!]);
    const merged = features(readScene(a!)!);
    expect(readScene(b!)).toEqual(readScene(a!));
    expect(merged.map((f) => f.id)).toEqual(['f1', 'f2', 'f2-2']);
    expect(
      merged
        .map((f) => f.properties.name)
        .slice(1)
        .sort(),
    ).toEqual(['from a', 'from b']);
    expect(merged[0]).toMatchObject({ geometry: { coordinates: [139.8, 35.7] }, properties: { name: 'renamed by b' } });
  });

  it('keeps both of two edits to two groups of layers, and both of two groups added at once', () => {
    const groups = [
      { id: 'rivers', title: 'Rivers' },
      { id: 'parks', title: 'Parks' },
    ];
    const [a, b] = peers(2, { ...defaultScene(), layers: [layer('x')], groups });
    edit(a!, (s) => (s.groups![0]!.title = 'Rivers and lakes'));
    edit(b!, (s) => (s.groups![1]!.opacity = 0.5));
    edit(a!, (s) => s.groups!.push({ id: 'roads', title: 'Roads' }));
    edit(b!, (s) => s.groups!.push({ id: 'rail', title: 'Rail' }));
    syncAll([a!, b!]);
    const scene = readScene(a!)!;
    expect(readScene(b!)).toEqual(scene);
    expect(scene.groups!.slice(0, 2)).toEqual([
      { id: 'rivers', title: 'Rivers and lakes' },
      { id: 'parks', title: 'Parks', opacity: 0.5 },
    ]);
    expect(scene.groups!.map((g) => g.id).sort()).toEqual(['parks', 'rail', 'rivers', 'roads']);
  });

  it('keeps both of two entries added at once with the same id, the later one renamed', () => {
    const [a, b] = peers(2, defaultScene());
    edit(a!, (s) => s.layers.push(layer('layer-1', 'A')));
    edit(b!, (s) => s.layers.push(layer('layer-1', 'B')));
    syncAll([a!, b!]);
    expect(readScene(a!)!.layers.map((l) => l.id)).toEqual(['layer-1', 'layer-1-2']);
    expect(readScene(b!)).toEqual(readScene(a!));
  });

  it('merges two saves of one scene three ways: both added layers, both field edits, a removal', () => {
    const base = { ...defaultScene(), layers: [layer('x'), layer('y')] };
    const mine = structuredClone(base);
    mine.layers.push(layer('mine'));
    mine.layers[0]!.title = 'renamed';
    const theirs = structuredClone(base);
    theirs.layers.push(layer('theirs'));
    theirs.layers[0]!.visible = false;
    theirs.layers.splice(1, 1);
    const merged = mergeScenes(base, mine, theirs);
    expect(merged.layers.map((l) => l.id).sort()).toEqual(['mine', 'theirs', 'x']);
    expect(merged.layers.find((l) => l.id === 'x')).toMatchObject({ title: 'renamed', visible: false });
  });

  it("reads a copy: a value changed in place (a widget's settings) is written, not changed in the document unseen", () => {
    const [doc, other] = peers(2, { ...defaultScene(), widgets: [{ pluginId: 'p', extensionId: 'w', enabled: true }] });
    const scene = readScene(doc!)!;
    scene.widgets[0]!.property = { note: 'hello' };
    expect(readScene(doc!)!.widgets[0]!.property).toBeUndefined();
    writeScene(doc!, scene);
    syncAll([doc!, other!]);
    expect(readScene(other!)!.widgets[0]!.property).toEqual({ note: 'hello' });
  });

  it('writes nothing when nothing changed', () => {
    const [doc] = peers(1, { ...defaultScene(), layers: [layer('a')] });
    let updates = 0;
    doc!.on('update', () => updates++);
    writeScene(doc!, structuredClone(readScene(doc!)!));
    expect(updates).toBe(0);
  });

  it('converges: random edits on 2-5 peers, synced in any order, give every peer one scene holding every added layer', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.stringMatching(/^[a-d]$/) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(5) }),
      fc.record({ kind: fc.constant('title' as const), at: fc.nat(5), title: fc.string({ maxLength: 4 }) }),
      fc.record({ kind: fc.constant('color' as const), at: fc.nat(5), color: fc.constantFrom('red', 'blue', '#00ff00') }),
      fc.record({ kind: fc.constant('move' as const), at: fc.nat(5) }),
      fc.record({ kind: fc.constant('camera' as const), height: fc.integer({ min: 1, max: 1e7 }) }),
      fc.record({ kind: fc.constant('page' as const), id: fc.stringMatching(/^p[1-3]$/) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.array(fc.tuple(fc.nat(4), op, fc.boolean()), { maxLength: 40 }), (count, steps) => {
        const docs = peers(count, defaultScene());
        for (const [who, step, sync] of steps) {
          const doc = docs[who % count]!;
          edit(doc, (s) => {
            const target = s.layers[step.kind === 'add' || step.kind === 'camera' || step.kind === 'page' ? 0 : step.at % Math.max(1, s.layers.length)];
            if (step.kind === 'add') s.layers.push(layer(`${step.id}${who}`));
            else if (step.kind === 'remove' && target) s.layers.splice(s.layers.indexOf(target), 1);
            else if (step.kind === 'title' && target) target.title = step.title;
            else if (step.kind === 'color' && target) target.appearance = { ...target.appearance, marker: { pointColor: step.color } };
            else if (step.kind === 'move' && target) s.layers.push(...s.layers.splice(s.layers.indexOf(target), 1));
            else if (step.kind === 'camera') s.camera.height = step.height;
            else if (step.kind === 'page') s.story.pages.push({ id: step.id, title: step.id, text: '', camera: s.camera });
          });
          if (sync) syncAll([doc, docs[(who + 1) % count]!]);
        }
        syncAll(docs);
        const scene = readScene(docs[0]!)!;
        for (const doc of docs) expect(readScene(doc)).toEqual(scene);
        expect(new Set(scene.layers.map((l) => l.id)).size).toBe(scene.layers.length);
        expect(new Set(scene.story.pages.map((p) => p.id)).size).toBe(scene.story.pages.length);
      }),
      { numRuns: 150 },
    );
  });
});
