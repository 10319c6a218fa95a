import type { Timeline } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';
import type { TimelineSnapshot } from '../../engine/engine-timeline.js';
import type { PushedState } from './state.js';

/** A time argument as it crosses: a Date as its milliseconds (an invalid Date throws here), a string as written. */
function time(name: string, value: unknown): number | string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) {
    const ms = value.getTime();
    if (ms !== ms) throw new TypeError(`timeline.setTime: ${name} is an invalid Date`);
    return ms;
  }
  if (typeof value === 'string') return value;
  throw new TypeError(`timeline.setTime: ${name} must be a Date or an ISO 8601 string, not ${typeof value}`);
}

/**
 * `app.timeline`. The clock is pushed state: the first use of the namespace asks the host for it
 * (`timeline.use`, which also shows the page's timeline bar), and from then on the host pushes it
 * on every change and, while playing, once per frame. Reads never cross; commands do
 * (host/ops/tool-ops.ts) and answer the new state.
 */
export function createTimeline(bridge: Bridge, state: PushedState): { timeline: Timeline; events: Emitter } {
  const { call } = bridge;
  let used = false;
  const clock = () => {
    if (!used) {
      state.timeline = call('timeline.use');
      used = true;
    }
    return state.timeline;
  };
  /** A clock command: the page's clock after it is the new pushed state. */
  const command = (send: () => TimelineSnapshot) => {
    clock();
    state.timeline = send();
  };
  const events = new Emitter(bridge, 'timeline', PLUGIN_EVENTS.timeline.prefix, PLUGIN_EVENTS.timeline.names, { tick: (ms: number) => new Date(ms) });
  const timeline: Timeline = {
    get startTime() {
      return new Date(clock().start);
    },
    get stopTime() {
      return new Date(clock().stop);
    },
    get currentTime() {
      return new Date(clock().current);
    },
    get isPlaying() {
      return clock().isPlaying;
    },
    get speed() {
      return clock().speed;
    },
    get stepType() {
      return clock().stepType;
    },
    get rangeType() {
      return clock().rangeType;
    },
    play: () => command(() => call('timeline.play')),
    pause: () => command(() => call('timeline.pause')),
    tick() {
      command(() => call('timeline.tick'));
      return new Date(state.timeline.current);
    },
    setTime(t) {
      if (typeof t !== 'object' || t === null) throw new TypeError('timeline.setTime: the argument must be an object {start?, stop?, current?}');
      command(() => call('timeline.setTime', [{ start: time('start', t.start), stop: time('stop', t.stop), current: time('current', t.current) }]));
    },
    setSpeed: (speed) => command(() => call('timeline.setSpeed', [speed])),
    setStepType: (stepType) => command(() => call('timeline.setStepType', [stepType])),
    setRangeType: (rangeType) => command(() => call('timeline.setRangeType', [rangeType])),
    on(event, listener, options) {
      clock();
      return events.on(event, listener, options);
    },
    off: (event, listener) => events.off(event, listener),
  };
  return { timeline, events };
}
