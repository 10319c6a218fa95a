import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { SANDBOX_PRELUDE } from './sandbox-prelude.js';

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

export const DEFAULT_LIMITS: SandboxLimits = { memoryBytes: 32 * 1024 * 1024, stackBytes: 512 * 1024, sliceMs: 500, maxLogChars: 10_000 };

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
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    module: QuickJSWASMModule,
    readonly pluginId: string,
    readonly extensionId: string,
    private readonly bridge: SandboxBridge,
    private readonly onStopped: (sandbox: ExtensionSandbox) => void,
    readonly limits: SandboxLimits = DEFAULT_LIMITS,
  ) {
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
      const args = JSON.parse(ctx.getString(jsonHandle)) as unknown[];
      const result = this.handle(op, args);
      return result === undefined ? ctx.undefined : ctx.newString(JSON.stringify(result));
    });
    try {
      const made = this.enter(() => {
        const prelude = ctx.unwrapResult(ctx.evalCode(SANDBOX_PRELUDE, 'orbis-prelude.js'));
        const entryObject = ctx.unwrapResult(ctx.callFunction(prelude, ctx.undefined, host));
        prelude.dispose();
        return entryObject;
      });
      if (!made) return;
      this.entry = {
        dispatch: ctx.getProp(made, 'dispatch'),
        resolve: ctx.getProp(made, 'resolve'),
        timer: ctx.getProp(made, 'timer'),
        update: ctx.getProp(made, 'update'),
      };
      made.dispose();
    } finally {
      host.dispose();
    }
    for (const [kind, value] of Object.entries(initial)) this.update(kind, value);
    this.status = 'running';
    this.enter(() => ctx.unwrapResult(ctx.evalCode(code, `${this.label}.js`)).dispose(), true);
  }

  /** Hands an event to the extension's own listeners, once, if it listens to it. */
  dispatch(event: string, payload: unknown): void {
    if (this.status !== 'running' || (event !== 'message' && !this.subscribed.has(event))) return;
    this.callEntry('dispatch', [event, JSON.stringify(payload ?? {})]);
  }

  /** Replaces a piece of pushed state: property, viewport, env, mode, radii. */
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
  private enter<T>(work: () => T, topLevel = false): T | undefined {
    if (this.status === 'failed' || this.status === 'stopped') return undefined;
    const outer = this.deadline;
    const nested = outer > Date.now();
    if (!nested) this.deadline = Date.now() + this.limits.sliceMs;
    try {
      const result = work();
      const jobs = this.runtime.executePendingJobs();
      if (jobs.error) {
        const error = this.context.dump(jobs.error);
        jobs.error.dispose();
        throw Object.assign(new Error(describe(error)), { sandboxError: error });
      }
      return result;
    } catch (err) {
      const text = describe((err as { cause?: unknown }).cause ?? err);
      const fatal = /interrupted|out of memory|stack overflow|memory/i.test(text) || topLevel;
      this.bridge(this, 'console', ['error', `${fatal ? 'stopped: ' : ''}${text}`]);
      if (fatal) this.dispose('failed', text);
      return undefined;
    } finally {
      if (!nested) this.deadline = outer;
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
        const run = () => {
          if (!repeat) this.timers.delete(id);
          this.callEntry('timer', [id]);
        };
        this.timers.set(id, repeat ? setInterval(run, Math.max(ms, 4)) : setTimeout(run, ms));
        return undefined;
      }
      case 'clearTimer': {
        const handle = this.timers.get(args[0] as number);
        clearTimeout(handle);
        clearInterval(handle);
        this.timers.delete(args[0] as number);
        return undefined;
      }
      case 'console': {
        const [level, text] = args as [string, string];
        const cut = text.length > this.limits.maxLogChars ? `${text.slice(0, this.limits.maxLogChars)}… (${text.length} characters)` : text;
        return this.bridge(this, 'console', [level, cut]);
      }
      case 'error':
        return this.bridge(this, 'console', ['error', String(args[0])]);
      default:
        return this.bridge(this, op, args);
    }
  }

  private dispose(status: 'failed' | 'stopped', failure?: string): void {
    if (this.status === 'failed' || this.status === 'stopped') return;
    this.status = status;
    this.failure = failure;
    for (const handle of this.timers.values()) {
      clearTimeout(handle);
      clearInterval(handle);
    }
    this.timers.clear();
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
