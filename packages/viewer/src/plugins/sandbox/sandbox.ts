import type { SandboxLimits } from './sandbox-limits.js';

export type SandboxStatus = 'created' | 'running' | 'failed' | 'stopped';

/**
 * One extension's sandbox as the host and the host operations see it, whether its QuickJS
 * runtime runs on the page's main thread (extension-sandbox.ts) or in a worker
 * (worker-sandbox.ts): state goes in as JSON, events go in, calls come out.
 */
export interface Sandbox {
  readonly pluginId: string;
  readonly extensionId: string;
  /** `pluginId/extensionId` (a block's: `pluginId/extensionId/place`, {@link sandboxLabel}): its frames' key and its id in `app.extension.list`. */
  readonly label: string;
  readonly status: SandboxStatus;
  /** Why a failed sandbox stopped. */
  readonly failure: string | undefined;
  /** Events this extension listens to: only those cross into it. */
  readonly subscribed: ReadonlySet<string>;
  /** Builds the globals, pushes the initial state, runs the extension's top-level code. */
  start(code: string, initial: Record<string, unknown>): void;
  /** Hands an event to the extension's own listeners, once, if it listens to it. */
  dispatch(event: string, payload: unknown): void;
  /** Replaces a piece of pushed state (runtime/state.ts PushedState). */
  update(kind: string, value: unknown): void;
  /** Settles a promise the extension is waiting on (the async tools). */
  resolve(id: number, ok: boolean, value: unknown): void;
  /** Stops the extension and releases everything it holds. */
  stop(): void;
  /** A worker sandbox only: settles once the extension's top-level code has run, failed or been stopped. */
  readonly started?: Promise<void>;
  /** A worker sandbox only: fresh answers of the `state` operations (protocol/host-ops.ts). */
  mirror?(values: Record<string, unknown>): void;
}

/** Told once when a sandbox stops by itself (a limit, a top-level error), with the reason. */
export type SandboxStopped = (sandbox: Sandbox, reason: string) => void;

/** The host's side of the bridge: one synchronous operation, answered with a JSON-able value. */
export type SandboxBridge = (sandbox: Sandbox, op: string, args: unknown[]) => unknown;

/** What the host gives each sandbox it makes. */
export interface SandboxSpec {
  pluginId: string;
  extensionId: string;
  bridge: SandboxBridge;
  onStopped: SandboxStopped;
  limits: SandboxLimits;
  /**
   * A block's place on the page (`infobox-{layerId}-{n}`, `story-{pageId}-{n}`): one extension may
   * run as several blocks, each its own sandbox with its own label. Absent for a widget.
   */
  instance?: string;
}

/** A sandbox's label: `pluginId/extensionId`, and for a block its place after another `/`. */
export function sandboxLabel(pluginId: string, extensionId: string, instance?: string): string {
  return instance === undefined ? `${pluginId}/${extensionId}` : `${pluginId}/${extensionId}/${instance}`;
}

/** Makes one extension's sandbox: on the main thread (extension-sandbox.ts) or in a worker (worker-sandbox.ts). */
export type SandboxMaker = (spec: SandboxSpec) => Sandbox;
