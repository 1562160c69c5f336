/** Loads the signed-in user's menu tree and button permissions into the session. */
import { request } from '../api/http';
import { flattenButtons, withIndexPaths } from './menu-tree';
import { getSession, updateSession } from './session-store';
import type { ButtonNode, MenuNode } from './session-types';

let pending: Promise<void> | undefined;
let isLoaded = false;

/** Loads the sidebar of the chosen top menu (none: every menu) and the buttons. */
export function loadMenu(): Promise<void> {
  const { topMenuId } = getSession();
  pending ??= Promise.all([
    request<MenuNode[]>({ url: '/blade-system/menu/routes', params: topMenuId ? { topMenuId } : undefined }),
    request<ButtonNode[]>({ url: '/blade-system/menu/buttons' }),
  ])
    .then(([menu, buttons]) => {
      updateSession({ menu: withIndexPaths(menu ?? []), permission: flattenButtons(buttons ?? []) });
      isLoaded = true;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Loads the menu once per page life (a reload refreshes what storage kept). */
export function ensureMenu(): Promise<void> {
  return isLoaded ? Promise.resolve() : loadMenu();
}

export function markMenuStale(): void {
  isLoaded = false;
}

/** Limits the sidebar to a top menu (undefined: 首页, every menu) and reloads it. */
export async function chooseTopMenu(topMenuId: string | undefined): Promise<void> {
  if (getSession().topMenuId === topMenuId && isLoaded) return;
  await pending?.catch(() => undefined);
  updateSession({ topMenuId });
  await loadMenu();
}
