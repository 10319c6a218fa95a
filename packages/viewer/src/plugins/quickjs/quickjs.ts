import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

let loading: Promise<QuickJSWASMModule> | undefined;

/**
 * The QuickJS WebAssembly module (sync build), loaded once per page or worker; each extension gets
 * its own runtime in it. Given `wasm` (compiled by the page, quickjs-wasm.ts), it is instantiated
 * instead of fetching and compiling the file again.
 */
export function loadQuickJs(wasm?: WebAssembly.Module): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModuleFromVariant(wasm ? newVariant(variant, { wasmModule: wasm }) : variant);
  return loading;
}
