import { defineConfig } from 'vitest/config';

/** Browser suite: the built console served by a real server, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/support/count-expects.ts'],
  },
});
