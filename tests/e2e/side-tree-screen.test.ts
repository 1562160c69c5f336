/**
 * A list with a side tree from its schema file alone (x-list.sideTree): a server on the
 * suite's built console with one more schema shows the department tree beside the list,
 * and a pick narrows the list to that department and the ones below it.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { projectPath } from '../support/paths.js';
import { ListPage } from './pages/list-page.js';
import { LoginPage } from './pages/login-page.js';
import { ApiClient } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

const ticket = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '工单', en: 'Tickets' },
  'x-table': { name: 'demo_ticket', tenancy: 'tenant' },
  'x-api': { path: '/demo/ticket', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title'], search: ['title'], sideTree: { url: '/blade-system/dept/tree', field: 'deptId', label: { zh: '所属部门', en: 'Departments' } } },
  'x-menu': { path: '/demo/ticket', parent: 'system', sort: 61 },
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 64, 'x-label': { zh: '标题', en: 'Title' } },
    deptId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '部门', en: 'Department' }, 'x-options': { url: '/blade-system/dept/tree' } },
  },
};

let app: FastifyInstance;
let browser: Browser;
let page: Page;
let url: string;
const schemasDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-ticket-'));
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-ticket-data-'));

beforeAll(async () => {
  cpSync(projectPath('schemas'), schemasDir, { recursive: true });
  mkdirSync(join(schemasDir, 'demo'));
  writeFileSync(join(schemasDir, 'demo', 'ticket.json'), JSON.stringify(ticket));
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', SEED_REGIONS: 'false' },
    { adminPassword: process.env.ATRIUM_E2E_PASSWORD!, schemasDir, clientDir: projectPath('dist/client'), port: 0, host: '127.0.0.1' },
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
  rmSync(schemasDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a side tree declared in the schema', () => {
  it('is drawn beside the list, and a pick shows the department and the ones below it', async () => {
    const api = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD!, baseUrl: url });
    const root = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST根', fullName: 'ST根', parentId: '0', sort: 1, deptCategory: 2 })).id;
    const child = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST子', fullName: 'ST子', parentId: root, sort: 1, deptCategory: 2 })).id;
    const other = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: 'ST外', fullName: 'ST外', parentId: '0', sort: 2, deptCategory: 2 })).id;
    for (const [title, deptId] of [['根工单', root], ['子工单', child], ['外工单', other]]) await api.post('/demo/ticket/submit', { title, deptId });

    const list = new ListPage(page);
    await list.openFromMenu('/system', '/demo/ticket');
    await page.getByText('所属部门').first().waitFor();
    await list.row('外工单').first().waitFor();
    await page.locator(`#dept_tree_${root}`).click();
    await expect.poll(() => list.rows().filter({ hasText: '外工单' }).count()).toBe(0);
    await list.row('根工单').first().waitFor();
    await list.row('子工单').first().waitFor();
    await page.locator(`#dept_tree_${child}`).click();
    await expect.poll(() => list.rows().filter({ hasText: '根工单' }).count()).toBe(0);
    await list.row('子工单').first().waitFor();
    // A click on the picked node clears the pick.
    await page.locator(`#dept_tree_${child}`).click();
    await list.row('外工单').first().waitFor();
  });
});
