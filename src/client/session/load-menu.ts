/** Loads the signed-in user's menu tree and button permissions into the session. */
import { request } from '../api/http';
import { flattenButtons, withIndexPaths } from './menu-tree';
import { getSession, updateSession } from './session-store';
import type { ButtonNode, MenuNode } from './session-types';

let pending: Promise<void> | undefined;
let isLoaded = false;
/** Bumped by every load: only the newest load's answer reaches the session. */
let latest = 0;

async function fetchMenu(topMenuId: string | undefined): Promise<{ menu: MenuNode[]; permission: Record<string, boolean> }> {
  const [menu, buttons] = await Promise.all([
    request<MenuNode[]>({ url: '/blade-system/menu/routes', params: topMenuId ? { topMenuId } : undefined }),
    request<ButtonNode[]>({ url: '/blade-system/menu/buttons' }),
  ]);
  return { menu: withIndexPaths(menu ?? []), permission: flattenButtons(buttons ?? []) };
}

/** Loads the sidebar of the chosen top menu (none: every menu) and the buttons. */
export function loadMenu(): Promise<void> {
  if (pending) return pending;
  const ticket = ++latest;
  pending = fetchMenu(getSession().topMenuId)
    .then((loaded) => {
      if (ticket !== latest) return; // a top menu chosen meanwhile has its own load
      updateSession(loaded);
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

/**
 * Limits the sidebar to a top menu (undefined: 首页, every menu). The choice takes
 * effect with its menu: a failed load changes nothing, and of quick successive choices
 * the last one wins whatever order the answers come in.
 */
export async function chooseTopMenu(topMenuId: string | undefined): Promise<void> {
  const ticket = ++latest;
  const loaded = await fetchMenu(topMenuId);
  if (ticket !== latest) return;
  updateSession({ ...loaded, topMenuId });
  isLoaded = true;
}
