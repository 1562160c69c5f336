/**
 * "A new approve button is a few lines of schema plus one hook file; no client file, no
 * rebuild": a server on the suite's built console, with the expense schema and its hook
 * file added to its schemas folder, shows the button and runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { schemasWithExpense } from '../support/expense-schema.js';
import { projectPath } from '../support/paths.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

let app: FastifyInstance;
let browser: Browser;
let page: Page;
let url: string;
const schemas = schemasWithExpense();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-expense-'));

beforeAll(async () => {
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', SEED_REGIONS: 'false' },
    { adminPassword: process.env.ATRIUM_E2E_PASSWORD!, schemasDir: schemas.dir, clientDir: projectPath('dist/client'), port: 0, host: '127.0.0.1' },
  );
  app = (await buildApp(config)).app;
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
  page = await newPage(browser, 'zh', url);
  await new LoginPage(page).signInAsAdmin();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  schemas.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an action added by schema and hook file only', () => {
  it('shows its row button on the new screen and runs it after the question', async () => {
    const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD!, baseUrl: url });
    await api.post('/demo/expense/submit', { title: 'Conference ticket', amount: 480 });

    const list = new ListPage(page);
    await list.openFromMenu('/system', '/demo/expense');
    const row = list.row('Conference ticket').first();
    await row.locator('[data-action="approve"]').click();
    const dialog = new DialogPage(page);
    await dialog.expectText('确定审批通过这张报销单?');
    await dialog.confirm();
    await dialog.expectText('已审批');
    await expect.poll(() => row.locator('td').allTextContents()).toContain('是');
  });
});
