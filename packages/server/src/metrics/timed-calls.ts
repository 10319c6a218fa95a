import { performance } from 'node:perf_hooks';
import type { Outcome } from './server-metrics.js';

/** Where a timed call is reported: its operation's name, how it ended, and its seconds. */
export type CallObserver = (operation: string, outcome: Outcome, seconds: number) => void;

/**
 * Told of a call as it starts, by its operation's name; what it returns is told once, when the
 * call has ended, how it ended. A span starts and ends this way, and so does a timing.
 */
export type CallWatcher = (operation: string) => (outcome: Outcome) => void;

/** A watcher that times each call and reports it to `observe` (the metrics' recorders). */
export function timing(observe: CallObserver): CallWatcher {
  return (operation) => {
    const started = performance.now();
    return (outcome) => observe(operation, outcome, (performance.now() - started) / 1000);
  };
}

/** One watcher that tells each of `watchers` (those given), or none when none is given. */
export function watchers(...all: (CallWatcher | undefined)[]): CallWatcher | undefined {
  const given = all.filter((w): w is CallWatcher => w !== undefined);
  if (given.length <= 1) return given[0];
  return (operation) => {
    const ends = given.map((w) => w(operation));
    return (outcome) => ends.forEach((end) => end(outcome));
  };
}

/**
 * `target` seen through a proxy that tells `watch` of each call of a method that returns a
 * promise, as it starts and once it settles, under the method's name (after `prefix`). Methods that
 * return anything else (an async iterable, a plain value) pass through untimed; calls a method
 * makes on its own object are not timed again. The properties named in `nested` (the store's
 * `accounts`) are timed the same way, their operations named `{property}.{method}`. A method
 * replaced on the object later is timed as the new one.
 */
export function timedCalls<T extends object>(target: T, watch: CallWatcher, prefix = '', nested: readonly string[] = []): T {
  const wrappers = new WeakMap<object, unknown>();
  const nestedProxies = new Map<string, { of: object; proxy: object }>();
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof property !== 'string') return value;
      if (typeof value === 'object' && value !== null && nested.includes(property)) {
        const known = nestedProxies.get(property);
        if (known?.of === value) return known.proxy;
        const proxy = timedCalls(value, watch, `${prefix}${property}.`);
        nestedProxies.set(property, { of: value, proxy });
        return proxy;
      }
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(value);
      if (wrapper === undefined) {
        wrapper = timed(value as (...args: unknown[]) => unknown, object, `${prefix}${property}`, watch);
        wrappers.set(value, wrapper);
      }
      return wrapper;
    },
  });
}

function timed(method: (...args: unknown[]) => unknown, self: object, operation: string, watch: CallWatcher) {
  return (...args: unknown[]): unknown => {
    const settle = watch(operation);
    let result: unknown;
    try {
      result = method.apply(self, args);
    } catch (err) {
      settle('error');
      throw err;
    }
    if (!(result instanceof Promise)) return result;
    return result.then(
      (value: unknown) => {
        settle('ok');
        return value;
      },
      (err: unknown) => {
        settle('error');
        throw err;
      },
    );
  };
}
