import type { Page } from 'playwright-core';

/**
 * Pieces of visible text (text nodes and input placeholders) that contain CJK
 * characters. User data is left out: anything inside `[data-user-content]` (names, data
 * rows the server sends) and the signed-in user's own names.
 */
export async function visibleCjk(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cjk = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
    const raw = sessionStorage.getItem('saber-userInfo') ?? localStorage.getItem('saber-userInfo');
    const user = raw ? (JSON.parse(raw).content as Record<string, string>) : {};
    const names = [user.nick_name, user.real_name, user.user_name, user.account].filter(Boolean);
    const isShown = (el: Element | null) => Boolean(el && (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }));
    const clean = (text: string) => names.reduce((acc, name) => acc.split(name).join(''), text);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-user-content], script, style') || !isShown(parent)) continue;
      const text = clean(node.textContent ?? '').trim();
      if (cjk.test(text)) found.push(text);
    }
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const text = clean(input.getAttribute('placeholder') ?? '');
      if (isShown(input) && cjk.test(text)) found.push(`placeholder: ${text}`);
    }
    return found;
  });
}
