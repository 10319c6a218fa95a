import type { Sandbox as ExtensionSandbox } from '../sandbox.js';
import type { InteractionModeType as InteractionMode } from '@orbis/plugin-api';
import type { ViewerServices } from '../viewer-services.js';
import type { PluginLayers } from '../plugin-layers.js';
import type { PluginTools } from '../plugin-tools.js';
import type { ArgSpec } from './arg-kinds.js';
import type { OpTransport } from './op-transport.js';

/** What an operation may use besides the viewer's services: the host's shared state. */
export interface HostState {
  /** Merges into this plugin's property override layer; answers the new effective property. */
  overrideProperty(sandbox: ExtensionSandbox, patch: Record<string, unknown>): unknown;
  setMode(sandbox: ExtensionSandbox, mode: InteractionMode): void;
  /** The interaction mode now. */
  mode(): InteractionMode;
  /** The page's sketch tool, Spatial ID picker and clock, connected to the extensions. */
  tools: PluginTools;
  /** The page's layers as plugins see them. */
  layers: PluginLayers;
  /** Delivers `extensionMessage` to the running extension `id`; an id not running is a TypeError. */
  postToExtension(sandbox: ExtensionSandbox, id: string, message: unknown): void;
  /** Whether this extension may send one more message now (extensions, modal, popup share one allowance); a flood is dropped, said once. */
  admit(sandbox: ExtensionSandbox): boolean;
  /** Every running extension, as `app.extension.list` shows them. */
  extensions(): { id: string; pluginId: string; extensionId: string; name: string; extensionType: string }[];
}

export interface OpContext {
  sandbox: ExtensionSandbox;
  services: ViewerServices;
  host: HostState;
}

/**
 * One host operation: its arguments (checked before `run`, see arg-kinds.ts) and what it does.
 * An `async` operation's result is a promise the sandbox's promise follows.
 */
export interface HostOp {
  args: readonly ArgSpec[];
  async?: boolean;
  /**
   * How the call crosses from a worker sandbox (host/op-transport.ts); `blocking` when absent,
   * which is always correct. Declare `post` or `state` only where their rules hold.
   */
  transport?: OpTransport;
  run(context: OpContext, args: any[]): unknown;
}

export type HostOps = Record<string, HostOp>;
