import type { SandboxMaker } from './sandbox.js';
import { type WorkerHandle, WorkerSandbox } from './worker-sandbox.js';
import { Watchdog } from './watchdog.js';

/**
 * Sandboxes each in its own worker, under one watchdog. `spawn` starts a worker that serves
 * worker-runtime.ts (in the browser {@link browserWorker}; under Node, a worker_threads Worker).
 * With `wasm` (QuickJS compiled once, quickjs-wasm.ts), every worker instantiates that module
 * instead of fetching and compiling its own.
 */
export function workerSandboxes(spawn: (label: string) => WorkerHandle, watchdog = new Watchdog(), wasm?: WebAssembly.Module): SandboxMaker {
  return ({ pluginId, extensionId, bridge, onStopped, limits }) =>
    new WorkerSandbox(spawn(`${pluginId}/${extensionId}`), pluginId, extensionId, bridge, onStopped, limits, watchdog, wasm);
}

/** A module worker running sandbox-worker.ts (bundled by Vite with its own QuickJS). */
export function browserWorker(label: string): WorkerHandle {
  const worker = new Worker(new URL('./sandbox-worker.ts', import.meta.url), { type: 'module', name: `plugin ${label}` });
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
  return typeof Worker === 'function' && typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
}
