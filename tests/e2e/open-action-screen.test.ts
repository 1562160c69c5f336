/**
 * The open action in the browser, on entities of one schema file each (tests/support/shelf-schema.ts):
 * a shelf row's 书目 opens ANOTHER entity's list in a dialog, fixed to the shelf, shown on
 * shelves only (showWhen), and a book's x-fill fills its title from the shelf it was opened from.
 */
import { describe, expect, it } from 'vitest';
import { schemasWith } from '../support/expense-schema.js';
import { shelfFiles } from '../support/shelf-schema.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { consoleWithSchemas } from './support/console-with-schemas.js';

const served = consoleWithSchemas(schemasWith(shelfFiles));

describe('an x-actions entry that opens another entity\'s list', () => {
  it('opens the books of one shelf in a dialog, on shelves only, a new book filled from its shelf', async () => {
    const { api, page } = served;
    const shelf = (await api.post<{ id: string }>('/demo/shelf/submit', { name: '东架', code: 'E1', kind: 1 })).id;
    const other = (await api.post<{ id: string }>('/demo/shelf/submit', { name: '西架', code: 'W1', kind: 1 })).id;
    await api.post('/demo/shelf/submit', { name: '杂物箱', kind: 2 });
    await api.post('/demo/book/submit', { shelfId: other, title: '西架的书' });

    const list = new ListPage(page);
    await list.openFromMenu('/system', '/demo/shelf');
    await list.row('东架').first().waitFor();
    expect(await list.row('东架').first().locator('[data-action="books"]').count()).toBe(1);
    expect(await list.row('杂物箱').first().locator('[data-action="books"], [data-action="archive"]').count()).toBe(0);

    await list.row('东架').first().locator('[data-action="books"]').click();
    const dialog = page.locator('#book_dialog');
    await dialog.waitFor();
    expect(await page.locator('#book_dialog_title').textContent()).toBe('[东架] 书目');
    expect(await dialog.evaluate((e) => Math.round(e.getBoundingClientRect().width))).toBe(720);
    const books = new ListPage(page, 'book_');
    await books.table().waitFor();
    expect(await books.rows().filter({ hasText: '西架的书' }).count()).toBe(0);

    await page.locator('#book_toolbar_add').click();
    expect(await page.locator('#root_shelfId').count()).toBe(0);
    await page.locator('#root_hardcover').click();
    await page.getByRole('option', { name: '是' }).click();
    expect(await page.locator('#root_title').inputValue()).toBe('东架 [是]');
    expect(await page.locator('#root_shelfCode').inputValue()).toBe('E1');
    await new DialogPage(page, 'book_').submit();
    await new DialogPage(page).expectText('新增成功');
    await books.row('东架 [是]').first().waitFor();
    const saved = (await api.get<{ records: { shelfId: string; title: string }[] }>('/demo/book/list', { shelfId: shelf })).records;
    expect(saved).toMatchObject([{ shelfId: shelf, title: '东架 [是]' }]);
    await page.locator('#book_dialog_close').click();
    await dialog.waitFor({ state: 'detached' });
  });
});
