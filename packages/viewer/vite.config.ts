import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { sandboxRuntimeVitePlugin } from './build/sandbox-runtime-build.js';

/**
 * The pages are built to `dist/` and served by the Orbis server under `/app/`. CesiumJS is not
 * bundled: pages load its prebuilt ES module from `/cesium/` through an import map, so it is
 * cached on its own and the app's own JavaScript stays small.
 */
export default defineConfig({
  base: '/app/',
  // The plugin runtime, bundled for the sandbox (src/plugins/runtime).
  plugins: [sandboxRuntimeVitePlugin()],
  // Each plugin's sandbox runs in a module worker (src/plugins/worker/worker-entry.ts) with its own QuickJS.
  worker: { format: 'es', plugins: () => [sandboxRuntimeVitePlugin()] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: { published: resolve(import.meta.dirname, 'published.html'), editor: resolve(import.meta.dirname, 'editor.html') },
      external: ['cesium'],
      // The Trusted Types policy gets a chunk of its own, which the entries import before any chunk that imports
      // CesiumJS: bundled into a shared chunk, it would run after that chunk's import of CesiumJS (html-policy.ts).
      // Vite's preload helper and module preload polyfill go with it: Vite imports them at the top of each entry.
      output: {
        manualChunks: (id) =>
          /\/src\/ui\/html-policy\.ts$|\/node_modules\/dompurify\/|vite\/(preload-helper|modulepreload-polyfill)/.test(id) ? 'html-policy' : undefined,
      },
    },
  },
});
