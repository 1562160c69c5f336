// Scripts the console bench runs inside the page. Times are the page's performance.now(),
// which counts from the navigation's start.
import type { Page } from 'playwright-core';

export interface Fetched { url: string; type: string; start: number; end: number; bytes: number }

declare global {
  interface Window { __formVisibleAt?: number; __longTasks?: { start: number; end: number }[] }
}

/**
 * From the document's start: when the login form's username field is first in the page
 * and visible (laid out, the frame about to be painted). A mutation observer, as a
 * requestAnimationFrame loop set up this early never runs in headless Chromium.
 */
export async function watchLoginForm(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const field = document.getElementById('login-username');
      if (!field || !field.checkVisibility()) return;
      window.__formVisibleAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Every long task (≥ 50 ms on the main thread) from the document's start. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks!.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The document and every request the page made, in start order. */
export function fetchedSoFar(page: Page): Promise<Fetched[]> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const rows = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      url: e.name, type: e.initiatorType, start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize,
    }));
    return [{ url: nav.name, type: 'document', start: nav.startTime, end: nav.responseEnd, bytes: nav.encodedBodySize }, ...rows].sort((a, b) => a.start - b.start);
  });
}

/**
 * When the table first shows more than `shownBefore` body rows (a frame about to be
 * painted), and how many: a virtualized table renders only the rows in view.
 */
export function rowsPainted(page: Page, shownBefore: number): Promise<{ at: number; rows: number }> {
  // A string: tsx would wrap a named function of this file in a helper the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const tick = () => {
      const rows = document.querySelectorAll('tbody tr').length;
      if (rows > ${shownBefore}) resolve({ at: performance.now(), rows });
      else requestAnimationFrame(tick);
    };
    tick();
  })`);
}

/** The long tasks seen so far (watchLongTasks first). */
export function longTasks(page: Page): Promise<{ start: number; end: number }[]> {
  return page.evaluate(() => window.__longTasks ?? []);
}
