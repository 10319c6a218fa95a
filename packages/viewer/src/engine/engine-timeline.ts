import type { TimelineCommitter, TimelineRangeType, TimelineStepType } from '@orbis/plugin-api';

/** The page's clock: times in milliseconds since 1970. */
export interface TimelineSnapshot {
  start: number;
  stop: number;
  current: number;
  isPlaying: boolean;
  speed: number;
  stepType: TimelineStepType;
  rangeType: TimelineRangeType;
}

/** A change to the clock: times in milliseconds since 1970; `playing` plays or pauses. */
export interface TimelinePatch {
  start?: number;
  stop?: number;
  current?: number;
  speed?: number;
  stepType?: TimelineSnapshot['stepType'];
  rangeType?: TimelineSnapshot['rangeType'];
  playing?: boolean;
}

/**
 * The page's clock behind an interface (docs/contract.md §8 `app.timeline`): the timeline bar, the plugin host
 * and the scene's time settings talk to this; time-dynamic layers (CZML) follow it.
 */
export interface EngineTimeline {
  snapshot(): TimelineSnapshot;
  /** Applies a change and tells the commit listeners who made it. */
  commit(patch: TimelinePatch, committer: TimelineCommitter): void;
  /** Advances one step (`speed` seconds, as the range type allows), tells the tick listeners, and answers the new current time. */
  step(): number;
  /** Calls `listener` once per frame in which the time moved while playing, and after each `step`. */
  onTick(listener: (current: number) => void): () => void;
  /** Calls `listener` after every commit. */
  onCommit(listener: (committer: TimelineCommitter) => void): () => void;
  /**
   * Whether the page shows its timeline bar: while a layer shown has time-dynamic data, or once
   * the scene sets a time or a plugin uses the timeline. A page with no time data has no bar.
   */
  readonly wanted: boolean;
  /** Asks for the timeline bar for a reason (`page` when none: the scene's clock, a plugin), until `release(reason)`. */
  want(reason?: string): void;
  /** Withdraws one reason for the bar (the time-dynamic layers were hidden or removed). */
  release(reason: string): void;
  /** Calls `listener` when `wanted` changes. */
  onWanted(listener: () => void): () => void;
}

/**
 * The current time after a step from `current` to `next`, as the range type says at the stop time:
 * `unbounded` goes on, `clamped` stays at the stop, `bounced` starts again from the start (with the
 * overshoot), as CesiumJS's ClockRange UNBOUNDED, CLAMPED and LOOP_STOP do.
 */
export function applyRange(next: number, start: number, stop: number, rangeType: TimelineSnapshot['rangeType']): number {
  if (rangeType === 'unbounded' || stop <= start) return next;
  if (next < start) return start;
  if (next <= stop) return next;
  if (rangeType === 'clamped') return stop;
  return start + ((next - stop) % (stop - start));
}
