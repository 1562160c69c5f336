import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, PG_URL, uniqueTable } from '../support/external-databases.js';
import { ApiClient } from './support/api.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

/**
 * Issue 32 item 1: a select fed by an endpoint shows a row written a moment ago, in the
 * same browser session (it used to keep the first answer until F5): 代码生成 › 新增 once,
 * a model added in 数据模型, back in 代码生成 › 新增 the 数据模型 select offers it.
 */
const table = uniqueTable('stale_e2e');
const sourceName = `pg ${table}`;
const modelName = `模型 ${table}`;
const otherModelName = `接口模型 ${table}`;

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
let admin: ApiClient;

/** Opens the 数据模型 select, waits until `expected` holds for its text, and closes it again. */
async function expectModelOptions(expected: (text: string) => boolean): Promise<void> {
  await page.locator('#root_modelId').click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  try {
    await expect.poll(async () => expected((await listbox.textContent()) ?? ''), { timeout: 5_000 }).toBe(true);
  } finally {
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
  }
}

async function openCodeAdd(): Promise<void> {
  await list.openFromMenu('/tool', '/tool/code');
  await list.clickAdd();
  await dialog.field('modelId').waitFor();
}

async function closeDialog(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"]').first().waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  await onPostgres(`create table ${table} (id bigserial primary key, title varchar(64))`);
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  await admin.post('/blade-develop/datasource/submit', { name: sourceName, driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' });
  ({ browser, page, list, dialog } = await openAdminScreen('/tool', '/tool/code'));
});
afterAll(async () => {
  await browser?.close();
  await onPostgres(`drop table if exists ${table}`);
});

describe('a select fed by an endpoint shows rows written a moment ago', () => {
  it('offers in 代码生成 › 新增 the model just added in 数据模型, without a reload', async () => {
    await openCodeAdd();
    await expectModelOptions((text) => !text.includes(modelName));
    await closeDialog();

    await list.openFromMenu('/tool', '/tool/model');
    await list.clickAdd();
    await page.locator('#root_datasourceId').click();
    await page.getByRole('option', { name: sourceName, exact: true }).click();
    await page.locator('#root_modelTable').click();
    await page.getByRole('option', { name: table, exact: false }).first().click();
    await dialog.fill({ modelClass: 'StaleE2e', modelName, modelCode: table });
    await dialog.submit();
    await dialog.expectText('新增成功');

    await openCodeAdd();
    await expectModelOptions((text) => text.includes(modelName));
    await closeDialog();
  });

  it('offers a model another session wrote while this one was open, when the form opens again', async () => {
    const sources = await admin.get<{ id: string; name: string }[]>('/blade-develop/datasource/select');
    const source = sources.find((s) => s.name === sourceName)!;
    await admin.post('/blade-develop/model/submit', { datasourceId: source.id, modelTable: table, modelClass: 'StaleE2eApi', modelName: otherModelName, modelCode: `${table}_api` });
    await list.clickAdd();
    await dialog.field('modelId').waitFor();
    await expectModelOptions((text) => text.includes(otherModelName));
  });
});
