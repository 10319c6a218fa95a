import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

/** The module id the plugin host imports the runtime's script from. */
export declare const SANDBOX_RUNTIME_ID: 'virtual:orbis-sandbox-runtime';
/** Bundles src/plugins/runtime into one script whose completion value is its `start(host)`. */
export declare function bundleSandboxRuntime(): Promise<{ code: string; inputs: string[] }>;
/** The Vite (and Vitest) plugin that serves `virtual:orbis-sandbox-runtime`. */
export declare function sandboxRuntimeVitePlugin(): VitePlugin;
/** The esbuild plugin that serves `virtual:orbis-sandbox-runtime`. */
export declare function sandboxRuntimeEsbuildPlugin(): EsbuildPlugin;
