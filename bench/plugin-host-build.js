// The viewer's plugin host is TypeScript written for the browser's bundler: the benchmark bundles
// it for Node at run time, from the current sources (never a stale build), into bench/dist/
// (gitignored), with esbuild's JS API.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { sandboxRuntimeEsbuildPlugin } from '../packages/viewer/build/sandbox-runtime-build.js';

/** The viewer's build scripts (imported by the Node worker spawner) find files relative to themselves: imported where they are. */
const keepBuildScriptsExternal = {
  name: 'keep-build-scripts-external',
  setup(builder) {
    builder.onResolve({ filter: /\/build\/sandbox-runtime-build\.js$/ }, (args) => ({
      path: fileURLToPath(new URL(args.path, `file://${args.resolveDir}/`)),
      external: true,
    }));
  },
};

const OUT = new URL('./dist/plugin-host.js', import.meta.url);
const VIEWER = new URL('../packages/viewer/', import.meta.url);

/**
 * Bundles the real `PluginHost`, `loadQuickJs`, @orbis/geo's `cartographicToCartesian` (from
 * packages/geo/src, so that the host-side math is the source's too) and the bench's viewer services
 * into one ES module and imports it. npm packages (quickjs-emscripten-core and its WASM variant) stay imports of node_modules.
 */
export async function loadPluginHost() {
  await build({
    stdin: {
      contents: [
        "export { PluginHost } from './src/plugins/plugin-host.ts';",
        "export { loadQuickJs } from './src/plugins/quickjs/quickjs.ts';",
        "export { workerSandboxes } from './src/plugins/sandbox/worker-sandbox.ts';",
        "export { nodeWorkerSpawner } from './testing/node-sandbox-workers.ts';",
        // The viewer services the host gets here, typed by the real services' interface (testing/bench-services.ts).
        "export { benchServices, CAMERA_POSITION } from './testing/bench-services.ts';",
        "export { cartographicToCartesian } from '../geo/src/wgs84.ts';",
      ].join('\n'),
      resolveDir: fileURLToPath(VIEWER),
      sourcefile: 'bench-plugin-host.ts',
      loader: 'ts',
    },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: fileURLToPath(OUT),
    logLevel: 'warning',
    // The sandbox runtime, bundled as the pages get it.
    plugins: [sandboxRuntimeEsbuildPlugin(), keepBuildScriptsExternal],
  });
  // A new query per build: a second build in one process is imported afresh.
  return import(`${OUT.href}?${Date.now()}`);
}
