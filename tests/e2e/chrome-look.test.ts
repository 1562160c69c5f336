import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { LoginPage } from './pages/login-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { signedInPage } from './support/session.js';
import { readStoredItem } from './support/storage.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

describe('theme, colour and language (spec §2 Top bar)', () => {
  it('starts in theme-bule and remembers a picked theme across a reload', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    expect(await chrome.layout().getAttribute('data-theme')).toBe('theme-bule');
    const before = await chrome.headerBackground();
    await chrome.chooseTheme('theme-dark');
    expect(await chrome.layout().getAttribute('data-theme')).toBe('theme-dark');
    expect(await chrome.headerBackground()).not.toBe(before);
    await page.reload();
    await chrome.layout().waitFor();
    expect(await chrome.layout().getAttribute('data-theme')).toBe('theme-dark');
    expect(await page.evaluate(() => document.body.className)).toBe('theme-dark');
    expect(await readStoredItem(page, 'themeName')).toBe('theme-dark');
    await page.context().close();
  });

  it('remembers a picked primary colour (default #409EFF)', async () => {
    const page = await signedInPage(browser);
    expect(await readStoredItem(page, 'colorName')).toBeUndefined();
    await page.locator('#top_color').click();
    await page.locator('[data-color="#f5222d"]').click();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('layout').waitFor();
    expect(await readStoredItem(page, 'colorName')).toBe('#f5222d');
    const tabColor = await page.locator('[data-tag="/wel/index"]').evaluate((el) => getComputedStyle(el).color);
    // #f5222d itself, darkened as far as WCAG AA needs on the page (5.4:1 on white instead of 4.0:1).
    expect(tabColor).toBe('rgb(208, 28, 38)');
    await page.context().close();
  });

  it('switches to English (zh disabled afterwards) and remembers it under saber-language', async () => {
    const page = await signedInPage(browser);
    const chrome = new ChromePage(page);
    await chrome.chooseLanguage('en');
    await page.getByText('Registrations today').waitFor();
    expect(await readStoredItem(page, 'language')).toBe('en');
    await page.reload();
    await page.getByText('Registrations today').waitFor();
    await chrome.topButton('language').click();
    expect(await page.locator('[data-lang="en"]').getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('[data-lang="zh"]').getAttribute('aria-disabled')).toBeNull();
    await page.context().close();
  });

  it('switches the login page language too', async () => {
    const page = await newPage(browser);
    const login = new LoginPage(page);
    await login.open();
    await page.locator('#top_language').click();
    await page.locator('[data-lang="en"]').click();
    await page.getByText('Account login').waitFor();
    expect(await page.title()).toBe('Login');
    await page.context().close();
  });
});
