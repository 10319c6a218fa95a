import { describe, expect, it } from 'vitest';
import { MAX_TIMELINE_SPEED, timelineProblem } from '@orbis/scene/checks';
import { compactTimeline, fromUtcInput, timelineFromSnapshot, toUtcInput } from './timeline-fields.js';

describe('the editor clock fields', () => {
  it('shows a scene time in UTC, whatever zone it was written in', () => {
    expect(toUtcInput('2026-11-21T09:30:00Z')).toBe('2026-11-21T09:30:00');
    expect(toUtcInput('2026-11-21T18:30:00+09:00')).toBe('2026-11-21T09:30:00');
    expect(toUtcInput('2026-11-21T09:30:00.250Z')).toBe('2026-11-21T09:30:00');
    expect(toUtcInput(undefined)).toBe('');
    expect(toUtcInput('not a time')).toBe('');
  });

  it('reads a field back as a UTC scene time, with or without seconds', () => {
    expect(fromUtcInput('2026-11-21T09:30:15')).toBe('2026-11-21T09:30:15Z');
    expect(fromUtcInput('2026-11-21T09:30')).toBe('2026-11-21T09:30:00Z');
    expect(fromUtcInput('  ')).toBeUndefined();
    expect(() => fromUtcInput('2026-13-40T99:00')).toThrow(/"2026-13-40T99:00" is not a date and time/);
    // What the field shows reads back to the same time.
    const shown = toUtcInput('2026-02-28T23:59:59+01:00');
    expect(fromUtcInput(shown)).toBe('2026-02-28T22:59:59Z');
  });

  it("keeps the timeline's clock as the scene's, to the second", () => {
    const kept = timelineFromSnapshot({
      start: Date.UTC(2026, 0, 1),
      stop: Date.UTC(2026, 0, 2),
      current: Date.UTC(2026, 0, 1, 6, 0, 0, 700),
      isPlaying: true,
      speed: 60,
      stepType: 'rate',
      rangeType: 'bounced',
    });
    expect(kept).toEqual({
      start: '2026-01-01T00:00:00Z',
      stop: '2026-01-02T00:00:00Z',
      current: '2026-01-01T06:00:00Z',
      speed: 60,
      stepType: 'rate',
      rangeType: 'bounced',
    });
    expect(timelineProblem(kept)).toBeUndefined();
  });

  it('drops empty fields, and an empty clock altogether', () => {
    expect(compactTimeline({ start: '2026-01-01T00:00:00Z', stop: undefined, speed: undefined })).toEqual({ start: '2026-01-01T00:00:00Z' });
    expect(compactTimeline({ start: undefined, rangeType: undefined })).toBeUndefined();
  });

  it('refuses a stop before the start, as the server does', () => {
    expect(timelineProblem({ start: '2026-01-02T00:00:00Z', stop: '2026-01-01T00:00:00Z' })).toEqual({
      path: 'timeline.stop',
      message: 'must not be before timeline.start',
    });
    // The speed's bound is the schema's, checked in the editor before a save.
    expect(timelineProblem({ speed: -MAX_TIMELINE_SPEED })).toBeUndefined();
    expect(timelineProblem({ speed: MAX_TIMELINE_SPEED * 2 })).toEqual({
      path: 'timeline.speed',
      message: 'must be a number between -1,000,000 and 1,000,000',
    });
    expect(timelineProblem({ speed: Number.NaN })?.path).toBe('timeline.speed');
  });
});
