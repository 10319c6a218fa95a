import { describe, expect, it } from 'vitest';
import { selectionOf } from './live-scene.js';

describe('selectionOf', () => {
  it("reads a peer's selected layer or story page, and nothing else", () => {
    expect(selectionOf({ layer: 'layer-1' })).toEqual({ layer: 'layer-1' });
    expect(selectionOf({ page: 'page-2', other: 1 })).toEqual({ page: 'page-2' });
    expect(selectionOf({ layer: 3 })).toBeUndefined();
    expect(selectionOf('layer-1')).toBeUndefined();
    expect(selectionOf(null)).toBeUndefined();
  });
});
