import { defineConfig } from 'vitest/config';

/**
 * The long load test (`npm run test:load`), kept out of `npm test`'s projects: a minute or more
 * of autocannon against a server process, then the same on PostgreSQL and S3.
 */
export default defineConfig({
  test: {
    name: 'load',
    include: ['packages/server/src/test/load/**/*.load.ts'],
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
