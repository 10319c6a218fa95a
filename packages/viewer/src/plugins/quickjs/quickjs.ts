import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

let loading: Promise<QuickJSWASMModule> | undefined;

/**
 * QuickJS's own error lines (Emscripten's `printErr`), to the console, but for an abort's: Emscripten
 * prints "Aborted(…)" and then throws the same text as a `WebAssembly.RuntimeError` to the call
 * that aborted, which handles it. The one abort the sandbox meets is QuickJS's assertion when a
 * runtime that a plugin drove into its limits is freed with objects it can no longer reach
 * ("Assertion failed: list_empty(&rt->gc_obj_list)", quickjs-core.ts `dispose`): a contained
 * escape attempt, already reported as the plugin's stop, not an error of the page.
 */
export function printQuickJsError(text: string): void {
  if (!text.startsWith('Aborted(')) console.error(text);
}

/**
 * The QuickJS build the sandboxes use (sync, release), its errors through {@link printQuickJsError};
 * given `wasm`, instantiated from it instead of fetching and compiling the file again.
 */
export function quickJsVariant(wasm?: WebAssembly.Module) {
  // `printErr` is Emscripten's own option, passed through verbatim (quickjs-emscripten does not type it).
  const emscriptenModule = { printErr: printQuickJsError } as NonNullable<Parameters<typeof newVariant>[1]['emscriptenModule']>;
  return newVariant(variant, { emscriptenModule, ...(wasm ? { wasmModule: wasm } : {}) });
}

/**
 * The QuickJS WebAssembly module (sync build), loaded once per page or worker; each extension gets
 * its own runtime in it. Given `wasm` (compiled by the page, quickjs-wasm.ts), it is instantiated
 * instead of fetching and compiling the file again.
 */
export function loadQuickJs(wasm?: WebAssembly.Module): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModuleFromVariant(quickJsVariant(wasm));
  return loading;
}
