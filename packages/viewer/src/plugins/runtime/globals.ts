import type { Bridge } from './bridge.js';

/** The most timers one extension may have pending. */
const MAX_TIMERS = 1000;

interface Timer {
  fn: (...args: unknown[]) => void;
  args: unknown[];
  repeat: boolean;
}

declare global {
  // What the runtime adds to the sandbox's global scope besides `app` (see plugin-api).
  var console: Record<'log' | 'info' | 'warn' | 'error' | 'debug', (...args: unknown[]) => void>;
  var setTimeout: (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => number;
  var setInterval: (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => number;
  var clearTimeout: (id: number) => void;
  var clearInterval: (id: number) => void;
}

/**
 * Installs `console` and the timers. Timer callbacks stay here; the host keeps one wake-up per
 * extension and calls back `run(id)` when one is due.
 */
export function installGlobals(bridge: Bridge): { runTimer(id: number): void } {
  const { call } = bridge;
  const stringify = JSON.stringify;
  const timers = new Map<number, Timer>();
  let nextTimer = 1;

  const format = (v: unknown): string => {
    if (typeof v === 'string') return v;
    try {
      return stringify(v);
    } catch {
      return String(v);
    }
  };
  const log =
    (level: string) =>
    (...args: unknown[]) =>
      call('console', [level, args.map(format).join(' ')]);
  globalThis.console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };

  const addTimer = (fn: Timer['fn'], ms: unknown, args: unknown[], repeat: boolean): number => {
    if (typeof fn !== 'function') throw new TypeError('timers take a function');
    if (timers.size >= MAX_TIMERS) throw new RangeError(`too many timers: at most ${MAX_TIMERS}`);
    const id = nextTimer++;
    timers.set(id, { fn, args, repeat });
    call('timer', [id, Math.max(0, Number(ms) || 0), repeat]);
    return id;
  };
  const clearTimer = (id: number) => {
    if (timers.delete(id)) call('clearTimer', [id]);
  };
  globalThis.setTimeout = (fn, ms, ...args) => addTimer(fn, ms, args, false);
  globalThis.setInterval = (fn, ms, ...args) => addTimer(fn, ms, args, true);
  globalThis.clearTimeout = clearTimer;
  globalThis.clearInterval = clearTimer;

  return {
    runTimer(id) {
      const t = timers.get(id);
      if (!t) return;
      if (!t.repeat) timers.delete(id);
      try {
        t.fn.apply(undefined, t.args);
      } catch (err) {
        bridge.report(err);
      }
    },
  };
}
