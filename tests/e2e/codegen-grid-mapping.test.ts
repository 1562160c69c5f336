import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_URL, onMysql, onPostgres, PG_URL, uniqueTable } from '../support/external-databases.js';
import { ApiClient } from './support/api.js';
import { openAdminScreen, type AdminScreen } from './support/admin-screen.js';

/** 数据模型 › 模型配置: the grid shows each column's property type and names an uncommented id key 主键, on PostgreSQL and MariaDB. */
const table = uniqueTable('cg_grid');
let screen: AdminScreen;

beforeAll(async () => {
  await onPostgres(`create table ${table} (id bigserial primary key, visit_day date, note varchar(64))`);
  await onMysql(`create table ${table} (id bigint primary key auto_increment, visit_day date, note varchar(64))`);
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const sources = [
    { name: `pg ${table}`, driverClass: 'org.postgresql.Driver', url: PG_URL, username: 'postgres' },
    { name: `maria ${table}`, driverClass: 'com.mysql.cj.jdbc.Driver', url: MYSQL_URL, username: 'root' },
  ];
  for (const source of sources) {
    const { id } = await admin.post<{ id: string }>('/blade-develop/datasource/submit', source);
    await admin.post('/blade-develop/model/submit', { datasourceId: id, modelTable: table, modelClass: 'Visit', modelName: `模型 ${source.name}`, modelCode: uniqueTable('m') });
  }
  screen = await openAdminScreen('/tool', '/tool/model');
});
afterAll(async () => {
  await screen?.browser.close();
  await onPostgres(`drop table if exists ${table}`);
  await onMysql(`drop table if exists ${table}`);
});

describe('the 数据库模型配置 grid maps columns alike on both databases', () => {
  for (const kind of ['pg', 'maria']) {
    it(`shows date for a date column and 主键 for the id key (${kind})`, async () => {
      const { page, list } = screen;
      await list.search('modelName', `模型 ${kind} ${table}`);
      await expect.poll(() => list.rows().count()).toBe(1);
      await list.rows().first().locator('[data-action="prototype"]').click();
      const grid = page.locator('#model_prototype_dialog');
      const day = grid.locator('[data-column="visit_day"]');
      await day.waitFor();
      expect(await day.locator('td').nth(3).textContent()).toBe('date');
      expect(await grid.getByLabel('id comment').inputValue()).toBe('主键');
      expect(await grid.locator('[data-column="id"] td').nth(3).textContent()).toBe('id');
      await page.keyboard.press('Escape');
      await grid.waitFor({ state: 'hidden' });
    });
  }
});
