import { defaultScene, type Scene } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { addGroup, groupIdOf, moveToGroup, removeGroup, setLayerGroup } from './layer-groups.js';

describe('groups of layers in the editor (docs/contract.md §18)', () => {
  const scene = (): Scene => ({
    ...defaultScene(),
    layers: ['a', 'b'].map((id) => ({ id, title: id, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true })),
  });

  it('makes a group once from the title typed in a layer’s Tools panel, and keeps a group no layer is in', () => {
    const s = scene();
    setLayerGroup(s, 'a', ' Evacuation shelters ');
    setLayerGroup(s, 'b', 'Evacuation shelters');
    expect(s.groups).toEqual([{ id: 'evacuation-shelters', title: 'Evacuation shelters' }]);
    expect(s.layers.map((l) => l.group)).toEqual(['evacuation-shelters', 'evacuation-shelters']);
    setLayerGroup(s, 'a', 'Rivers');
    setLayerGroup(s, 'b', '');
    expect(s.groups?.map((g) => g.id)).toEqual(['evacuation-shelters', 'rivers']);
    expect(s.layers.map((l) => l.group)).toEqual(['rivers', undefined]);
  });

  it('adds groups with ids of their own, moves layers in and out, and removes a group leaving its layers', () => {
    const s = scene();
    const first = addGroup(s, 'Parks');
    const second = addGroup(s, 'parks');
    expect([first, second]).toEqual(['parks', 'parks-2']);
    moveToGroup(s, 'a', second);
    moveToGroup(s, 'b', 'nonexistent');
    expect(s.layers.map((l) => l.group)).toEqual(['parks-2', undefined]);
    moveToGroup(s, 'b', first);
    removeGroup(s, first);
    expect(s.layers.map((l) => l.group)).toEqual(['parks-2', undefined]);
    moveToGroup(s, 'a', undefined);
    removeGroup(s, second);
    expect([s.groups, s.layers.map((l) => l.group)]).toEqual([undefined, [undefined, undefined]]);
  });

  it('gives a title of no Latin letters or digits an id all the same', () => {
    expect(groupIdOf('避難所')).toMatch(/^group-[0-9a-z]+$/);
    expect(groupIdOf('避難所')).not.toBe(groupIdOf('河川'));
  });
});
