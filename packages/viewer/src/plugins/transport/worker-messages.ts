import type { SandboxLimits } from '../sandbox/sandbox-limits.js';

/** The control words a worker shares with the page's watchdog (an Int32Array over a SharedArrayBuffer). */
export const CONTROL = {
  /** 1 while the worker is inside QuickJS. */
  busy: 0,
  /** Counts entries into QuickJS: the watchdog sees a new entry as a new slice. */
  entries: 1,
  /** The slice (ms) the current entry may run. */
  sliceMs: 2,
  /** How many words. */
  length: 3,
} as const;

/** The page to a sandbox worker. `json` fields are JSON texts handed to the runtime as they are. */
export type ToWorker =
  | {
      t: 'start';
      label: string;
      code: string;
      initial: [kind: string, json: string][];
      limits: SandboxLimits;
      /** The blocking channel's buffer (blocking-channel.ts). */
      channel: SharedArrayBuffer;
      control: SharedArrayBuffer;
      /**
       * QuickJS's WebAssembly, compiled once by the page (quickjs-wasm.ts) and shared by every
       * worker; absent, the worker fetches and compiles it itself.
       */
      wasm?: WebAssembly.Module;
    }
  | { t: 'dispatch'; event: string; json: string }
  | { t: 'update'; kind: string; json: string }
  | { t: 'resolve'; id: number; ok: boolean; json: string | undefined }
  /** Fresh answers of `state` operations, as of the worker's `seen`-th call. */
  | { t: 'mirror'; seen: number; values: Record<string, string | undefined> };

/** A sandbox worker to the page. */
export type FromWorker =
  /** A `blocking` call: the page answers through the channel. */
  | { t: 'call'; op: string; json: string }
  | { t: 'post'; op: string; json: string }
  | { t: 'async'; id: number; op: string; json: string }
  | { t: 'subscribe'; event: string; on: boolean }
  | { t: 'log'; level: string; text: string }
  /** The extension's top-level code has run (or failed): the page may count it started. */
  | { t: 'started' }
  /** The runtime stopped itself (a limit, a top-level error): the page ends the worker. */
  | { t: 'failed'; reason: string }
  /** The answer was longer than the channel: write it again into this larger buffer. */
  | { t: 'grow'; buffer: SharedArrayBuffer };

/** A state change the page made during a blocking call, applied before the call returns. */
export type CallUpdate = [kind: string, json: string];
