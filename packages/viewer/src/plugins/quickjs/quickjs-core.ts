import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule, SuccessOrFail } from 'quickjs-emscripten-core';
import SANDBOX_RUNTIME from 'virtual:orbis-sandbox-runtime';
import type { SandboxLimits } from '../sandbox/sandbox-limits.js';
import { MESSAGE_OPS } from '../protocol/host-ops.js';
import { MAX_MESSAGES_PER_SECOND, MAX_REFUSED_PER_SECOND, MessageBudget } from '../transport/message-budget.js';

/**
 * The time the runtime's own start may take (evaluating runtime/index.ts's bundle and building
 * `app`): no plugin code runs in it, and a cold WebAssembly module on a busy machine can need
 * more than a plugin's slice for it.
 */
export const RUNTIME_START_MS = 5_000;

/** How many promise jobs run between two deadline checks. */
const JOB_CHUNK = 1000;

/** The runtime's entry points (runtime/index.ts RuntimeEntry). */
export type EntryName = 'dispatch' | 'resolve' | 'timer' | 'update';
type Entry = Record<EntryName, QuickJSHandle>;

/** What a core needs from the sandbox around it. */
export interface CoreHooks {
  /** The runtime's one way out: `host(op, json) -> json | undefined`; a throw reaches the plugin. */
  host(op: string, json: string): string | undefined;
  /** A report of the host's own (an error of the plugin, its stop). */
  report(level: string, text: string): void;
  /** The runtime stopped by itself: a limit, or an error in top-level code. */
  failed(reason: string): void;
  /** QuickJS is entered (true, with the slice it may run) or left (false), outermost entries only: a worker's watchdog watches this. */
  busy?(entered: boolean, sliceMs: number): void;
}

/**
 * One extension's QuickJS runtime and the plugin runtime in it, the same on the main thread and in
 * a worker. Every entry runs under a deadline and the runtime under a memory limit: a plugin that
 * loops or exhausts its memory is stopped and reported. Disposal frees every handle.
 */
export class QuickJsCore {
  status: 'created' | 'running' | 'failed' | 'stopped' = 'created';
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private entry: Entry | undefined;
  private deadline = 0;
  /** How many entries into this runtime are under way (a host call may enter again). */
  depth = 0;
  /** Why the host stopped this runtime from inside a call (its next interrupt check ends it). */
  private aborted: string | undefined;
  /** While the host reads an error out of the sandbox: the end of that read's own slice. */
  private readingUntil: number | undefined;
  /** The plugin's messages (MESSAGE_OPS), on either thread: past the budget a call throws. */
  private readonly messages = new MessageBudget(() =>
    this.hooks.report(
      'warn',
      `sent more than ${MAX_MESSAGES_PER_SECOND} messages (to its UI, extensions, modal, popup) in a second: each one more throws a TypeError until the second is over`,
    ),
  );

  constructor(
    module: QuickJSWASMModule,
    readonly label: string,
    private readonly limits: SandboxLimits,
    private readonly hooks: CoreHooks,
    /** Whether a runtime stopped by its limits is freed (main thread) or left to the worker's end. */
    private readonly freeFailed = true,
  ) {
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(limits.memoryBytes);
    this.runtime.setMaxStackSize(limits.stackBytes);
    this.runtime.setInterruptHandler(() =>
      this.readingUntil !== undefined ? Date.now() > this.readingUntil : this.aborted !== undefined || Date.now() > this.deadline,
    );
    this.context = this.runtime.newContext();
  }

  get alive(): boolean {
    return this.status === 'created' || this.status === 'running';
  }

  /** Starts the runtime, pushes the initial state (JSON texts), runs the extension's top-level code. */
  start(code: string, initial: [kind: string, json: string][]): void {
    const ctx = this.context;
    const host = ctx.newFunction('host', (opHandle, jsonHandle) => {
      const op = ctx.getString(opHandle);
      if (MESSAGE_OPS.has(op)) this.budgetMessage(op);
      const result = this.hooks.host(op, ctx.getString(jsonHandle));
      return result === undefined ? ctx.undefined : ctx.newString(result);
    });
    try {
      const made = this.enter(
        () => {
          // The runtime (runtime/index.ts, bundled at build time) evaluates to its start(host).
          const startRuntime = this.unwrap(ctx.evalCode(SANDBOX_RUNTIME, 'orbis-runtime.js'));
          const entryObject = this.unwrap(ctx.callFunction(startRuntime, ctx.undefined, host));
          startRuntime.dispose();
          return entryObject;
        },
        false,
        RUNTIME_START_MS,
      );
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
    for (const [kind, json] of initial) this.call('update', [kind, json]);
    if (!this.alive) return;
    this.status = 'running';
    this.enter(() => this.unwrap(ctx.evalCode(code, `${this.label}.js`)).dispose(), true);
  }

  /**
   * Time the extension spent waiting for the page (a worker's blocking call) is not its own: its
   * deadline moves by that much.
   */
  waited(ms: number): void {
    if (this.depth > 0) this.deadline += ms;
  }

  /** Calls one of the runtime's entry points with plain arguments. */
  call(name: EntryName, args: (string | number | boolean | undefined)[]): void {
    const entry = this.entry;
    if (!entry) return;
    const ctx = this.context;
    this.enter(() => {
      const handles = args.map((a) =>
        a === undefined ? ctx.undefined : typeof a === 'number' ? ctx.newNumber(a) : typeof a === 'boolean' ? (a ? ctx.true : ctx.false) : ctx.newString(a),
      );
      try {
        this.unwrap(ctx.callFunction(entry[name], ctx.undefined, ...handles)).dispose();
      } finally {
        for (const h of handles) if (h.alive && h !== ctx.undefined && h !== ctx.true && h !== ctx.false) h.dispose();
      }
    });
  }

  /**
   * Counts one message: past the budget the call throws a TypeError; a plugin that goes on past
   * {@link MAX_REFUSED_PER_SECOND} of them is stopped (QuickJS interrupts it at its next check).
   */
  private budgetMessage(op: string): void {
    const admission = this.messages.take();
    if (admission === 'admitted') return;
    if (admission === 'flooding') {
      this.aborted ??= `it went on sending messages after ${MAX_REFUSED_PER_SECOND} were refused in one second`;
    }
    throw new TypeError(`${op}: more than ${MAX_MESSAGES_PER_SECOND} messages in one second; wait for the next second`);
  }

  /**
   * Runs host work that enters the sandbox, then the promise jobs it queued, under one deadline.
   * An interrupt or an out-of-memory stops the extension; other errors are reported, and stop it
   * when they come from its top-level code.
   */
  private enter<T>(work: () => T, topLevel = false, sliceMs = this.limits.sliceMs): T | undefined {
    if (!this.alive) return undefined;
    const outer = this.deadline;
    const nested = this.depth > 0;
    if (!nested) {
      this.deadline = Date.now() + sliceMs;
      this.hooks.busy?.(true, sliceMs);
    }
    this.depth++;
    try {
      const result = work();
      this.runJobs();
      return result;
    } catch (err) {
      const said = this.aborted ?? describe((err as { cause?: unknown }).cause ?? err);
      // An error that says nothing (a thrown '', or one whose reading came back empty on a loaded
      // machine) past the deadline is the deadline's: say so, rather than "stopped: ".
      const text =
        said.trim() !== ''
          ? said
          : Date.now() > this.deadline
            ? 'InternalError: interrupted (past its time slice; its error said nothing)'
            : 'Error: (an empty error)';
      // "Maximum call stack size exceeded" is the host's own stack, overflowed by QuickJS's C
      // recursion: that runtime cannot be trusted again.
      const fatal = this.aborted !== undefined || /interrupted|out of memory|stack overflow|call stack|memory/i.test(text) || topLevel;
      this.hooks.report('error', `${fatal ? 'stopped: ' : ''}${text}`);
      if (fatal) {
        this.dispose('failed', this.freeFailed);
        this.hooks.failed(text);
      }
      return undefined;
    } finally {
      this.depth--;
      if (!nested) {
        this.deadline = outer;
        this.hooks.busy?.(false, sliceMs);
      }
    }
  }

  /**
   * Runs the promise jobs the entry queued, in chunks, checking the deadline between them: an
   * interrupt inside a job only rejects that job's promise, so a chain of jobs that re-queues
   * itself would otherwise outlive the deadline.
   */
  private runJobs(): void {
    for (;;) {
      const ran = this.unwrap(this.runtime.executePendingJobs(JOB_CHUNK));
      if (ran < JOB_CHUNK && !this.runtime.hasPendingJob()) return;
      if (Date.now() > this.deadline) throw new Error('InternalError: interrupted (promise jobs ran past the deadline)');
    }
  }

  /** A result's value, or its error (read by {@link readError}) thrown with the sandbox's error as its cause. */
  private unwrap<T>(result: SuccessOrFail<T, QuickJSHandle>): T {
    if (!result.error) return result.value;
    const error = this.readError(result.error);
    throw new Error(describe(error), { cause: error });
  }

  /**
   * Reads an error out of the sandbox and frees its handle. Reading runs QuickJS (a getter, a
   * `toJSON`), so the interrupt handler can fire in it; an error read after the deadline (the very
   * error that reports the deadline) would come back without its message. The read gets a slice
   * of its own instead: it is not cut by the deadline that already passed, and a hostile getter
   * that loops is still stopped.
   */
  private readError(handle: QuickJSHandle): unknown {
    this.readingUntil = Date.now() + this.limits.sliceMs;
    try {
      return this.context.dump(handle);
    } finally {
      this.readingUntil = undefined;
      if (handle.alive) handle.dispose();
    }
  }

  /**
   * Frees the runtime. A runtime that hit its limits may hold objects it can no longer free
   * cleanly, and QuickJS then asserts (it prints "Aborted(Assertion failed: list_empty…)"): a
   * worker passes `free = false` for such a runtime and is terminated instead, which frees all.
   */
  dispose(status: 'failed' | 'stopped' = 'stopped', free = true): void {
    if (!this.alive) return;
    this.status = status;
    if (this.entry) for (const handle of Object.values(this.entry)) if (handle.alive) handle.dispose();
    this.entry = undefined;
    if (!free) return;
    try {
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // the memory goes with the runtime either way
    }
  }
}

/** An error as `Name: message`. */
export function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; message?: unknown };
    if (e.message !== undefined) return `${e.name ?? 'Error'}: ${String(e.message)}`;
  }
  return String(error);
}
