import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { loadQuickJs } from './quickjs.js';
import { QuickJsCore } from './quickjs-core.js';

const LIMITS = { memoryBytes: 8 << 20, stackBytes: 256 << 10, sliceMs: 500, maxLogChars: 10_000 };

/**
 * Reading an error out of QuickJS (quickjs-emscripten's dump) serialises it twice, the second time
 * with its `name`, `message`, `stack` and `fileName` copied in. Here `fileName` serialises through a
 * loop long enough that QuickJS surely asks its interrupt handler during that second pass: the
 * point where a loaded machine's read, after the deadline, lost the message by chance.
 */
const SLOW_TO_READ = `Object.defineProperty(Error.prototype, 'fileName', { get() { return { toJSON() { let n = 0; for (let i = 0; i < 200000; i++) n += i; return 'late.js'; } }; } });`;

describe('QuickJsCore: an error read after the deadline', () => {
  let module: QuickJSWASMModule;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => vi.useRealTimers());

  /** A core whose host answers `console` by moving the clock past the deadline, then failing. */
  function coreLate() {
    const reports: string[] = [];
    const failed: string[] = [];
    const core = new QuickJsCore(module, 'late', LIMITS, {
      host: (op) => {
        if (op !== 'console') return undefined;
        vi.setSystemTime(Date.now() + 60 * LIMITS.sliceMs);
        throw new RangeError('the host refused, late');
      },
      report: (level, text) => reports.push(`${level} ${text}`),
      failed: (reason) => failed.push(reason),
    });
    return { core, reports, failed };
  }

  it('keeps its message: reading it is not cut by the deadline that already passed (the promise-job flood that gave "stopped: Error: ")', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { core, reports, failed } = coreLate();
    core.start(`${SLOW_TO_READ} console.log('now');`, []);
    expect(failed).toEqual(['RangeError: the host refused, late']);
    expect(reports).toEqual(['error stopped: RangeError: the host refused, late']);
  });

  it('still stops a read that never ends (a hostile toJSON), at the read’s own slice', () => {
    const reports: string[] = [];
    const core = new QuickJsCore(module, 'hostile', LIMITS, {
      host: () => undefined,
      report: (level, text) => reports.push(`${level} ${text}`),
      failed: () => undefined,
    });
    core.start(`Error.prototype.toJSON = function () { for (;;) {} }; throw new Error('x');`, []);
    expect(core.status).toBe('failed');
    expect(reports).toHaveLength(1);
  });
});
