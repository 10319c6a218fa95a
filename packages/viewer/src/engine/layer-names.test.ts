import { describe, expect, it } from 'vitest';
import { layerNames } from './layer-names.js';

describe("layerNames: a WMS or mvt layer's data.layers, a string or an array (docs/contract.md §8)", () => {
  it('splits a comma-separated string and keeps an array', () => {
    expect(layerNames('roads')).toEqual(['roads']);
    expect(layerNames('roads, rivers')).toEqual(['roads', 'rivers']);
    expect(layerNames(['roads', 'rivers'])).toEqual(['roads', 'rivers']);
  });

  it('names none for nothing, an empty string or an empty array', () => {
    for (const value of [undefined, '', ' , ', [], [3]]) expect(layerNames(value)).toBeUndefined();
  });
});
