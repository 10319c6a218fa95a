import type { LayerTime } from '@orbis/scene';
import type { SourceFeature } from './geojson-features.js';

/** A property's value as a time: ms since 1970 from a number, or an ISO 8601 date (or any date `Date.parse` reads); NaN otherwise. */
export function timeOf(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string' && value.trim() !== '') return Date.parse(value);
  return Number.NaN;
}

/**
 * Each feature's interval (docs/contract.md §18 `data.time`): start and end per feature, ms since
 * 1970, a feature showing while start ≤ time < end. The end is `endProperty`'s value, or `duration`
 * seconds after the start, or never (Infinity). A feature without a start that can be read has
 * NaN: it is not time-dynamic and always shows. `range` is the earliest start and the latest end
 * (or start, where the ends are open), for the clock; undefined when no feature has a time.
 */
export function featureTimes(features: readonly SourceFeature[], time: LayerTime): { times: Float64Array; range: [number, number] | undefined } {
  const times = new Float64Array(features.length * 2);
  let [first, last] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  features.forEach((f, i) => {
    const start = timeOf(f.properties[time.property]);
    const end =
      time.endProperty !== undefined
        ? timeOf(f.properties[time.endProperty])
        : time.duration !== undefined
          ? start + time.duration * 1000
          : Number.POSITIVE_INFINITY;
    // A missing or unreadable end leaves the interval open.
    const until = Number.isNaN(start) ? Number.NaN : Number.isNaN(end) ? Number.POSITIVE_INFINITY : end;
    times[i * 2] = start;
    times[i * 2 + 1] = until;
    if (Number.isNaN(start)) return;
    first = Math.min(first, start);
    last = Math.max(last, Number.isFinite(until) ? until : start);
  });
  return { times, range: first <= last ? [first, last] : undefined };
}

/** Whether a feature with this interval (featureTimes) shows at `now`. */
export function showsAt(start: number, end: number, now: number): boolean {
  return Number.isNaN(start) || (start <= now && now < end);
}
