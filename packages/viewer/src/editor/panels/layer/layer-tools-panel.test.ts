import { defaultScene, type Scene } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { groupIdOf, setLayerGroup } from './layer-tools-panel.js';

describe('a layer’s group from the title typed in its Tools panel (docs/contract.md §18)', () => {
  const scene = (): Scene => ({
    ...defaultScene(),
    layers: ['a', 'b'].map((id) => ({ id, title: id, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true })),
  });

  it('makes the group once, puts layers of the same title in it, and drops a group no layer names', () => {
    const s = scene();
    setLayerGroup(s, 'a', ' Evacuation shelters ');
    setLayerGroup(s, 'b', 'Evacuation shelters');
    expect(s.groups).toEqual([{ id: 'evacuation-shelters', title: 'Evacuation shelters' }]);
    expect(s.layers.map((l) => l.group)).toEqual(['evacuation-shelters', 'evacuation-shelters']);
    setLayerGroup(s, 'a', 'Rivers');
    setLayerGroup(s, 'b', '');
    expect(s.groups).toEqual([{ id: 'rivers', title: 'Rivers' }]);
    expect(s.layers.map((l) => l.group)).toEqual(['rivers', undefined]);
    setLayerGroup(s, 'a', '');
    expect(s.groups).toBeUndefined();
  });

  it('gives a title of no Latin letters or digits an id all the same', () => {
    expect(groupIdOf('避難所')).toMatch(/^group-[0-9a-z]+$/);
    expect(groupIdOf('避難所')).not.toBe(groupIdOf('河川'));
  });
});
