import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { loadQuickJs, printQuickJsError, quickJsVariant } from './quickjs.js';
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

  it('says an error that says nothing, past the deadline, was the deadline’s (CI’s flood that gave "stopped: ")', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { core, reports } = coreLate();
    core.start(`try { console.log('late'); } catch (e) {} throw '';`, []);
    expect(reports).toEqual(['error stopped: InternalError: interrupted (past its time slice; its error said nothing)']);
    const early = new QuickJsCore(module, 'empty', LIMITS, {
      host: () => undefined,
      report: (level, text) => reports.push(`${level} ${text}`),
      failed: () => undefined,
    });
    early.start(`throw '';`, []);
    expect(reports.at(-1)).toBe('error stopped: Error: (an empty error)');
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

/*
 * A value nested deeper than any stack, serialised (a sandbox-escape technique): QuickJS stops the plugin with a
 * stack overflow, and freeing that runtime on the main thread makes QuickJS assert, which Emscripten printed as
 * "Aborted(Assertion failed: list_empty(&rt->gc_obj_list)…)" into every test run's and page's console.
 */
describe('QuickJsCore: a runtime stopped by a stack overflow, freed', () => {
  const NESTED = `let o = {}; for (let i = 0; i < 100000; i++) o = { o }; JSON.stringify(o);`;
  afterEach(() => vi.restoreAllMocks());

  /** Runs the nested value in a fresh module made from `build`, frees the stopped runtime; what reached console.error. */
  async function printed(build: Parameters<typeof newQuickJSWASMModuleFromVariant>[0]) {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const module = await newQuickJSWASMModuleFromVariant(build);
    const reports: string[] = [];
    // A long slice: the stack, not the clock, must stop it, however loaded the machine.
    const core = new QuickJsCore(
      module,
      'nested',
      { ...LIMITS, sliceMs: 60_000 },
      {
        host: () => undefined,
        report: (level, text) => reports.push(`${level} ${text}`),
        failed: () => undefined,
      },
    );
    core.start(NESTED, []);
    expect(core.status).toBe('failed');
    expect(reports).toEqual([expect.stringMatching(/^error stopped: .*stack/i)]);
    return errors.mock.calls.map((args) => args.join(' '));
  }

  it('QuickJS asserts when the stopped runtime is freed: Emscripten prints it by default', async () => {
    expect(await printed(variant)).toContainEqual(expect.stringMatching(/^Aborted\(Assertion failed: list_empty/));
  });

  it('the sandboxes’ build keeps that contained abort out of the console, and prints QuickJS’s other error lines', async () => {
    expect(await printed(quickJsVariant())).toEqual([]);
    printQuickJsError('some other line');
    expect(console.error).toHaveBeenCalledWith('some other line');
  });
});
