/**
 * Fixed routes (spec §2) and hand-written pages inside the layout. Every other path
 * `<menu path>/index` is an entity screen (ModelRoute).
 */
import { siteConfig } from '../site-config';
import { lazyPage } from './lazy-page';

export const HOME_PATH = siteConfig.firstPage.value;
export const LOGIN_PATH = '/login';

/** i18n key of the title of each fixed path. */
export const routeTitleKeys: Record<string, string> = {
  [LOGIN_PATH]: 'route.login',
  '/lock': 'route.lock',
  '/404': 'route.notFound',
  '/403': 'route.forbidden',
  '/500': 'route.serverError',
  [HOME_PATH]: `route.${siteConfig.firstPage.i18n}`,
};

export const LoginPage = lazyPage(() => import('../pages/login/LoginPage').then((m) => m.LoginPage));
export const ErrorPage = lazyPage(() => import('../pages/error/ErrorPage').then((m) => m.ErrorPage));
export const Layout = lazyPage(() => import('../chrome/Layout').then((m) => m.Layout));

/** Hand-written pages inside the layout, by path; they win over an entity with the same path. */
export const layoutPages = {
  [HOME_PATH]: lazyPage(() => import('../pages/wel/WelPage').then((m) => m.WelPage)),
  '/system/user/index': lazyPage(() => import('../pages/system/user/UserPage').then((m) => m.UserPage)),
  '/authority/role/index': lazyPage(() => import('../pages/authority/role/RolePage').then((m) => m.RolePage)),
  '/system/menu/index': lazyPage(() => import('../pages/system/menu/MenuPage').then((m) => m.MenuPage)),
  '/system/tenant/index': lazyPage(() => import('../pages/system/tenant/TenantPage').then((m) => m.TenantPage)),
  '/system/topmenu/index': lazyPage(() => import('../pages/system/topmenu/TopMenuPage').then((m) => m.TopMenuPage)),
};
