import { afterEach, expect } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The `expect` calls the test made (its assertions), written by the JSON reporter. */
    expects?: number;
  }
}

/**
 * Every suite's setup file: each test's count of `expect` calls goes into its task meta, which
 * the JSON reporter writes, so CI's summary can show that a change to how the suites run (or
 * how fast) left the tests and their assertions as they were. Registered before any file's own
 * hooks, this afterEach runs after them (hooks run in reverse), counting what they asserted too.
 */
afterEach(({ task }) => {
  task.meta.expects = expect.getState().assertionCalls;
});
