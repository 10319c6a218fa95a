import { ClockRange, ClockStep, JulianDate, type Viewer } from 'cesium';
import type { TimelineCommitter } from '@orbis/plugin-api';
import { applyRange, type EngineTimeline, type TimelinePatch, type TimelineSnapshot } from '../engine-timeline.js';

const RANGES: Record<TimelineSnapshot['rangeType'], ClockRange> = {
  unbounded: ClockRange.UNBOUNDED,
  clamped: ClockRange.CLAMPED,
  bounced: ClockRange.LOOP_STOP,
};
const ms = (t: JulianDate) => JulianDate.toDate(t).getTime();
const julian = (t: number) => JulianDate.fromDate(new Date(t));

/**
 * The page's clock on CesiumJS's own (`viewer.clock`), which time-dynamic data sources follow and
 * whose range types are Re:Earth's (`bounced` is LOOP_STOP, as in Re:Earth). Speed is the clock's
 * multiplier; `rate` steps by real time times the speed, `fixed` by `speed` seconds a frame.
 * Drawing is on demand, so while the clock plays each frame asks for the next.
 */
export class CesiumTimeline implements EngineTimeline {
  private readonly tickListeners = new Set<(current: number) => void>();
  private readonly commitListeners = new Set<(committer: TimelineCommitter) => void>();
  private readonly wantedListeners = new Set<() => void>();
  private last = Number.NaN;
  /** Why the timeline bar is wanted (EngineTimeline.want). */
  private readonly reasons = new Set<string>();

  constructor(private readonly viewer: Viewer) {
    const { clock } = viewer;
    clock.shouldAnimate = false;
    clock.clockStep = ClockStep.SYSTEM_CLOCK_MULTIPLIER;
    // Called on every animation frame; only frames in which the playing clock moved count.
    clock.onTick.addEventListener(() => {
      if (!clock.shouldAnimate) return;
      const now = ms(clock.currentTime);
      if (now === this.last) return;
      this.last = now;
      viewer.scene.requestRender();
      for (const listener of this.tickListeners) listener(now);
      // A clamped clock that reached its stop has finished playing.
      if (clock.clockRange === ClockRange.CLAMPED && now >= ms(clock.stopTime)) this.commit({ playing: false }, { source: 'widgetContext' });
    });
  }

  snapshot(): TimelineSnapshot {
    const { clock } = this.viewer;
    const range = (Object.keys(RANGES) as TimelineSnapshot['rangeType'][]).find((k) => RANGES[k] === clock.clockRange) ?? 'unbounded';
    return {
      start: ms(clock.startTime),
      stop: ms(clock.stopTime),
      current: ms(clock.currentTime),
      isPlaying: clock.shouldAnimate,
      speed: clock.multiplier,
      stepType: clock.clockStep === ClockStep.TICK_DEPENDENT ? 'fixed' : 'rate',
      rangeType: range,
    };
  }

  commit(patch: TimelinePatch, committer: TimelineCommitter): void {
    const { clock } = this.viewer;
    if (patch.start !== undefined) clock.startTime = julian(patch.start);
    if (patch.stop !== undefined) clock.stopTime = julian(patch.stop);
    if (patch.current !== undefined) clock.currentTime = julian(patch.current);
    if (patch.speed !== undefined) clock.multiplier = patch.speed;
    if (patch.stepType !== undefined) clock.clockStep = patch.stepType === 'fixed' ? ClockStep.TICK_DEPENDENT : ClockStep.SYSTEM_CLOCK_MULTIPLIER;
    if (patch.rangeType !== undefined) clock.clockRange = RANGES[patch.rangeType];
    if (patch.playing !== undefined) clock.shouldAnimate = patch.playing;
    this.viewer.scene.requestRender();
    for (const listener of this.commitListeners) listener(committer);
  }

  step(): number {
    const s = this.snapshot();
    const next = applyRange(s.current + s.speed * 1000, s.start, s.stop, s.rangeType);
    this.viewer.clock.currentTime = julian(next);
    this.viewer.scene.requestRender();
    // As CesiumJS's clock.tick() (Re:Earth's timeline.tick), a step is a tick, not a commit.
    for (const listener of this.tickListeners) listener(next);
    return next;
  }

  onTick(listener: (current: number) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  onCommit(listener: (committer: TimelineCommitter) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  get wanted(): boolean {
    return this.reasons.size > 0;
  }

  want(reason = 'page'): void {
    const was = this.wanted;
    this.reasons.add(reason);
    if (!was) for (const listener of this.wantedListeners) listener();
  }

  release(reason: string): void {
    if (!this.reasons.delete(reason) || this.wanted) return;
    for (const listener of this.wantedListeners) listener();
  }

  onWanted(listener: () => void): () => void {
    this.wantedListeners.add(listener);
    return () => this.wantedListeners.delete(listener);
  }
}
