import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { parseBridgeJson } from '../transport/bridge-json.js';
import { LogLimiter } from '../quickjs/log-limiter.js';
import { hears } from '../protocol/plugin-events.js';
import { QuickJsCore } from '../quickjs/quickjs-core.js';
import { type Sandbox, type SandboxBridge, type SandboxMaker, type SandboxStatus, type SandboxStopped, sandboxLabel } from './sandbox.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './sandbox-limits.js';
import { SandboxTimers, TimerPacer } from '../quickjs/sandbox-timers.js';

/**
 * One plugin extension in its own QuickJS runtime on the page's main thread: the fallback where
 * the page is not cross-origin isolated (docs/contract.md §11), and the sandbox of the host's unit tests.
 * Every entry runs under a deadline (quickjs-core.ts); a plugin that loops forever or exhausts its
 * memory is stopped and reported. Stopping frees every handle, timer and listener.
 */
export class ExtensionSandbox implements Sandbox {
  failure: string | undefined;
  readonly subscribed = new Set<string>();
  private readonly core: QuickJsCore;
  private readonly timers: SandboxTimers;
  private readonly logs: LogLimiter;

  constructor(
    module: QuickJSWASMModule,
    readonly pluginId: string,
    readonly extensionId: string,
    private readonly bridge: SandboxBridge,
    private readonly onStopped: SandboxStopped,
    readonly limits: SandboxLimits = DEFAULT_LIMITS,
    pacer: TimerPacer = new TimerPacer(),
    private readonly instance?: string,
  ) {
    this.timers = new SandboxTimers((id) => this.core.call('timer', [id]), pacer);
    this.logs = new LogLimiter(limits.maxLogChars, (level, text) => this.bridge(this, 'console', [level, text]));
    this.core = new QuickJsCore(module, this.label, limits, {
      host: (op, json) => {
        // Console lines may be long (they are cut); every other value is bounded.
        const args = parseBridgeJson(op, json, op !== 'console') as unknown[];
        if (!Array.isArray(args)) throw new TypeError(`${op}: the arguments must be an array`);
        const result = this.handle(op, args);
        return result === undefined ? undefined : JSON.stringify(result);
      },
      report: (level, text) => this.logs.log(level, text, true),
      failed: (reason) => this.stopped(reason),
    });
  }

  get label(): string {
    return sandboxLabel(this.pluginId, this.extensionId, this.instance);
  }

  get status(): SandboxStatus {
    return this.core.status;
  }

  start(code: string, initial: Record<string, unknown>): void {
    this.core.start(
      code,
      Object.entries(initial).map(([kind, value]) => [kind, JSON.stringify(value)]),
    );
  }

  dispatch(event: string, payload: unknown): void {
    if (this.status !== 'running') return;
    // A frame's message is delivered when either namespace that hears it has a listener.
    if (!hears(this.subscribed, event)) return;
    // An event raised while this extension is calling the host (a service that emits at once)
    // waits for the next task: delivering it inside would let a listener recurse without end.
    if (this.core.depth > 0) {
      setTimeout(() => this.dispatch(event, payload), 0);
      return;
    }
    this.core.call('dispatch', [event, JSON.stringify(payload ?? {})]);
  }

  update(kind: string, value: unknown): void {
    this.core.call('update', [kind, JSON.stringify(value)]);
  }

  resolve(id: number, ok: boolean, value: unknown): void {
    if (this.status !== 'running') return;
    this.core.call('resolve', [id, ok, value === undefined ? undefined : JSON.stringify(value)]);
  }

  stop(): void {
    if (!this.core.alive) return;
    this.release();
    this.core.dispose('stopped');
  }

  private stopped(reason: string): void {
    this.failure = reason;
    this.release();
    this.onStopped(this, reason);
  }

  private release(): void {
    this.timers.clearAll();
    this.subscribed.clear();
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
        return this.logs.log(String(args[0]), String(args[1]));
      case 'error':
        return this.logs.log('error', String(args[0]));
      default:
        return this.bridge(this, op, args);
    }
  }
}

/** Sandboxes on the main thread, in one QuickJS module; their timers share one pacer, so together they leave the page at least half its time. */
export function inlineSandboxes(module: QuickJSWASMModule): SandboxMaker {
  const pacer = new TimerPacer();
  return ({ pluginId, extensionId, bridge, onStopped, limits, instance }) =>
    new ExtensionSandbox(module, pluginId, extensionId, bridge, onStopped, limits, pacer, instance);
}
