/**
 * "A new approve button is a few lines of schema plus one hook file; no client file, no
 * rebuild": a server on the suite's built console, with the expense schema and its hook
 * file added to its schemas folder, shows the button and runs it.
 */
import { describe, expect, it } from 'vitest';
import { schemasWithExpense } from '../support/expense-schema.js';
import { DialogPage } from './pages/dialog-page.js';
import { ListPage } from './pages/list-page.js';
import { consoleWithSchemas } from './support/console-with-schemas.js';

const served = consoleWithSchemas(schemasWithExpense());

describe('an action added by schema and hook file only', () => {
  it('shows its row button on the new screen and runs it after the question', async () => {
    const { api, page } = served;
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
