import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { parseBridgeJson } from './bridge-json.js';
import SANDBOX_RUNTIME from 'virtual:orbis-sandbox-runtime';
import { FRAME_MESSAGE_EVENTS } from './plugin-events.js';
import { SandboxTimers, TimerPacer } from './sandbox-timers.js';

/** What one extension may use. */
export interface SandboxLimits {
  /** The QuickJS heap of one extension. */
  memoryBytes: number;
  stackBytes: number;
  /** How long one entry into the sandbox (top-level code, one event, one timer) may run. */
  sliceMs: number;
  /** Longer console lines are cut. */
  maxLogChars: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { memoryBytes: 32 * 1024 * 1024, stackBytes: 256 * 1024, sliceMs: 500, maxLogChars: 10_000 };

/**
 * The time the runtime's own start may take (evaluating runtime/index.ts's bundle and building
 * `app`): no plugin code runs in it, and a cold WebAssembly module on a busy machine can need
 * more than a plugin's slice for it.
 */
const RUNTIME_START_MS = 5_000;

/** How many promise jobs run between two deadline checks. */
const JOB_CHUNK = 1000;

/** Console lines one extension may write per second; the rest are dropped (and that is said once). */
export const MAX_LOG_LINES_PER_SECOND = 100;

export type SandboxStatus = 'created' | 'running' | 'failed' | 'stopped';

/** The host's side of the bridge: synchronous operations, answered with JSON-able values. */
export type SandboxBridge = (sandbox: ExtensionSandbox, op: string, args: unknown[]) => unknown;

interface Entry {
  dispatch: QuickJSHandle;
  resolve: QuickJSHandle;
  timer: QuickJSHandle;
  update: QuickJSHandle;
}

/**
 * One plugin extension in its own QuickJS runtime. Every entry into it runs under a deadline and
 * the runtime under a memory limit: a plugin that loops forever or exhausts its memory is stopped
 * and reported, and never blocks the page. Disposal frees every handle, timer and listener.
 */
export class ExtensionSandbox {
  status: SandboxStatus = 'created';
  failure: string | undefined;
  /** Events this extension listens to: only those cross into it. */
  readonly subscribed = new Set<string>();
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private entry: Entry | undefined;
  private deadline = 0;
  private readonly timers: SandboxTimers;
  /** How many host calls into this sandbox are under way (a host service may call back in). */
  private depth = 0;
  private logWindow = { start: 0, lines: 0 };

  constructor(
    module: QuickJSWASMModule,
    readonly pluginId: string,
    readonly extensionId: string,
    private readonly bridge: SandboxBridge,
    private readonly onStopped: (sandbox: ExtensionSandbox) => void,
    readonly limits: SandboxLimits = DEFAULT_LIMITS,
    pacer: TimerPacer = new TimerPacer(),
  ) {
    this.timers = new SandboxTimers((id) => this.callEntry('timer', [id]), pacer);
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() => Date.now() > this.deadline);
    this.context = this.runtime.newContext();
  }

  get label(): string {
    return `${this.pluginId}/${this.extensionId}`;
  }

  /** Builds the globals, pushes the initial state, runs the extension's top-level code. */
  start(code: string, initial: Record<string, unknown>): void {
    const ctx = this.context;
    const host = ctx.newFunction('host', (opHandle, jsonHandle) => {
      const op = ctx.getString(opHandle);
      // Console lines may be long (they are cut below); every other value is bounded.
      const args = parseBridgeJson(op, ctx.getString(jsonHandle), op !== 'console') as unknown[];
      if (!Array.isArray(args)) throw new TypeError(`${op}: the arguments must be an array`);
      const result = this.handle(op, args);
      return result === undefined ? ctx.undefined : ctx.newString(JSON.stringify(result));
    });
    try {
      const made = this.enter(() => {
        // The runtime (runtime/index.ts, bundled at build time) evaluates to its start(host).
        const startRuntime = ctx.unwrapResult(ctx.evalCode(SANDBOX_RUNTIME, 'orbis-runtime.js'));
        const entryObject = ctx.unwrapResult(ctx.callFunction(startRuntime, ctx.undefined, host));
        startRuntime.dispose();
        return entryObject;
      }, false, RUNTIME_START_MS);
      if (!made) return;
      this.entry = {
        dispatch: ctx.getProp(made, 'dispatch'),
        resolve: ctx.getProp(made, 'resolve'),
        timer: ctx.getProp(made, 'timer'),
        update: ctx.getProp(made, 'update'),
      };
      made.dispose();
    } finally {
      // A runtime stopped by its limits took the context, and this handle, with it.
      if (this.status !== 'failed') host.dispose();
    }
    for (const [kind, value] of Object.entries(initial)) this.update(kind, value);
    this.status = 'running';
    this.enter(() => ctx.unwrapResult(ctx.evalCode(code, `${this.label}.js`)).dispose(), true);
  }

  /** Hands an event to the extension's own listeners, once, if it listens to it. */
  dispatch(event: string, payload: unknown): void {
    if (this.status !== 'running') return;
    // A frame's message is delivered when either namespace that hears it has a listener.
    const hearers = FRAME_MESSAGE_EVENTS[event];
    const wanted = hearers ? hearers.some((e) => this.subscribed.has(e)) : this.subscribed.has(event);
    if (!wanted) return;
    // An event raised while this extension is calling the host (a service that emits at once)
    // waits for the next task: delivering it inside would let a listener recurse without end.
    if (this.depth > 0) {
      setTimeout(() => this.dispatch(event, payload), 0);
      return;
    }
    this.callEntry('dispatch', [event, JSON.stringify(payload ?? {})]);
  }

  /** Replaces a piece of pushed state: property, viewport, env, mode, radii, widget, versions (and `reearth`: adds that global). */
  update(kind: string, value: unknown): void {
    if (this.status === 'failed' || this.status === 'stopped') return;
    this.callEntry('update', [kind, JSON.stringify(value)]);
  }

  /** Settles a promise the extension is waiting on (the async tools). */
  resolve(id: number, ok: boolean, value: unknown): void {
    if (this.status !== 'running') return;
    this.callEntry('resolve', [id, ok, value === undefined ? undefined : JSON.stringify(value)]);
  }

  stop(): void {
    this.dispose('stopped');
  }

  private callEntry(name: keyof Entry, args: (string | number | boolean | undefined)[]): void {
    const entry = this.entry;
    if (!entry) return;
    const ctx = this.context;
    this.enter(() => {
      const handles = args.map((a) =>
        a === undefined ? ctx.undefined : typeof a === 'number' ? ctx.newNumber(a) : typeof a === 'boolean' ? (a ? ctx.true : ctx.false) : ctx.newString(a),
      );
      try {
        ctx.unwrapResult(ctx.callFunction(entry[name], ctx.undefined, ...handles)).dispose();
      } finally {
        for (const h of handles) if (h.alive && h !== ctx.undefined && h !== ctx.true && h !== ctx.false) h.dispose();
      }
    });
  }

  /**
   * Runs host work that enters the sandbox, then the promise jobs it queued, under one deadline.
   * An interrupt or an out-of-memory stops the extension; other errors are reported, and stop it
   * when they come from its top-level code.
   */
  private enter<T>(work: () => T, topLevel = false, sliceMs = this.limits.sliceMs): T | undefined {
    if (this.status === 'failed' || this.status === 'stopped') return undefined;
    const outer = this.deadline;
    const nested = outer > Date.now();
    if (!nested) this.deadline = Date.now() + sliceMs;
    this.depth++;
    try {
      const result = work();
      this.runJobs();
      return result;
    } catch (err) {
      const text = describe((err as { cause?: unknown }).cause ?? err);
      // "Maximum call stack size exceeded" is the host's own stack, overflowed by QuickJS's C
      // recursion: that runtime cannot be trusted again.
      const fatal = /interrupted|out of memory|stack overflow|call stack|memory/i.test(text) || topLevel;
      this.log('error', `${fatal ? 'stopped: ' : ''}${text}`, true);
      if (fatal) this.dispose('failed', text);
      return undefined;
    } finally {
      this.depth--;
      if (!nested) this.deadline = outer;
    }
  }

  /**
   * Runs the promise jobs the entry queued, in chunks, checking the deadline between them: an
   * interrupt inside a job only rejects that job's promise, so a chain of jobs that re-queues
   * itself would otherwise outlive the deadline.
   */
  private runJobs(): void {
    for (;;) {
      const jobs = this.runtime.executePendingJobs(JOB_CHUNK);
      if (jobs.error) {
        const error = this.context.dump(jobs.error);
        jobs.error.dispose();
        throw Object.assign(new Error(describe(error)), { sandboxError: error });
      }
      if (jobs.value < JOB_CHUNK && !this.runtime.hasPendingJob()) return;
      if (Date.now() > this.deadline) throw new Error('InternalError: interrupted (promise jobs ran past the deadline)');
    }
  }

  private handle(op: string, args: unknown[]): unknown {
    switch (op) {
      case 'subscribe':
        if (args[1]) this.subscribed.add(String(args[0]));
        else this.subscribed.delete(String(args[0]));
        return undefined;
      case 'timer': {
        const [id, ms, repeat] = args as [number, number, boolean];
        this.timers.add(Number(id), Number(ms), repeat === true);
        return undefined;
      }
      case 'clearTimer':
        this.timers.clear(Number(args[0]));
        return undefined;
      case 'console':
        return this.log(String(args[0]), String(args[1]));
      case 'error':
        return this.log('error', String(args[0]));
      default:
        return this.bridge(this, op, args);
    }
  }

  /**
   * Writes one console line, cut to `maxLogChars`, at most MAX_LOG_LINES_PER_SECOND a second:
   * a flood costs the page a counter, not a console. The host's own reports always pass.
   */
  private log(level: string, text: string, fromHost = false): undefined {
    const now = Date.now();
    if (now - this.logWindow.start >= 1000) this.logWindow = { start: now, lines: 0 };
    const lines = ++this.logWindow.lines;
    if (!fromHost && lines > MAX_LOG_LINES_PER_SECOND) {
      if (lines === MAX_LOG_LINES_PER_SECOND + 1) this.bridge(this, 'console', ['warn', `more than ${MAX_LOG_LINES_PER_SECOND} console lines in a second: dropping lines`]);
      return undefined;
    }
    const cut = text.length > this.limits.maxLogChars ? `${text.slice(0, this.limits.maxLogChars)}… (${text.length} characters)` : text;
    this.bridge(this, 'console', [level, cut]);
    return undefined;
  }

  private dispose(status: 'failed' | 'stopped', failure?: string): void {
    if (this.status === 'failed' || this.status === 'stopped') return;
    this.status = status;
    this.failure = failure;
    this.timers.clearAll();
    this.subscribed.clear();
    if (this.entry) for (const handle of Object.values(this.entry)) handle.alive && handle.dispose();
    this.entry = undefined;
    // A runtime that hit its limits may hold objects it can no longer free cleanly; disposing
    // asserts on leaks in debug builds only, so errors here are not the plugin author's concern.
    try {
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // the memory goes with the runtime either way
    }
    this.onStopped(this);
  }
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; message?: unknown };
    if (e.message !== undefined) return `${e.name ?? 'Error'}: ${String(e.message)}`;
  }
  return String(error);
}
