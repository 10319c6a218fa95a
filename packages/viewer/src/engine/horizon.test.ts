import { describe, expect, it } from 'vitest';
import { isBehindHorizon } from './horizon.js';

const R: [number, number, number] = [6378137, 6378137, 6356752.314245179];

describe('isBehindHorizon', () => {
  const camera: [number, number, number] = [20_000_000, 0, 0];
  it('shows the near side and hides the far side', () => {
    expect(isBehindHorizon(R, camera, [6378137, 0, 0])).toBe(false);
    expect(isBehindHorizon(R, camera, [-6378137, 0, 0])).toBe(true);
    expect(isBehindHorizon(R, camera, [0, 6378137, 0])).toBe(true);
  });
  it('shows a point high enough to rise over the horizon', () => {
    expect(isBehindHorizon(R, camera, [-1000, 0, 40_000_000])).toBe(false);
  });
});
