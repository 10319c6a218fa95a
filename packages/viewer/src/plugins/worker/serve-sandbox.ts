import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { BlockingCaller } from '../transport/blocking-channel.js';
import { parseBridgeJson } from '../transport/bridge-json.js';
import { LogLimiter } from '../quickjs/log-limiter.js';
import { QuickJsCore } from '../quickjs/quickjs-core.js';
import { checkArgs } from '../protocol/check-args.js';
import { hostOp } from '../protocol/host-ops.js';
import { CONTROL, type CallUpdate, type FromWorker, type ToWorker } from '../transport/worker-messages.js';
import { SandboxTimers, TimerPacer } from '../quickjs/sandbox-timers.js';

/** How a worker talks to the page: `self` in a browser, `parentPort` under Node. */
export interface WorkerPort {
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
}

/**
 * The inside of a sandbox worker (docs/contract.md §11): one extension's QuickJS runtime, its timers and its
 * console limits, and the transport of its host calls. Each call goes as its operation declares
 * (protocol/host-ops.ts): answered here from pushed state, posted without waiting, or sent while
 * the worker waits for the page's answer. What the page must decide stays on the page.
 */
export function serveSandbox(port: WorkerPort, loadModule: (wasm?: WebAssembly.Module) => Promise<QuickJSWASMModule>): void {
  let sandbox: WorkerRuntime | undefined;
  const early: ToWorker[] = [];
  port.listen((message) => {
    if (sandbox) return sandbox.receive(message);
    if (message.t !== 'start') return void early.push(message);
    loadModule(message.wasm).then(
      (module) => {
        sandbox = new WorkerRuntime(module, port, message);
        for (const m of early.splice(0)) sandbox.receive(m);
      },
      (err: unknown) => port.post({ t: 'failed', reason: `QuickJS could not load in the worker: ${String((err as Error)?.message ?? err)}` }),
    );
  });
}

class WorkerRuntime {
  private readonly core: QuickJsCore;
  private readonly timers: SandboxTimers;
  private readonly logs: LogLimiter;
  private readonly caller: BlockingCaller;
  private readonly control: Int32Array;
  /** The last pushed answer of each `state` operation. */
  private readonly mirrors = new Map<string, string | undefined>();
  /** Calls sent to the page: a pushed answer counts only if the page had seen all of them. */
  private sent = 0;

  constructor(
    module: QuickJSWASMModule,
    private readonly port: WorkerPort,
    start: Extract<ToWorker, { t: 'start' }>,
  ) {
    this.control = new Int32Array(start.control);
    this.caller = new BlockingCaller(start.channel, (buffer) => port.post({ t: 'grow', buffer }));
    this.logs = new LogLimiter(start.limits.maxLogChars, (level, text) => port.post({ t: 'log', level, text }));
    // Timers here pace only this worker: the page's thread is not theirs to share.
    this.timers = new SandboxTimers((id) => this.core.call('timer', [id]), new TimerPacer());
    this.core = new QuickJsCore(
      module,
      start.label,
      start.limits,
      {
        host: (op, json) => this.host(op, json),
        report: (level, text) => this.logs.log(level, text, true),
        failed: (reason) => {
          this.timers.clearAll();
          port.post({ t: 'failed', reason });
        },
        busy: (entered, sliceMs) => {
          if (entered) {
            Atomics.store(this.control, CONTROL.sliceMs, sliceMs);
            Atomics.add(this.control, CONTROL.entries, 1);
          }
          Atomics.store(this.control, CONTROL.busy, entered ? 1 : 0);
        },
      },
      // A runtime stopped by its limits is not freed: the page terminates this worker.
      false,
    );
    this.core.start(start.code, start.initial);
    port.post({ t: 'started' });
  }

  receive(message: ToWorker): void {
    switch (message.t) {
      case 'dispatch':
        return this.core.call('dispatch', [message.event, message.json]);
      case 'update':
        return this.core.call('update', [message.kind, message.json]);
      case 'resolve':
        return this.core.call('resolve', [message.id, message.ok, message.json]);
      case 'mirror':
        // Answers computed before the page saw this worker's latest call may be stale: dropped,
        // the next read asks the page.
        if (message.seen !== this.sent) return;
        for (const [op, json] of Object.entries(message.values)) this.mirrors.set(op, json);
        return;
      case 'start':
        return;
    }
  }

  private host(op: string, json: string): string | undefined {
    switch (op) {
      case 'subscribe': {
        const [event, on] = parseBridgeJson(op, json) as [string, boolean];
        this.port.post({ t: 'subscribe', event: String(event), on: on === true });
        return undefined;
      }
      case 'timer': {
        const [id, ms, repeat] = parseBridgeJson(op, json) as [number, number, boolean];
        this.timers.add(Number(id), Number(ms), repeat === true);
        return undefined;
      }
      case 'clearTimer':
        this.timers.clear(Number((parseBridgeJson(op, json) as unknown[])[0]));
        return undefined;
      case 'console': {
        const [level, text] = parseBridgeJson(op, json, false) as [string, string];
        return this.logs.log(String(level), String(text));
      }
      case 'error':
        return this.logs.log('error', String((parseBridgeJson(op, json) as unknown[])[0]));
      case 'async':
        return this.later(json);
    }
    const route = hostOp(op);
    if (!route || route.transport === 'async') throw new TypeError(`unknown host operation "${op}"`);
    if (route.transport === 'state') {
      if (this.mirrors.has(op)) return this.mirrors.get(op);
      const answer = this.blocking(op, json);
      this.mirrors.set(op, answer);
      return answer;
    }
    // Anything else may change what the mirrors say: the next read asks the page.
    this.mirrors.clear();
    if (route.transport === 'post') {
      checkArgs(op, route.args, this.args(op, json));
      this.sent++;
      this.port.post({ t: 'post', op, json });
      return undefined;
    }
    return this.blocking(op, json);
  }

  /** An async operation: checked here (a wrong call rejects at once), posted, settled by `resolve`. */
  private later(json: string): undefined {
    const [id, name, params] = this.args('async', json) as [number, string, unknown[]];
    const route = typeof name === 'string' ? hostOp(name) : undefined;
    if (route?.transport !== 'async' || !Array.isArray(params)) throw new TypeError(`unknown async operation "${String(name)}"`);
    checkArgs(name, route.args, params);
    this.sent++;
    this.port.post({ t: 'async', id: Number(id), op: name, json: JSON.stringify(params) });
    return undefined;
  }

  private blocking(op: string, json: string): string | undefined {
    this.sent++;
    // Waiting for the page is not the plugin's time: neither its deadline nor the watchdog counts it.
    const busy = Atomics.exchange(this.control, CONTROL.busy, 0);
    const since = Date.now();
    const answer = this.caller.call(() => this.port.post({ t: 'call', op, json }));
    this.core.waited(Date.now() - since);
    Atomics.add(this.control, CONTROL.entries, 1);
    Atomics.store(this.control, CONTROL.busy, busy);
    if (answer.extra) for (const [kind, value] of JSON.parse(answer.extra) as CallUpdate[]) this.core.call('update', [kind, value]);
    if (answer.kind === 'error') {
      const { name, message } = JSON.parse(answer.result) as { name: string; message: string };
      throw Object.assign(new Error(message), { name });
    }
    return answer.kind === 'none' ? undefined : answer.result;
  }

  private args(op: string, json: string): unknown[] {
    const args = parseBridgeJson(op, json);
    if (!Array.isArray(args)) throw new TypeError(`${op}: the arguments must be an array`);
    return args;
  }
}
