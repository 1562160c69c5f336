import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialogPage } from './pages/dialog-page.js';
import type { ListPage } from './pages/list-page.js';
import { openAdminScreen } from './support/admin-screen.js';
import { ApiClient } from './support/api.js';

let browser: Browser;
let page: Page;
let list: ListPage;
let dialog: DialogPage;
const clientId = `e2esec${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  const admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  await admin.post('/blade-system/client/submit', {
    clientId, clientSecret: 'typed-once', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 3600, refreshTokenValidity: 3600,
  });
  ({ browser, page, list, dialog } = await openAdminScreen('/system', '/system/client'));
});
afterAll(() => browser?.close());

/** The body of the next submit of the client form. */
async function submittedBody(): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/blade-system/client/submit')),
    dialog.submit(),
  ]);
  return request.postDataJSON() as Record<string, unknown>;
}

describe('a stored secret in the edit form', () => {
  it('is not in the list, shows as stored but empty, and is kept on save unless a new one is typed', async () => {
    await list.row(clientId).first().waitFor();
    expect(await list.table().textContent()).not.toContain('typed-once');

    await list.rowAction(clientId, 'edit');
    await dialog.field('clientSecret').waitFor();
    expect(await dialog.field('clientSecret').inputValue()).toBe('');
    expect(await dialog.field('clientSecret').getAttribute('type')).toBe('password');
    await dialog.expectText('已保存（不显示），留空则保持不变');
    expect((await submittedBody()).clientSecret).toBe('******');
    await dialog.expectText('更新成功');

    await list.rowAction(clientId, 'edit');
    await dialog.field('clientSecret').waitFor();
    await dialog.fill({ clientSecret: 'typed-anew' });
    expect((await submittedBody()).clientSecret).toBe('typed-anew');
    await dialog.expectText('更新成功');
  });
});
