import { describe, expect, it } from 'vitest';
import { histogramBins } from './style-histogram.js';

describe('histogramBins', () => {
  it('counts values in bins of equal width from the least to the greatest, the greatest in the last', () => {
    expect(histogramBins([0, 1, 1, 2, 9, 10], 5)).toEqual([3, 1, 0, 0, 2]);
    expect(histogramBins([5, 5, 5], 4)).toEqual([3, 0, 0, 0]);
    expect(histogramBins([], 3)).toEqual([0, 0, 0]);
  });
});
