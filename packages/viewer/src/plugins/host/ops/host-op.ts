import type { ExtensionInfo, InteractionModeType } from '@orbis/plugin-api';
import type { HostOpArgs, HostOpName, HostOps } from '../../protocol/host-ops.js';
import type { Sandbox as ExtensionSandbox } from '../../sandbox/sandbox.js';
import type { PluginLayers } from '../plugin-layers.js';
import type { PluginTools } from '../plugin-tools.js';
import type { ViewerServices } from '../../viewer-services.js';

/** What an operation may use besides the viewer's services: the host's shared state. */
export interface HostState {
  /** Merges into this plugin's property override layer; answers the new effective property. */
  overrideProperty(sandbox: ExtensionSandbox, patch: Record<string, unknown>): unknown;
  setMode(sandbox: ExtensionSandbox, mode: InteractionModeType): void;
  /** The interaction mode now. */
  mode(): InteractionModeType;
  /** The page's sketch tool, Spatial ID picker and clock, connected to the extensions. */
  tools: PluginTools;
  /** The page's layers as plugins see them. */
  layers: PluginLayers;
  /** Delivers `extensionMessage` to the running extension `id`; an id not running is a TypeError. */
  postToExtension(sandbox: ExtensionSandbox, id: string, message: unknown): void;
  /** A widget's frame was shown or resized: its `app.extension.widget.extended` is pushed when it changed. */
  widgetFrameChanged(sandbox: ExtensionSandbox): void;
  /** Every running extension, as `app.extension.list` shows them. */
  extensions(): ExtensionInfo[];
}

export interface OpContext {
  sandbox: ExtensionSandbox;
  services: ViewerServices;
  host: HostState;
}

/**
 * What one host operation does on the page, given the arguments its declaration (protocol/host-ops.ts)
 * has checked, typed from that declaration. An `async` operation answers a promise the sandbox's
 * promise follows.
 */
export type OpHandler<N extends HostOpName> = (context: OpContext, args: HostOpArgs<N>) => HostOps[N]['transport'] extends 'async' ? Promise<unknown> : unknown;

/** One handler for each operation of a declared group: a missing, misspelt or wrongly typed one is a compile error. */
export type OpHandlers<D> = { [N in keyof D & HostOpName]: OpHandler<N> };
