/**
 * Issue 31's proof in the browser: the site entity of tests/support/site-schema.ts (one schema
 * file, nothing else) is a screen with its department tree beside the list, its 备注 action
 * opening a form whose bad value is refused before anything is sent, and its 导入 button that
 * imports a workbook as a job.
 */
import { describe, expect, it } from 'vitest';
import { schemasWith } from '../support/expense-schema.js';
import { siteSchema } from '../support/site-schema.js';
import { inlineSheet, xlsxParts, zipOf } from '../support/xlsx-zip.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { consoleWithSchemas } from './support/console-with-schemas.js';

const served = consoleWithSchemas(schemasWith({ 'demo/site.json': JSON.stringify(siteSchema) }));

describe('an entity screen from one schema file', () => {
  it('filters by its side tree, checks its action form before sending, and imports a workbook', async () => {
    const { api, page } = served;
    const north = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: '北区', fullName: '北区', parentId: '0', sort: 1, deptCategory: 2 })).id;
    const south = (await api.post<{ id: string }>('/blade-system/dept/submit', { deptName: '南区', fullName: '南区', parentId: '0', sort: 2, deptCategory: 2 })).id;
    await api.post('/demo/site/submit', { name: '北站', deptId: north, parentId: '0' });
    await api.post('/demo/site/submit', { name: '南站', deptId: south, parentId: '0' });

    const list = new ListPage(page);
    await list.openFromMenu('/system', '/demo/site');
    await page.getByText('所属部门').first().waitFor();
    expect(await page.locator('#toolbar_note').count()).toBe(1);
    expect(await page.locator('#toolbar_import').count()).toBe(1);
    await page.locator(`#dept_tree_${north}`).click();
    await expect.poll(() => list.rows().filter({ hasText: '南站' }).count()).toBe(0);
    await list.row('北站').first().waitFor();

    const sent: string[] = [];
    page.on('request', (req) => { if (req.url().includes('/demo/site/note')) sent.push(req.postData() ?? ''); });
    await list.row('北站').first().locator('input[type="checkbox"]').check();
    await page.locator('#toolbar_note').click();
    const dialog = page.locator('[id$="_note_dialog"]');
    await dialog.waitFor();
    const note = page.locator('[id$="_note_note"]');
    await note.fill('x'.repeat(21));
    await note.blur();
    await page.locator('[id$="_note_dialog_submit"]').click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
    await note.fill('已巡检');
    await note.blur();
    await page.locator('[id$="_note_dialog_submit"]').click();
    await new DialogPage(page).expectText('操作成功');
    await dialog.waitFor({ state: 'detached' });
    await list.row('北站').first().getByText('已巡检').waitFor();

    await page.locator(`#dept_tree_${north}`).click(); // clears the pick
    await page.locator('#import_file').setInputFiles({
      name: 'sites.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await zipOf(xlsxParts(inlineSheet(['name', 'deptId', 'parentId'], [['导入站', south, '0'], ['', south, '0']]))),
    });
    const job = page.locator('[data-job-state="done"]').first();
    await job.waitFor({ timeout: 30_000 });
    expect(await job.textContent()).toContain('未通过 1');
    await page.keyboard.press('Escape');
    await list.search('name', '导入站');
    await list.row('导入站').first().waitFor();
  });
});
