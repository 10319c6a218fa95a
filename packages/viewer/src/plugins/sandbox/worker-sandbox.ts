import { BlockingAnswerer, CHANNEL_BYTES } from '../transport/blocking-channel.js';
import { parseBridgeJson } from '../transport/bridge-json.js';
import { hears } from '../protocol/plugin-events.js';
import { describe } from '../quickjs/quickjs-core.js';
import { type Sandbox, type SandboxBridge, type SandboxMaker, type SandboxStatus, type SandboxStopped, sandboxLabel } from './sandbox.js';
import type { SandboxLimits } from './sandbox-limits.js';
import { CONTROL, type CallUpdate, type FromWorker, type ToWorker } from '../transport/worker-messages.js';
import { Watchdog } from './watchdog.js';

/** A started worker as the page holds it: a browser `Worker` or Node's `worker_threads.Worker`, adapted. */
export interface WorkerHandle {
  post(message: ToWorker): void;
  /** Called with each message of the worker, and with an error if the worker itself fails. */
  listen(onMessage: (message: FromWorker) => void, onError: (error: unknown) => void): void;
  terminate(): void;
}

/**
 * One extension whose QuickJS sandbox runs in its own worker (docs/contract.md §11): whatever the plugin
 * does, the page's thread only answers its calls. The host sees the same {@link Sandbox} as on
 * the main thread. A plugin stuck past its slice (inside a built-in, where QuickJS's interrupt
 * cannot reach) is ended from here by the {@link Watchdog}: the worker is terminated.
 */
export class WorkerSandbox implements Sandbox {
  status: SandboxStatus = 'created';
  failure: string | undefined;
  readonly subscribed = new Set<string>();
  private readonly answerer: BlockingAnswerer;
  private readonly channel = new SharedArrayBuffer(CHANNEL_BYTES);
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL.length * 4));
  /** Calls (blocking, posted, async) of the worker handled so far: see ToWorker `mirror`. */
  private seen = 0;
  /** While a blocking call of this worker runs, state pushed to it waits for the answer. */
  private updates: CallUpdate[] | undefined;
  private watched = { entries: -1, since: 0 };
  private markStarted!: () => void;
  readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));

  constructor(
    private readonly worker: WorkerHandle,
    readonly pluginId: string,
    readonly extensionId: string,
    private readonly bridge: SandboxBridge,
    private readonly onStopped: SandboxStopped,
    readonly limits: SandboxLimits,
    private readonly watchdog: Watchdog,
    /** QuickJS compiled by the page, posted to the worker (it fetches its own when absent). */
    private readonly wasm?: WebAssembly.Module,
    private readonly instance?: string,
  ) {
    this.answerer = new BlockingAnswerer(this.channel);
    worker.listen(
      (message) => this.receive(message),
      (error) => this.stopped(`the sandbox's worker failed: ${describe(error)}`),
    );
  }

  get label(): string {
    return sandboxLabel(this.pluginId, this.extensionId, this.instance);
  }

  private get alive(): boolean {
    return this.status === 'created' || this.status === 'running';
  }

  start(code: string, initial: Record<string, unknown>): void {
    if (!this.alive) return;
    this.status = 'running';
    this.watchdog.add(this);
    this.worker.post({
      t: 'start',
      label: this.label,
      code,
      initial: Object.entries(initial).map(([kind, value]) => [kind, JSON.stringify(value)]),
      limits: this.limits,
      channel: this.channel,
      control: this.control.buffer as SharedArrayBuffer,
      ...(this.wasm ? { wasm: this.wasm } : {}),
    });
  }

  dispatch(event: string, payload: unknown): void {
    if (this.status !== 'running') return;
    const wanted = hears(this.subscribed, event);
    // Posted: delivered after any call the worker is making now, as on the main thread.
    if (wanted) this.worker.post({ t: 'dispatch', event, json: JSON.stringify(payload ?? {}) });
  }

  update(kind: string, value: unknown): void {
    if (!this.alive) return;
    const json = JSON.stringify(value);
    if (this.updates) this.updates.push([kind, json]);
    else this.worker.post({ t: 'update', kind, json });
  }

  resolve(id: number, ok: boolean, value: unknown): void {
    if (this.status !== 'running') return;
    this.worker.post({ t: 'resolve', id, ok, json: value === undefined ? undefined : JSON.stringify(value) });
  }

  /** Pushes fresh answers of the `state` operations (the camera moved, the viewer was resized). */
  mirror(values: Record<string, unknown>): void {
    if (this.status !== 'running' || this.updates) return;
    const texts: Record<string, string | undefined> = {};
    for (const [op, value] of Object.entries(values)) texts[op] = value === undefined ? undefined : JSON.stringify(value);
    this.worker.post({ t: 'mirror', seen: this.seen, values: texts });
  }

  stop(): void {
    if (!this.alive) return;
    this.status = 'stopped';
    this.end();
  }

  /**
   * The watchdog's look (every tick): a worker inside one entry for longer than its slice and a
   * grace is stuck where its own interrupt cannot reach, and is stopped.
   */
  watch(now: number, graceMs: number): void {
    if (this.status !== 'running' || Atomics.load(this.control, CONTROL.busy) !== 1) {
      this.watched.entries = -1;
      return;
    }
    const entries = Atomics.load(this.control, CONTROL.entries);
    if (entries !== this.watched.entries) this.watched = { entries, since: now };
    else if (now - this.watched.since > Atomics.load(this.control, CONTROL.sliceMs) + graceMs) {
      const ms = Atomics.load(this.control, CONTROL.sliceMs);
      this.bridge(this, 'console', ['error', `stopped: ran past its time limit (${ms} ms) inside one call; its worker was ended`]);
      this.stopped(`ran past its time limit (${ms} ms)`);
    }
  }

  private stopped(reason: string): void {
    if (!this.alive) return;
    this.status = 'failed';
    this.failure = reason;
    this.end();
    this.onStopped(this, reason);
  }

  private end(): void {
    this.markStarted();
    this.worker.terminate();
    this.watchdog.remove(this);
    this.subscribed.clear();
  }

  private receive(message: FromWorker): void {
    if (!this.alive) return;
    switch (message.t) {
      case 'call':
        return this.call(message.op, message.json);
      case 'post':
        this.seen++;
        try {
          this.bridge(this, message.op, this.args(message.op, message.json));
        } catch (err) {
          // The plugin has gone on: its console hears what went wrong.
          this.bridge(this, 'console', ['error', `${message.op}: ${describe(err)}`]);
        }
        return;
      case 'async':
        this.seen++;
        try {
          this.bridge(this, 'async', [message.id, message.op, this.args(message.op, message.json)]);
        } catch (err) {
          this.resolve(message.id, false, (err as Error)?.message ?? String(err));
        }
        return;
      case 'subscribe':
        if (message.on) this.subscribed.add(message.event);
        else this.subscribed.delete(message.event);
        return;
      case 'log':
        return void this.bridge(this, 'console', [message.level, message.text]);
      case 'started':
        return this.markStarted();
      case 'failed':
        return this.stopped(message.reason);
      case 'grow':
        return this.answerer.grow(message.buffer);
    }
  }

  /** A blocking call: always answered, or the worker would wait for ever. */
  private call(op: string, json: string): void {
    this.seen++;
    this.updates = [];
    try {
      const result = this.bridge(this, op, this.args(op, json));
      const extra = this.updates.length > 0 ? JSON.stringify(this.updates) : '';
      if (result === undefined) this.answerer.answer('none', '', extra);
      else this.answerer.answer('json', JSON.stringify(result), extra);
    } catch (err) {
      const e = err as { name?: unknown; message?: unknown };
      this.answerer.answer('error', JSON.stringify({ name: typeof e?.name === 'string' ? e.name : 'Error', message: String(e?.message ?? err) }));
    } finally {
      this.updates = undefined;
    }
  }

  private args(op: string, json: string): unknown[] {
    const args = parseBridgeJson(op, json);
    if (!Array.isArray(args)) throw new TypeError(`${op}: the arguments must be an array`);
    return args;
  }
}

/**
 * Sandboxes each in its own worker, under one watchdog. `spawn` starts a worker that serves
 * worker/serve-sandbox.ts (in the browser {@link browserWorker}; under Node, a worker_threads Worker).
 * With `wasm` (QuickJS compiled once, quickjs-wasm.ts), every worker instantiates that module
 * instead of fetching and compiling its own.
 */
export function workerSandboxes(spawn: (label: string) => WorkerHandle, watchdog = new Watchdog(), wasm?: WebAssembly.Module): SandboxMaker {
  return ({ pluginId, extensionId, bridge, onStopped, limits, instance }) =>
    new WorkerSandbox(spawn(sandboxLabel(pluginId, extensionId, instance)), pluginId, extensionId, bridge, onStopped, limits, watchdog, wasm, instance);
}

/** A module worker running worker/worker-entry.ts (bundled by Vite with its own QuickJS). */
export function browserWorker(label: string): WorkerHandle {
  const worker = new Worker(new URL('../worker/worker-entry.ts', import.meta.url), { type: 'module', name: `plugin ${label}` });
  return {
    post: (message) => worker.postMessage(message),
    listen(onMessage, onError) {
      worker.onmessage = (event) => onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        onError(new Error(event.message || 'the worker could not start'));
      };
      worker.onmessageerror = () => onError(new Error('a message could not be read'));
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Whether this page can run sandboxes in workers: blocking calls need SharedArrayBuffer and
 * Atomics.wait, which browsers give only cross-origin isolated pages (COOP + COEP headers).
 */
export function canIsolate(): boolean {
  return (
    typeof Worker === 'function' && typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true
  );
}
