import type { TimelineCommitter } from '@orbis/plugin-api';
import type { TimelineSnapshot } from '../plugins/runtime/state.js';

export type { TimelineSnapshot };

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
 * The page's clock behind an interface (SPEC §8 `app.timeline`): the timeline bar, the plugin host
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
  /** Whether the page shows its timeline bar: the scene has time-dynamic data, sets a time, or a plugin asked. */
  readonly wanted: boolean;
  /** Asks for the timeline bar (a plugin uses the timeline). */
  want(): void;
  /** Calls `listener` when `wanted` becomes true. */
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
