import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/support/e2e-workers.js';

/** Browser suite: the built console served by a real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Files run side by side, one per worker, each worker on a server and database of its own
    // (tests/e2e/support/global-setup.ts); ATRIUM_E2E_WORKERS=1 runs them one after another.
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/support/count-expects.ts'],
  },
});
