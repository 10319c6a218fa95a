import { describe, expect, it } from 'vitest';
import { heatOf } from './heat-points.js';
import type { SourceFeature } from '../../vector/geojson-features.js';

const point = (lng: number, lat: number): SourceFeature => ({ properties: {}, geometry: { type: 'Point', coordinates: [lng, lat] } });
const options = { radius: 4, ramp: ['#0000ff', '#ff0000'] };

describe('heatOf', () => {
  it('leaves out the features its appearance hides (a visitor’s filter), and has no image when none is left', () => {
    const features = [point(139, 35), point(139.01, 35), point(141, 36)];
    const all = heatOf(features, options)!;
    expect([all.east > 141, all.north > 36]).toEqual([true, true]);
    // The far point hidden: the image covers the two near ones only.
    const near = heatOf(features, options, Uint8Array.from([0, 0, 1]))!;
    expect([near.east < 140, near.north < 35.5]).toEqual([true, true]);
    expect(heatOf(features, options, Uint8Array.from([1, 1, 1]))).toBeUndefined();
  });
});
