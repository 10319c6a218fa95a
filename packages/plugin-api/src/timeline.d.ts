// app.timeline (docs/contract.md §8): Re:Earth v2's timeline. Times are Dates; speed multiplies real time.
import type { ListenerOptions } from './common.js';

export type TimelineStepType = 'rate' | 'fixed';
export type TimelineRangeType = 'unbounded' | 'clamped' | 'bounced';

/** Who changed the timeline: a plugin (`pluginAPI`, with its extension id), the page's timeline bar (`widgetContext`), or the scene (`initialize`). */
export interface TimelineCommitter {
  source: 'widgetContext' | 'pluginAPI' | 'featureResource' | 'storyTimelineBlock' | 'storyPage' | 'initialize';
  id?: string;
}

export interface TimelineEvents {
  /** The current time, at most once per frame while playing. */
  tick: Date;
  /** After `setTime`, `play`, `pause`, `setSpeed`, `setStepType` or `setRangeType`, from any source. */
  commit: TimelineCommitter;
}

/**
 * `app.timeline`: the page's clock, which time-dynamic layers (CZML) follow. Using it shows the
 * page's timeline bar.
 */
export interface Timeline {
  /** Live. @example console.log(app.timeline.startTime.toISOString()); */
  readonly startTime: Date;
  /** @example const hours = (app.timeline.stopTime.getTime() - app.timeline.startTime.getTime()) / 3.6e6; */
  readonly stopTime: Date;
  /** @example console.log(app.timeline.currentTime.toISOString()); */
  readonly currentTime: Date;
  /** @example if (!app.timeline.isPlaying) app.timeline.play(); */
  readonly isPlaying: boolean;
  /** A multiplier of real time (`rate`), or seconds per frame (`fixed`). @example console.log(app.timeline.speed); */
  readonly speed: number;
  /** @example if (app.timeline.stepType === 'fixed') … */
  readonly stepType: TimelineStepType;
  /** What happens at the stop time: go on (`unbounded`), stop there (`clamped`), start again from the start (`bounced`). @example app.timeline.rangeType; */
  readonly rangeType: TimelineRangeType;
  /** @example app.timeline.play(); */
  play(): void;
  /** @example app.timeline.pause(); */
  pause(): void;
  /** Advances one step (`speed` seconds) and returns the new current time. @example const now = app.timeline.tick(); */
  tick(): Date;
  /**
   * Dates or ISO 8601 strings; what is left out stays. A bad date throws a TypeError and changes nothing.
   * @example app.timeline.setTime({ start: '2026-11-21T00:00:00Z', stop: '2026-11-21T01:30:00Z', current: new Date('2026-11-21T00:30:00Z') });
   */
  setTime(time: { start?: Date | string; stop?: Date | string; current?: Date | string }): void;
  /** @example app.timeline.setSpeed(60); */
  setSpeed(speed: number): void;
  /** @example app.timeline.setStepType('fixed'); */
  setStepType(stepType: TimelineStepType): void;
  /** @example app.timeline.setRangeType('bounced'); */
  setRangeType(rangeType: TimelineRangeType): void;
  /**
   * @example app.timeline.on('tick', (now) => console.log(now.toISOString()));
   * @example app.timeline.on('commit', ({ source }) => console.log(source));
   */
  on<E extends keyof TimelineEvents>(event: E, listener: (event: TimelineEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.timeline.off('tick', onTick); */
  off<E extends keyof TimelineEvents>(event: E, listener: (event: TimelineEvents[E]) => void): void;
}
