/** Loads the signed-in user's menu tree and button permissions into the session. */
import { request } from '../api/http';
import { flattenButtons, withIndexPaths } from './menu-tree';
import { updateSession } from './session-store';
import type { ButtonNode, MenuNode } from './session-types';

let pending: Promise<void> | undefined;
let isLoaded = false;

export function loadMenu(): Promise<void> {
  pending ??= Promise.all([
    request<MenuNode[]>({ url: '/blade-system/menu/routes' }),
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
