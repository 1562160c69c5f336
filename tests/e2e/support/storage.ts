import type { Page } from 'playwright-core';

/**
 * Writes a value the console reads from local storage (`saber-<name>`, in its
 * `{dataType, content, type, datetime}` record) before any page script runs — once per
 * page: a later reload keeps what the console itself stored since.
 */
export async function setStoredItem(page: Page, name: string, content: unknown): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      const marker = `e2e-init-${key}`;
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      localStorage.setItem(key, JSON.stringify({ dataType: typeof value, content: value, type: 'local', datetime: Date.now() }));
    },
    [`saber-${name}`, content] as const,
  );
}

/** The content of a stored record, read in the page (session storage first, as the console reads). */
export async function readStoredItem<T>(page: Page, name: string): Promise<T | undefined> {
  return page.evaluate((key) => {
    const raw = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { content: T }).content : undefined;
  }, `saber-${name}`);
}
