import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, PG_URL, uniqueTable } from '../support/external-databases.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

/**
 * Issue 13 in the console: a PostgreSQL table becomes a working screen through
 * 数据源 → 数据模型 (模型配置 grid) → 代码生成, without leaving the browser.
 */
const table = uniqueTable('cg_e2e');
const entity = table.replace(/^cg_/, '').replace(/_/g, '-');
const sourceName = `pg ${table}`;
const modelName = `模型 ${table}`;

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;

async function pick(field: string, option: string): Promise<void> {
  await page.locator(`#root_${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  await onPostgres(`create table ${table} (id bigserial primary key, title varchar(64), pages integer)`);
  ({ browser, page, list, dialog } = await openAdminScreen('/tool', '/tool/datasource'));
});
afterAll(async () => {
  await browser?.close();
  await onPostgres(`drop table if exists ${table}`);
});

describe('generating a screen from a PostgreSQL table in the console', () => {
  it('adds the data source and its connection test succeeds', async () => {
    await list.clickAdd();
    await dialog.fill({ name: sourceName });
    await pick('driverClass', 'org.postgresql.Driver');
    await dialog.fill({ url: PG_URL, username: 'postgres' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await list.row(sourceName).first().locator('[data-action="test"]').click();
    await dialog.expectText('连接成功');
  });

  it('adds the data model and saves the 模型配置 grid: a new label and a required field', async () => {
    await list.openFromMenu('/tool', '/tool/model');
    await list.clickAdd();
    await pick('datasourceId', sourceName);
    await dialog.fill({ modelTable: table, modelClass: 'E2eBook', modelName, modelCode: table });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await list.row(modelName).first().locator('[data-action="prototype"]').click();
    const grid = page.locator('#model_prototype_dialog');
    await grid.locator('[data-column="title"]').waitFor();
    await grid.getByLabel('title comment').fill('书名');
    await grid.getByLabel('title isRequired').check();
    await page.locator('#model_prototype_dialog_submit').click();
    await dialog.expectText('确定提交模型配置?');
    await dialog.confirm();
    await grid.waitFor({ state: 'hidden' });
  });

  it('generates the code of the selected row after confirmation', async () => {
    await list.openFromMenu('/tool', '/tool/code');
    await list.clickAdd();
    await pick('modelId', modelName);
    await dialog.fill({ codeName: '图书', serviceName: 'blade-demo', tableName: table, tablePrefix: 'cg_', packageName: 'org.springblade.demo' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await list.row(table).first().locator('input[type="checkbox"]').check();
    await page.locator('#toolbar_gen').click();
    await dialog.expectText('是否生成选中模块的代码?');
    await dialog.confirm();
    await dialog.expectText('代码生成成功');
  });

  it('after a reload the new screen opens from the menu, refuses a missing 书名 and lists the saved row', async () => {
    await page.reload();
    await list.openFromMenu('/tool', `/demo/${entity}`);
    await list.clickAdd();
    await dialog.field('title').waitFor();
    await dialog.submit();
    await dialog.expectText('请输入书名');
    await dialog.fill({ title: '三体', pages: '302' });
    await dialog.submit();
    await dialog.expectText('新增成功');
    await expect.poll(() => list.row('三体').count()).toBe(1);
    expect(await list.row('三体').first().textContent()).toContain('302');
  });
});
