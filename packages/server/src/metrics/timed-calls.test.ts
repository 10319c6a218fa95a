import { describe, expect, it } from 'vitest';
import { timedCalls, timing, watchers } from './timed-calls.js';

class Thing {
  readonly kind = 'thing';
  readonly inner = {
    async nested(): Promise<number> {
      return 3;
    },
  };
  private base = 1;
  async read(): Promise<number> {
    return this.base + (await this.helper());
  }
  async helper(): Promise<number> {
    return 1;
  }
  async fail(): Promise<never> {
    throw new Error('database gone');
  }
  plain(): number {
    return this.base;
  }
  async *stream(): AsyncIterable<number> {
    yield this.base;
  }
}

function observed() {
  const calls: string[] = [];
  return {
    calls,
    observe: timing((operation, outcome, seconds) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      calls.push(`${operation} ${outcome}`);
    }),
  };
}

describe('timedCalls', () => {
  it('times each promise-returning call once, by name and outcome, and keeps results, errors and `this`', async () => {
    const { calls, observe } = observed();
    const thing = timedCalls(new Thing(), observe, '', ['inner']);
    expect(await thing.read()).toBe(2);
    await expect(thing.fail()).rejects.toThrow('database gone');
    expect(await thing.inner.nested()).toBe(3);
    // The call `read` makes to `helper` on its own object is not counted again.
    expect(calls).toEqual(['read ok', 'fail error', 'inner.nested ok']);
  });

  it('passes plain values, plain methods and async iterables through untimed', async () => {
    const { calls, observe } = observed();
    const thing = timedCalls(new Thing(), observe);
    expect(thing.kind).toBe('thing');
    expect(thing.plain()).toBe(1);
    const seen: number[] = [];
    for await (const n of thing.stream()) seen.push(n);
    expect(seen).toEqual([1]);
    expect(calls).toEqual([]);
  });

  it('times a method replaced on the object as the new one', async () => {
    const { calls, observe } = observed();
    const thing = timedCalls(new Thing(), observe);
    await thing.read();
    thing.read = async () => 42;
    expect(await thing.read()).toBe(42);
    expect(calls).toEqual(['read ok', 'read ok']);
  });
});

describe('watchers', () => {
  it('tells every given watcher of a call as it starts and as it ends, in order', async () => {
    const told: string[] = [];
    const watcher = (name: string) => (operation: string) => {
      told.push(`${name} starts ${operation}`);
      return (outcome: string) => void told.push(`${name} ends ${operation} ${outcome}`);
    };
    const thing = timedCalls(new Thing(), watchers(watcher('a'), undefined, watcher('b'))!);
    await thing.fail().catch(() => undefined);
    expect(told).toEqual(['a starts fail', 'b starts fail', 'a ends fail error', 'b ends fail error']);
    expect(watchers(undefined, undefined)).toBeUndefined();
  });
});
