import { describe, expect, it } from 'vitest';
import { mergeOverride, PropertyLayers } from './property-layers.js';

describe('mergeOverride', () => {
  it('merges objects key by key, replaces arrays and values, removes keys given null', () => {
    const base = { terrain: { enabled: false, exaggeration: 2 }, tiles: [{ type: 'default' }], sky: { atmosphere: true } };
    const out = mergeOverride(base, { terrain: { enabled: true }, tiles: [{ type: 'osm', url: 'x' }], sky: null });
    expect(out).toEqual({ terrain: { enabled: true, exaggeration: 2 }, tiles: [{ type: 'osm', url: 'x' }] });
    expect(base).toEqual({ terrain: { enabled: false, exaggeration: 2 }, tiles: [{ type: 'default' }], sky: { atmosphere: true } });
    expect(mergeOverride({ terrain: { enabled: true } }, { terrain: { enabled: null } })).toEqual({});
  });
});

describe('PropertyLayers', () => {
  it('applies plugin layers over the scene in install order, defaults never added', () => {
    const layers = new PropertyLayers(['a', 'b']);
    layers.setBase({ terrain: { enabled: false }, globe: { baseColor: '#111111' } });
    expect(layers.effective()).toEqual({ terrain: { enabled: false }, globe: { baseColor: '#111111' } });
    layers.override('b', { terrain: { enabled: true } });
    layers.override('a', { terrain: { enabled: false, exaggeration: 3 } });
    expect(layers.effective()).toEqual({ terrain: { enabled: true, exaggeration: 3 }, globe: { baseColor: '#111111' } });
    layers.override('b', { terrain: null });
    expect(layers.effective()).toEqual({ terrain: { enabled: false, exaggeration: 3 }, globe: { baseColor: '#111111' } });
    layers.remove('a');
    expect(layers.effective()).toEqual({ terrain: { enabled: false }, globe: { baseColor: '#111111' } });
  });
});
