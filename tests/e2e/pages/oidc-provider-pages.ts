import type { Page } from 'playwright-core';

/** oidc-provider's development interaction pages (sign-in, then consent). */
export class OidcProviderPages {
  constructor(private readonly page: Page) {}

  /** Goes through the provider's login and consent forms until the browser leaves `issuer`. */
  async signInAndConsent(issuer: string, login: string): Promise<void> {
    for (let step = 0; step < 6; step += 1) {
      await this.page.waitForLoadState('domcontentloaded');
      if (!this.page.url().startsWith(issuer)) return;
      const prompt = await this.page.locator('input[name="prompt"]').first().getAttribute('value', { timeout: 10_000 });
      const before = this.page.url();
      const leaving = this.page.waitForURL((url) => url.toString() !== before, { timeout: 10_000 });
      if (prompt === 'login') {
        await this.page.locator('input[name="login"]').fill(login);
        await this.page.locator('input[name="password"]').fill('any');
      }
      await this.page.locator('form button[type="submit"], form [type="submit"]').first().click();
      await leaving;
    }
    throw new Error(`still at the provider: ${this.page.url()}`);
  }
}
