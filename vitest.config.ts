import { defineConfig } from 'vitest/config';
import { sandboxRuntimeVitePlugin } from './packages/viewer/build/sandbox-runtime-build.js';

/** The PostgreSQL cluster and S3 server of a run, for the server's projects (the browser tests use neither). */
const SERVICES = 'packages/server/src/test/global-setup.ts';

/**
 * The server's projects (and the browser project) run their files one after another in one process
 * without re-importing every module per file (Vitest's isolation). Their files share no module state: no `vi.mock`, no
 * environment changes, and each test builds its own app and store. Isolation cost each run about
 * 150 s of imports (177 s of 893 s on Node 24 in CI; 29 s without).
 */
const SHARED_MODULES = { isolate: false };

/** The one test of the browser folder that mocks modules. */
const CHROMIUM_INSTALL = 'packages/viewer/e2e/chromium.test.ts';

/** Integration tests that run a second time on PostgreSQL and S3-compatible storage. */
const CONFORMANCE = [
  'packages/server/src/http/**/*.test.ts',
  'packages/server/src/demo/**/*.test.ts',
  'packages/server/src/server.test.ts',
  'packages/server/src/live/**/*.test.ts',
  'packages/server/src/metrics/tracing.test.ts',
];

export default defineConfig({
  // The plugin host's tests evaluate the sandbox runtime bundled as the pages get it.
  plugins: [sandboxRuntimeVitePlugin()],
  test: {
    // CI runs the server's projects beside the browser's, one stream per core (.ci/run): a test that
    // takes 5 s alone may take 30 s there. A timeout only ends a test that would fail anyway.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // An `expect.poll` without a timeout of its own waits as long as a loaded machine may need (it ends
    // as soon as it holds; Vitest's default gives it 1 s, which a worker thread's start can outlast).
    expect: { poll: { timeout: 30_000 } },
    // One fixed fast-check seed for every property test (ORBIS_FUZZ_SEED=random to hunt).
    setupFiles: ['packages/server/src/test/fast-check-seed.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts', 'bench/**/*.test.js', '*.test.ts'],
          globalSetup: [SERVICES],
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: { name: 'postgres-s3', include: CONFORMANCE, env: { ORBIS_TEST_BACKEND: 'postgres-s3' }, globalSetup: [SERVICES], ...SHARED_MODULES },
      },
      {
        extends: true,
        // Headless Chromium with software WebGL: slow, so long timeouts and one file at a time; one Chromium for
        // the run, which each file connects to. CI runs these beside the server's tests (.ci/run), so a test
        // waits as long as a shared two-core machine may need.
        test: {
          name: 'browser',
          include: ['packages/viewer/e2e/**/*.test.ts'],
          exclude: [CHROMIUM_INSTALL],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['packages/viewer/e2e/browser-setup.ts'],
          // Every file imports playwright-core and the server again without this: about 1.4 s a file
          // alone (six files: 11.8 s of imports isolated, 3.6 s shared). Each file starts its own
          // server and browser contexts, and none mocks a module (chromium.test.ts, which does, runs apart).
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        // The unit test of the Chromium install (`ensureChromium`): it mocks node:fs and
        // node:child_process, so it runs isolated, apart from the browser project's shared modules.
        test: { name: 'chromium-install', include: [CHROMIUM_INSTALL] },
      },
    ],
  },
});
