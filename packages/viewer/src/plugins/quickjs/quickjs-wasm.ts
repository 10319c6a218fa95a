import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';

let compiling: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * QuickJS's WebAssembly, fetched and compiled once per page, to be posted to every sandbox worker
 * (a `WebAssembly.Module` is structured-cloneable): four plugins then cost one download and one
 * compilation, not four. Undefined if it cannot be compiled here; each worker then loads its own.
 */
export function compileQuickJsWasm(): Promise<WebAssembly.Module | undefined> {
  compiling ??= (async () => {
    try {
      return await WebAssembly.compileStreaming(fetch(wasmUrl));
    } catch {
      // compileStreaming needs the `application/wasm` type; a server or proxy may send another.
      try {
        return await WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer());
      } catch (err) {
        console.warn(`[orbis] QuickJS's WebAssembly could not be compiled once for all plugins (${String(err)}); each plugin's worker loads its own`);
        return undefined;
      }
    }
  })();
  return compiling;
}
