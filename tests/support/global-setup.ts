import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { ADMIN_PASSWORD } from './test-app.js';

/**
 * A fresh PGlite database costs seconds: build one seeded database once per run and
 * let every test app start from a copy of it (PostgreSQL runs make their own).
 */
export default async function setup() {
  // The overload guard answers 503 once the event loop lags past its limit (1 s by default on
  // PostgreSQL). A loaded CI machine lags that much now and then, which failed unrelated tests;
  // test apps and server processes inherit this, and the overload tests set their own limits.
  process.env.OVERLOAD_EVENT_LOOP_DELAY_MS ??= '0';
  if (process.env.DATABASE_URL) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
  const config = loadConfig(
    { ...process.env, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' },
    { adminPassword: ADMIN_PASSWORD, jwtSecret: 'test-secret-of-at-least-thirty-two-chars', clientDir: resolve('dist/none') },
  );
  const { app } = await buildApp(config);
  await app.close();
  process.env.ATRIUM_PGLITE_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
