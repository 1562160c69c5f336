import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_URL, onPostgres, PG_URL, uniqueTable } from '../support/external-databases.js';
import { ApiClient } from './support/api.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';

/**
 * Issue 13 in the console: a PostgreSQL table becomes a working screen through
 * 数据源 → 数据模型 (the table picked from the source's tables, 模型配置 grid) → 代码生成,
 * without leaving the browser.
 */
const table = uniqueTable('cg_e2e');
const entity = table.replace(/^cg_/, '').replace(/_/g, '-');
const sourceName = `pg ${table}`;
/** A second source (MariaDB), which does not have the table: picking it clears the table picked. */
const otherSourceName = `maria ${table}`;
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
  await onPostgres(`create table ${table} (id bigserial primary key, title varchar(64), pages integer)`, `comment on table ${table} is '电子书'`);
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  await admin.post('/blade-develop/datasource/submit', { name: otherSourceName, driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' });
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

  it('picks the table from the chosen data source\'s tables: none before a source is chosen, cleared when the source changes', async () => {
    await list.openFromMenu('/tool', '/tool/model');
    await list.clickAdd();
    await expect.poll(() => dialog.field('modelTable').getAttribute('aria-disabled')).toBe('true');
    await dialog.expectText('请先选择数据源');
    await pick('datasourceId', sourceName);
    await pick('modelTable', `${table} (电子书)`);
    await pick('datasourceId', otherSourceName);
    await expect.poll(() => dialog.field('modelTable').textContent()).not.toContain(table);
    await dialog.field('modelTable').click();
    await page.getByRole('listbox').waitFor();
    expect(await page.getByRole('option', { name: table, exact: false }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await pick('datasourceId', sourceName);
    await pick('modelTable', `${table} (电子书)`);
  });

  it('adds the data model and saves the 模型配置 grid: a new label and a required field', async () => {
    await dialog.fill({ modelClass: 'E2eBook', modelName, modelCode: table });
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
    // The question comes with the file it would write (a new file: every line added).
    const preview = page.locator('#confirm_detail');
    await expect.poll(() => preview.textContent()).toContain(`+++ demo/${entity}.json`);
    expect(await preview.textContent()).toContain('"zh": "书名"');
    await dialog.confirm();
    await dialog.expectText('代码生成成功');
    // The table has neither is_deleted nor tenant_id: the administrator is told so.
    await dialog.expectText(`表 ${table} 没有 is_deleted 列: 此页面的删除会永久删除数据行`);
    await dialog.expectText(`表 ${table} 没有 tenant_id 列: 所有租户都能看到并修改它的全部数据行`);
    // Asked again, the preview says the file would not change; cancelled, nothing runs.
    await list.row(table).first().locator('input[type="checkbox"]').check();
    await page.locator('#toolbar_gen').click();
    await expect.poll(() => preview.textContent()).toBe(`demo/${entity}.json: 与现有文件相同, 不会改变`);
    await page.locator('#confirm_cancel').click();
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
