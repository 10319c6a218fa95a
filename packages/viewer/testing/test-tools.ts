import type { SketchEventProps, SketchOptions, SketchType, SpatialIdPickSpaceOptions, SpatialIdSpace, TimelineCommitter } from '@orbis/plugin-api';
import { applyRange, type EngineTimeline, type TimelinePatch, type TimelineSnapshot } from '../src/engine/engine-timeline.js';
import type { InteractionModeType as InteractionMode } from '@orbis/plugin-api';
import type { ToolServices } from '../src/plugins/host/plugin-tools.js';

/**
 * For the host's unit tests only (test doubles; the real tools — interaction-controller.ts,
 * cesium-timeline.ts — are tested in the browser, e2e/plugins-tools.test.ts): a sketch tool, a
 * picker and a clock kept in memory, with controls that play the user's part.
 */
export function testTools() {
  const listeners = {
    create: new Set<(e: SketchEventProps) => void>(),
    update: new Set<(e: SketchEventProps) => void>(),
    tool: new Set<(t: SketchType | undefined) => void>(),
    pick: new Set<(s: SpatialIdSpace) => void>(),
    mode: new Set<(m: InteractionMode) => void>(),
  };
  const calls: { op: string; args: unknown[] }[] = [];
  let tool: SketchType | undefined;
  let options: SketchOptions = {};
  const add = <T>(set: Set<T>, listener: T) => (set.add(listener), () => void set.delete(listener));

  const tick = new Set<(current: number) => void>();
  const commit = new Set<(c: TimelineCommitter) => void>();
  let clock: TimelineSnapshot = {
    start: Date.parse('2026-11-21T00:00:00Z'),
    stop: Date.parse('2026-11-21T01:30:00Z'),
    current: Date.parse('2026-11-21T00:00:00Z'),
    isPlaying: false,
    speed: 60,
    stepType: 'rate',
    rangeType: 'unbounded',
  };
  let wanted = false;
  const timeline: EngineTimeline = {
    snapshot: () => ({ ...clock }),
    commit(patch: TimelinePatch, committer) {
      const { playing, ...rest } = patch;
      clock = { ...clock, ...rest, ...(playing === undefined ? {} : { isPlaying: playing }) };
      for (const l of commit) l(committer);
    },
    step() {
      clock = { ...clock, current: applyRange(clock.current + clock.speed * 1000, clock.start, clock.stop, clock.rangeType) };
      for (const l of tick) l(clock.current);
      return clock.current;
    },
    onTick: (l) => add(tick, l),
    onCommit: (l) => add(commit, l),
    get wanted() {
      return wanted;
    },
    want: () => void (wanted = true),
    release: () => void (wanted = false),
    onWanted: () => () => undefined,
  };

  const services: ToolServices = {
    sketch: {
      state: () => ({ tool: tool ?? null, options: { ...options } }),
      setTool(t) {
        calls.push({ op: 'setTool', args: [t] });
        if (t === tool) return;
        tool = t;
        for (const l of listeners.tool) l(t);
      },
      overrideOptions: (o) => void (options = { ...options, ...o }),
      onCreate: (l) => add(listeners.create, l),
      onUpdate: (l) => add(listeners.update, l),
      onToolChange: (l) => add(listeners.tool, l),
    },
    spatialId: { pickSpace: (o: SpatialIdPickSpaceOptions) => void calls.push({ op: 'pickSpace', args: [o] }), onPick: (l) => add(listeners.pick, l) },
    timeline,
    onModeChange: (l) => add(listeners.mode, l),
  };
  return {
    services,
    calls,
    /** The user finished a shape. */
    draw: (event: SketchEventProps) => listeners.create.forEach((l) => l(event)),
    /** The user dragged a point of a drawn shape. */
    edit: (event: SketchEventProps) => listeners.update.forEach((l) => l(event)),
    /** The user picked a voxel. */
    pick: (space: SpatialIdSpace) => listeners.pick.forEach((l) => l(space)),
    /** The page changed mode by itself. */
    mode: (m: InteractionMode) => listeners.mode.forEach((l) => l(m)),
    /** A frame in which the playing clock moved to `current`. */
    frame(current: number) {
      clock = { ...clock, current };
      for (const l of tick) l(current);
    },
    get wanted() {
      return wanted;
    },
  };
}
