import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/server/config.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The usual set-up of an API test file: one app for the file, the administrator signed in,
 * `ready` told both (to keep them and read what the file needs), the app closed after.
 */
export function withSignedInApp(ready: (app: TestApp, admin: Record<string, string>) => Promise<void> | void, overrides: Partial<Config> = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(overrides);
    await ready(app, await app.login());
  });
  afterAll(() => app?.close());
}
