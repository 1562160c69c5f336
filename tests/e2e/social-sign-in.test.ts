import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcServer, type OidcServer } from '../support/oidc-server.js';
import { LoginPage } from './pages/login-page.js';
import { OidcProviderPages } from './pages/oidc-provider-pages.js';
import { RegisterDialog } from './pages/register-dialog.js';
import { ApiClient } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

/*
 * The console's third-party sign-in in a real browser against a real OpenID Connect
 * server on loopback: tile → render → provider sign-in/consent → /oauth/redirect/github
 * → guest registration → approval → a normal session.
 */

const stamp = Date.now();
const login = `octo${stamp}`;
const account = `octo-e2e-${stamp}`;
const ACCOUNT = { id: stamp % 1_000_000_000, login, name: 'The Octocat', avatar_url: 'https://avatars.example/u/1', email: `${login}@example.com` };

let browser: Browser;
let oidc: OidcServer;
let admin: ApiClient;

beforeAll(async () => {
  const redirectUri = `${baseUrl()}/oauth/redirect/github`;
  oidc = await startOidcServer({ redirectUri, accounts: { [login]: ACCOUNT } });
  admin = await ApiClient.signIn({ password: process.env.ATRIUM_E2E_PASSWORD! });
  const existing = await admin.get<{ records: { id: string; source: string }[] }>('/blade-system/social-client/list', { source: 'github' });
  const row = existing.records.find((r) => r.source === 'github');
  await admin.post('/blade-system/social-client/submit', {
    ...(row ? { id: row.id } : {}),
    source: 'github', clientId: oidc.clientId, clientSecret: oidc.clientSecret, scope: 'openid profile', enabled: 1,
    authorizeUrl: `${oidc.issuer}/auth`, tokenUrl: `${oidc.issuer}/token`, userInfoUrl: `${oidc.issuer}/me`, redirectUri,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await oidc?.close();
});

/** /login → 第三方登录 → github tile → the provider's pages → back on the console's callback. */
async function signInWithGithub(page: Page): Promise<void> {
  await new LoginPage(page).open();
  await page.locator('#login_tab_third').click();
  await page.locator('[data-social="github"]').click();
  await page.waitForURL((url) => url.toString().startsWith(oidc.issuer));
  await new OidcProviderPages(page).signInAndConsent(oidc.issuer, login);
  await page.waitForURL((url) => url.toString().startsWith(baseUrl()));
}

describe('third-party sign-in in the console', () => {
  it('registers a first-time visitor as a guest and sends them back to /login', async () => {
    const page = await newPage(browser);
    await signInWithGithub(page);
    const dialog = new RegisterDialog(page);
    await dialog.waitOpen();
    expect(await page.locator('#register_tenantId').inputValue()).toBe('000000');
    await dialog.fill({ tenantId: '000000', name: 'Octo E2E', account, password: 'octo-pass-1', password2: 'octo-pass-1' });
    await dialog.submit();
    expect(await dialog.acceptSubmitted()).toContain('注册申请已提交');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('signs the person in to the layout once approved and given a role', async () => {
    const users = await admin.get<{ records: { id: string; account: string; status: number }[] }>('/blade-user/list', { account, size: '50' });
    const user = users.records.find((u) => u.account === account);
    expect(user, JSON.stringify(users.records)).toBeDefined();
    expect(user!.status).toBe(0);
    const roles = await admin.get<{ id: string; roleAlias: string; children?: unknown[] }[]>('/blade-system/role/list');
    const flat: { id: string; roleAlias: string }[] = [];
    const walk = (nodes: any[]) => nodes.forEach((n) => { flat.push(n); walk(n.children ?? []); });
    walk(roles);
    const role = flat.find((r) => r.roleAlias === 'user') ?? flat.find((r) => r.roleAlias === 'administrator')!;
    await admin.post(`/blade-user/grant?${new URLSearchParams({ userIds: String(user!.id), roleIds: String(role.id) })}`, {});
    await admin.post(`/blade-user/approve?${new URLSearchParams({ userIds: String(user!.id) })}`, {});

    const page = await newPage(browser);
    await signInWithGithub(page);
    await page.getByTestId('layout').waitFor({ timeout: 20_000 });
    await page.getByTestId('sidebar-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    expect(await page.locator('#register_dialog').count()).toBe(0);
    await page.context().close();
  });
});
