import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromePage } from './pages/chrome-page.js';
import { launchBrowser } from './support/browser.js';
import { signedInPage } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser?.close());

interface ChartText { text: string; fill: string; ratio: number }

/**
 * Every text of the welcome chart (legend, axis labels) with its computed fill and its
 * contrast ratio (WCAG 2) on the chart's paper, measured in the page.
 */
function chartTexts(page: Page): Promise<{ texts: ChartText[]; primary: string; secondary: string }> {
  return page.getByTestId('wel-trend').evaluate((chart) => {
    const channels = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const paper = channels(getComputedStyle(chart.closest('.MuiPaper-root')!).backgroundColor);
    const over = (colour: string) => {
      const [r, g, b, a = 1] = channels(colour);
      return [r, g, b].map((c, i) => c * a + paper[i] * (1 - a));
    };
    const ratio = (colour: string) => {
      const [l1, l2] = [luminance(over(colour)), luminance(paper)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    // The theme's text.primary colours the paper's heading; text.secondary is MUI's dark secondary.
    const primary = getComputedStyle(chart.closest('.MuiPaper-root')!.querySelector('.MuiTypography-subtitle1')!).color;
    const texts = [...chart.querySelectorAll('svg text')].map((el) => {
      const fill = getComputedStyle(el).fill;
      return { text: el.textContent ?? '', fill, ratio: ratio(fill) };
    });
    return { texts, primary, secondary: 'rgba(255, 255, 255, 0.7)' };
  });
}

describe('the dark theme\'s chart texts read on the dark ground', () => {
  for (const [lang, legend] of [['zh', '注册'], ['en', 'Registrations']] as const) {
    it(`draws the welcome chart's legend and axis labels in the theme's text colours, at 4.5:1 or more (${lang})`, async () => {
      const page = await signedInPage(browser, lang);
      await new ChromePage(page).chooseTheme('theme-dark');
      const chart = page.getByTestId('wel-trend');
      await chart.locator('svg text').first().waitFor();
      await expect.poll(async () => (await chartTexts(page)).texts.length).toBeGreaterThan(7);
      const { texts, primary, secondary } = await chartTexts(page);
      expect(texts.some((t) => t.text.includes(legend)), JSON.stringify(texts)).toBe(true);
      for (const t of texts) {
        expect([primary, secondary], `${t.text}: ${t.fill}`).toContain(t.fill);
        expect(t.ratio, `${t.text}: ${t.fill}`).toBeGreaterThanOrEqual(4.5);
      }
      await page.context().close();
    });
  }
});
