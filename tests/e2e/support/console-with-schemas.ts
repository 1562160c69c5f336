import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { projectPath } from '../../support/paths.js';
import { LoginPage } from '../pages/login-page.js';
import { ApiClient } from './api.js';
import { launchBrowser, newPage } from './browser.js';

/** A second server for one browser test file: the suite's built console, a schemas folder of the file's own. */
export interface ConsoleWithSchemas {
  url: string;
  page: Page;
  /** Signed in as the administrator on that server. */
  api: ApiClient;
}

/**
 * Serves the built console from `schemas.dir` (the shipped schemas plus the file's own) on a
 * fresh embedded database, opens Chromium signed in as the administrator (zh), and tears it
 * all down after the file.
 */
export function consoleWithSchemas(schemas: { dir: string; remove(): void }): ConsoleWithSchemas {
  const served = {} as ConsoleWithSchemas;
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-schemas-'));
  beforeAll(async () => {
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', SEED_REGIONS: 'false' },
      { adminPassword: process.env.ATRIUM_E2E_PASSWORD!, schemasDir: schemas.dir, clientDir: projectPath('dist/client'), port: 0, host: '127.0.0.1' },
    );
    app = (await buildApp(config)).app;
    served.url = await app.listen({ port: 0, host: '127.0.0.1' });
    served.api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD!, baseUrl: served.url });
    browser = await launchBrowser();
    served.page = await newPage(browser, 'zh', served.url);
    await new LoginPage(served.page).signInAsAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    schemas.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return served;
}
