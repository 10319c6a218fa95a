import { describe, expect, it } from 'vitest';
import { featureTimes, showsAt, timeOf } from './feature-times.js';
import type { SourceFeature } from './geojson-features.js';

const f = (properties: Record<string, unknown>): SourceFeature => ({ properties, geometry: null });
const T = (iso: string) => Date.parse(iso);

describe('time from a property (docs/contract.md §18 data.time)', () => {
  it('reads ISO dates and numbers (ms since 1970), nothing else', () => {
    expect(timeOf('2026-01-02T03:04:05Z')).toBe(T('2026-01-02T03:04:05Z'));
    expect(timeOf('2026-01-02')).toBe(T('2026-01-02'));
    expect(timeOf(1_700_000_000_000)).toBe(1_700_000_000_000);
    for (const v of ['', 'soon', null, undefined, true, Number.NaN]) expect(timeOf(v)).toBeNaN();
  });

  it('ends at endProperty, or after duration seconds, or never; a feature with no start always shows', () => {
    const features = [f({ s: '2026-01-01T00:00:00Z', e: '2026-01-03T00:00:00Z' }), f({ s: '2026-01-02T00:00:00Z' }), f({ other: 1 })];
    const byEnd = featureTimes(features, { property: 's', endProperty: 'e' });
    expect([...byEnd.times]).toEqual([T('2026-01-01T00:00:00Z'), T('2026-01-03T00:00:00Z'), T('2026-01-02T00:00:00Z'), Infinity, Number.NaN, Number.NaN]);
    expect(byEnd.range).toEqual([T('2026-01-01T00:00:00Z'), T('2026-01-03T00:00:00Z')]);
    const byDuration = featureTimes(features, { property: 's', duration: 3600 });
    expect(byDuration.times[1]).toBe(T('2026-01-01T01:00:00Z'));
    expect(featureTimes(features, { property: 's' }).range).toEqual([T('2026-01-01T00:00:00Z'), T('2026-01-02T00:00:00Z')]);
    expect(featureTimes([f({})], { property: 's' }).range).toBeUndefined();
  });

  it('shows a feature from its start, up to but not at its end', () => {
    expect(showsAt(10, 20, 9)).toBe(false);
    expect(showsAt(10, 20, 10)).toBe(true);
    expect(showsAt(10, 20, 19.9)).toBe(true);
    expect(showsAt(10, 20, 20)).toBe(false);
    expect(showsAt(10, Infinity, 1e15)).toBe(true);
    expect(showsAt(Number.NaN, Number.NaN, 0)).toBe(true);
  });
});
