/**
 * The entry of a sandbox worker in the browser (worker-sandbox.ts starts it): one extension's
 * QuickJS, loaded inside the worker, served by serve-sandbox.ts.
 */
import type { FromWorker, ToWorker } from '../transport/worker-messages.js';
import { loadQuickJs } from '../quickjs/quickjs.js';
import { serveSandbox } from './serve-sandbox.js';

// This file runs in a DedicatedWorkerGlobalScope (the project's types are the DOM's).
const scope = self as unknown as { postMessage(message: FromWorker): void; onmessage: ((event: { data: ToWorker }) => void) | null };

serveSandbox(
  {
    post: (message) => scope.postMessage(message),
    listen: (handler) => {
      scope.onmessage = (event) => handler(event.data);
    },
  },
  loadQuickJs,
);
