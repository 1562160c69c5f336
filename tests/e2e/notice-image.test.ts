import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import type { ListPage } from './pages/list-page.js';
import { NoticeForm } from './pages/notice-form.js';
import { TINY_PNG } from './pages/resource-dialogs.js';
import { openAdminScreen } from './support/admin-screen.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
let form: NoticeForm;
const title = `E2E notice picture ${Date.now()}`;

beforeAll(async () => {
  ({ browser, page, list, dialog } = await openAdminScreen('/desk', '/desk/notice'));
  form = new NoticeForm(page);
});
afterAll(() => browser?.close());

describe('notice editor pictures', () => {
  it('uploads a picture through the object store and the published notice shows it', async () => {
    await list.clickAdd();
    await form.field('title').waitFor();
    await form.fillTitle(title);
    await form.chooseCategory('发布通知');
    await form.fillReleaseTime('2024-05-06 07:08:09');
    await form.typeContent('With a picture ', 'below');
    await form.insertPicture({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
    const inserted = form.field('content').locator('img');
    await inserted.waitFor();
    expect(await inserted.getAttribute('src')).toMatch(/oss\/endpoint\/file\//);
    await dialog.submit();
    await dialog.expectText('新增成功');

    await list.row(title).waitFor();
    await list.rowAction(title, 'view');
    const shown = form.field('content').locator('img');
    await shown.waitFor();
    expect(await shown.getAttribute('src')).toMatch(/oss\/endpoint\/file\//);
    // The stored link still serves the picture (sanitizer kept it, the policy lets it load).
    await page.waitForFunction(() => (document.querySelector('#root_content img') as HTMLImageElement | null)?.naturalWidth === 1);
    expect(await form.field('content').textContent()).toContain('With a picture below');
  });
});
