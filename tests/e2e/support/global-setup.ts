import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { projectPath } from '../../support/paths.js';
import { createTestDatabase } from '../../support/test-database.js';
import { E2E_WORKERS } from './e2e-workers.js';
import { tmpdirInMemory } from '../../support/memory-tmpdir.js';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-pw';


/** The console with the API from a fresh embedded database (or a fresh database on ATRIUM_E2E_DATABASE_URL), on a free port. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  const database = process.env.ATRIUM_E2E_DATABASE_URL ? await createTestDatabase(process.env.ATRIUM_E2E_DATABASE_URL) : undefined;
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', REDIS_URL: process.env.ATRIUM_E2E_REDIS_URL ?? '', LOG_LEVEL: 'warn' },
    { adminPassword: E2E_ADMIN_PASSWORD, port: 0, host: '127.0.0.1' },
  );
  const { app } = await buildApp(config);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    stop: async () => {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the console, then serves it with the API once per worker, each server on a database
 * of its own, so files running side by side never see each other's rows (browser.ts's baseUrl
 * picks the worker's). ATRIUM_E2E_DATABASE_URL / ATRIUM_E2E_REDIS_URL (for a walk by hand, not
 * CI): fresh databases on that PostgreSQL server instead, and that Redis for shared state.
 */
export default async function setup() {
  const build = spawnSync(process.execPath, [projectPath('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    // vitest sets NODE_ENV=test, which would give a development React build: test what users get.
    cwd: projectPath(''), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const leaveMemory = tmpdirInMemory();
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  process.env.ATRIUM_E2E_URLS = servers.map((s) => s.url).join(',');
  process.env.ATRIUM_E2E_URL = servers[0].url;
  process.env.ATRIUM_E2E_PASSWORD = E2E_ADMIN_PASSWORD;
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    leaveMemory?.();
  };
}
