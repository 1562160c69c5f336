/**
 * Fixed paths (spec §2) and their titles: plain constants, imported by chrome, pages and
 * guards alike. The page registry (`route-table.ts`) imports this file, never the reverse,
 * so a page naming a path does not import every other page.
 */
import { findMenuByPath } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { siteConfig } from '../site-config';

export const HOME_PATH = siteConfig.firstPage.value;
export const LOGIN_PATH = '/login';
export const LOCK_PATH = siteConfig.lockPage;
export const INFO_PATH = '/info/index';
export const DASHBOARD_PATH = '/wel/dashboard';
/** `/myiframe/urlPath?src=<url>&name=<label>`: an external page inside the layout. */
export const IFRAME_PREFIX = '/myiframe/';
export const SOCIAL_CALLBACK_PATH = '/oauth/redirect/:source';
/** The leave process's screens (spec §2), opened from a work item rather than a menu. */
export const LEAVE_FORM_PATH = '/work/process/leave/form/:processDefinitionId';
export const LEAVE_HANDLE_PATH = '/work/process/leave/handle/:taskId/:processInstanceId/:businessId';
export const LEAVE_DETAIL_PATH = '/work/process/leave/detail/:processInstanceId/:businessId';
/** Any other process type's handle and detail screens (an x-flow entity's request: dict flow's remark is `:flowRoute`). */
export const APPROVAL_FORM_PATH = '/work/process/:flowRoute/form/:processDefinitionId';
export const APPROVAL_HANDLE_PATH = '/work/process/:flowRoute/handle/:taskId/:processInstanceId/:businessId';
export const APPROVAL_DETAIL_PATH = '/work/process/:flowRoute/detail/:processInstanceId/:businessId';
/** Pages with path parameters: any signed-in user may open them (the server checks the task and the record). The leave's come first: they win. */
export const PARAM_PAGE_PATHS = [LEAVE_FORM_PATH, LEAVE_HANDLE_PATH, LEAVE_DETAIL_PATH, APPROVAL_FORM_PATH, APPROVAL_HANDLE_PATH, APPROVAL_DETAIL_PATH];

/** i18n key of the title of each fixed path. */
export const routeTitleKeys: Record<string, string> = {
  [LOGIN_PATH]: 'route.login',
  [LOCK_PATH]: 'route.lock',
  '/404': 'route.notFound',
  '/403': 'route.forbidden',
  '/500': 'route.serverError',
  [HOME_PATH]: `route.${siteConfig.firstPage.i18n}`,
  [DASHBOARD_PATH]: 'route.console',
  [INFO_PATH]: 'route.info',
  '/test/index': 'route.test',
  '/dict-horizontal/index': 'route.dictHorizontal',
  '/dict-vertical/index': 'route.dictVertical',
  [LEAVE_FORM_PATH]: 'pages.flow.leaveForm',
  [LEAVE_HANDLE_PATH]: 'pages.flow.leaveHandle',
  [LEAVE_DETAIL_PATH]: 'pages.flow.leaveDetail',
  [APPROVAL_FORM_PATH]: 'pages.flow.approvalForm',
  [APPROVAL_HANDLE_PATH]: 'pages.flow.approvalHandle',
  [APPROVAL_DETAIL_PATH]: 'pages.flow.approvalDetail',
};

/** Pages kept mounted while hidden (Saber `meta.keepAlive`); a menu item can ask for it too (`meta.keepAlive`). */
const keepAlivePaths = new Set<string>([HOME_PATH, '/test/index', '/dict-horizontal/index', '/dict-vertical/index']);

export function isKeptAlive(pathname: string, menu: MenuNode[]): boolean {
  return keepAlivePaths.has(pathname) || findMenuByPath(menu, pathname)?.meta?.keepAlive === true;
}
