import { describe, expect, it } from 'vitest';
import { horizonDistance, isBehindHorizon } from './horizon.js';

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

describe('horizonDistance', () => {
  it('is the tangent length: a surface point nearer faces the camera, one farther is behind the globe', () => {
    const r = 6_371_000;
    const h = 80_000;
    const d = horizonDistance(r, h);
    expect(d).toBeCloseTo(Math.sqrt((r + h) ** 2 - r ** 2), 3);
    // A surface point at angle θ from below the camera is at distance √(r² + (r+h)² − 2r(r+h)cosθ); on the horizon cosθ = r/(r+h).
    const at = (cos: number) => Math.sqrt(r ** 2 + (r + h) ** 2 - 2 * r * (r + h) * cos);
    expect(at(r / (r + h) + 1e-6)).toBeLessThan(d);
    expect(at(r / (r + h) - 1e-6)).toBeGreaterThan(d);
    expect(horizonDistance(r, -5)).toBe(0);
  });
});
