// The plugin runtime (src/plugins/runtime/, TypeScript) is what every extension's QuickJS context
// evaluates before the plugin's own code. It is bundled here, at build time, into one script and
// handed to the page as the default export of the module `virtual:orbis-sandbox-runtime`: by a
// Vite plugin for the pages and for Vitest, by an esbuild plugin for the benchmark.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The module id the plugin host imports the runtime's script from. */
export const SANDBOX_RUNTIME_ID = 'virtual:orbis-sandbox-runtime';
const ENTRY = fileURLToPath(new URL('../src/plugins/runtime/index.ts', import.meta.url));
const RUNTIME_DIR = fileURLToPath(new URL('../src/plugins/runtime/', import.meta.url));

/**
 * Bundles the runtime into one script whose completion value is its `start(host)` function. The
 * bundle's own names stay inside a function scope: the plugin's global scope gets only what
 * `start` puts there.
 * @returns {Promise<{ code: string, inputs: string[] }>}
 */
export async function bundleSandboxRuntime() {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    globalName: 'orbisRuntime',
    // QuickJS runs ES2022 (class fields included): nothing needs lowering.
    target: 'es2022',
    // Every extension parses this before its own code: whitespace and syntax minified (names
    // kept, so a stack trace through the runtime still reads).
    minifyWhitespace: true,
    minifySyntax: true,
    platform: 'neutral',
    banner: { js: '(function () {' },
    footer: { js: 'return orbisRuntime.start;\n})()' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const inputs = Object.keys(result.metafile.inputs).map((p) => fileURLToPath(new URL(p, `file://${process.cwd()}/`)));
  return { code, inputs };
}

const moduleText = (code) => `export default ${JSON.stringify(code)};\n`;

/** The Vite (and Vitest) plugin that serves `virtual:orbis-sandbox-runtime`. */
export function sandboxRuntimeVitePlugin() {
  const resolved = `\0${SANDBOX_RUNTIME_ID}`;
  return {
    name: 'orbis-sandbox-runtime',
    resolveId(id) {
      return id === SANDBOX_RUNTIME_ID ? resolved : undefined;
    },
    async load(id) {
      if (id !== resolved) return undefined;
      const { code, inputs } = await bundleSandboxRuntime();
      for (const input of inputs) this.addWatchFile(input);
      return moduleText(code);
    },
    handleHotUpdate(context) {
      if (!context.file.startsWith(RUNTIME_DIR)) return undefined;
      const module = context.server.moduleGraph.getModuleById(resolved);
      return module ? [...context.modules, module] : undefined;
    },
  };
}

/** The esbuild plugin that serves `virtual:orbis-sandbox-runtime` (the benchmark bundles the host with esbuild). */
export function sandboxRuntimeEsbuildPlugin() {
  return {
    name: 'orbis-sandbox-runtime',
    setup(builder) {
      builder.onResolve({ filter: /^virtual:orbis-sandbox-runtime$/ }, () => ({ path: SANDBOX_RUNTIME_ID, namespace: 'orbis-sandbox-runtime' }));
      builder.onLoad({ filter: /.*/, namespace: 'orbis-sandbox-runtime' }, async () => {
        const { code, inputs } = await bundleSandboxRuntime();
        return { contents: moduleText(code), loader: 'js', watchFiles: inputs };
      });
    },
  };
}
