import { defaultScene, type Layer } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { adoptScene } from './adopt-scene.js';

const layer = (id: string, title = id): Layer => ({ id, title, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true });

describe('adoptScene', () => {
  it('takes the new scene in place: kept layers keep their objects, new ones come, gone ones go', () => {
    const target = { ...defaultScene(), layers: [layer('a'), layer('b')] };
    const a = target.layers[0]!;
    const layers = target.layers;
    const source = { ...defaultScene(), layers: [layer('c'), layer('a', 'renamed')] };
    adoptScene(target, source);
    expect(target).toEqual(source);
    expect(target.layers).toBe(layers);
    expect(target.layers[1]).toBe(a);
    expect(a.title).toBe('renamed');
  });
});
