import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { sandboxRuntimeEsbuildPlugin } from '../build/sandbox-runtime-build.js';
import type { WorkerHandle } from '../src/plugins/sandbox/worker-sandbox.js';

/**
 * For tests and the benchmark under Node: the same worker code the browser runs
 * (worker/serve-sandbox.ts, QuickJS loaded inside the worker) in a worker_threads Worker, which has
 * SharedArrayBuffer and Atomics.wait as a cross-origin isolated page has. The entry is bundled
 * once per process into node_modules/.cache (so the QuickJS package resolves from there).
 */
const ENTRY = `
import { parentPort } from 'node:worker_threads';
import { loadQuickJs } from '../src/plugins/quickjs/quickjs.ts';
import { serveSandbox } from '../src/plugins/worker/serve-sandbox.ts';
serveSandbox({ post: (m) => parentPort.postMessage(m), listen: (h) => parentPort.on('message', h) }, loadQuickJs);
`;

let bundled: Promise<string> | undefined;

/** Where the sources are and where the bundle goes (a folder from which node_modules resolves). */
export interface WorkerBundlePlace {
  sourceDir: string;
  outDir: string;
}

const HERE: WorkerBundlePlace = {
  sourceDir: fileURLToPath(new URL('.', import.meta.url)),
  outDir: fileURLToPath(new URL('../../../node_modules/.cache/orbis-sandbox-worker/', import.meta.url)),
};

async function bundle(place: WorkerBundlePlace): Promise<string> {
  mkdirSync(place.outDir, { recursive: true });
  const outfile = join(place.outDir, `sandbox-worker-${process.pid}.mjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: place.sourceDir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    external: ['quickjs-emscripten-core', '@jitl/*'],
    plugins: [sandboxRuntimeEsbuildPlugin()],
    logLevel: 'silent',
  });
  return outfile;
}

/** A `spawn` for workerSandboxes(): each call starts a worker_threads Worker serving one sandbox. */
export async function nodeWorkerSpawner(place: WorkerBundlePlace = HERE): Promise<(label: string) => WorkerHandle> {
  bundled ??= bundle(place);
  const file = await bundled;
  return () => {
    const worker = new Worker(file);
    // An idle worker must not keep a test process alive.
    worker.unref();
    return {
      post: (message) => worker.postMessage(message),
      listen(onMessage, onError) {
        worker.on('message', onMessage);
        worker.on('error', onError);
      },
      terminate: () => void worker.terminate(),
    };
  };
}
