/**
 * The page registry: the fixed routes' pages (spec §2) and the hand-written pages inside
 * the layout, each loaded on demand. Every other path `<menu path>/index` is an entity
 * screen (ModelRoute). Only `AppRoutes` imports this file; paths are in `paths.ts`.
 */
import { DASHBOARD_PATH, HOME_PATH, INFO_PATH, LEAVE_DETAIL_PATH, LEAVE_FORM_PATH, LEAVE_HANDLE_PATH } from './paths';
import { registerLayoutPagePaths } from './layout-page-paths';
import { lazyPage } from '../ui/lazy-page';
import { matchPath } from 'react-router-dom';
import { REPORT_NAMES, reportMenuPath } from '../../shared/report-names';
import { findMenuByPath } from '../session/menu-tree';
import type { MenuNode } from '../session/session-types';
import { siteConfig } from '../site-config';
import { lazyPage } from './lazy-page';

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
/** Pages with path parameters: any signed-in user may open them (the server checks the task and the record). */
export const PARAM_PAGE_PATHS = [LEAVE_FORM_PATH, LEAVE_HANDLE_PATH, LEAVE_DETAIL_PATH];

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
};

export const LoginPage = lazyPage(() => import('../pages/login/LoginPage').then((m) => m.LoginPage));
export const SocialCallbackPage = lazyPage(() => import('../pages/login/SocialCallbackPage').then((m) => m.SocialCallbackPage));
export const LockPage = lazyPage(() => import('../pages/lock/LockPage').then((m) => m.LockPage));
export const Layout = lazyPage(() => import('../chrome/Layout').then((m) => m.Layout));
const ReportPage = lazyPage(() => import('../pages/report/ReportPage').then((m) => m.ReportPage));
export const IframePage = lazyPage(() => import('../pages/iframe/IframePage').then((m) => m.IframePage));

/** Hand-written pages inside the layout, by path; they win over an entity with the same path. */
export const layoutPages = {
  [HOME_PATH]: lazyPage(() => import('../pages/wel/WelPage').then((m) => m.WelPage)),
  [DASHBOARD_PATH]: lazyPage(() => import('../pages/wel/DashboardPage').then((m) => m.DashboardPage)),
  [INFO_PATH]: lazyPage(() => import('../pages/info/InfoPage').then((m) => m.InfoPage)),
  '/test/index': lazyPage(() => import('../pages/demo/TestPage').then((m) => m.TestPage)),
  '/dict-horizontal/index': lazyPage(() => import('../pages/demo/DictDemoPage').then((m) => m.DictHorizontalPage)),
  '/dict-vertical/index': lazyPage(() => import('../pages/demo/DictDemoPage').then((m) => m.DictVerticalPage)),
  '/system/user/index': lazyPage(() => import('../pages/system/user/UserPage').then((m) => m.UserPage)),
  '/authority/role/index': lazyPage(() => import('../pages/authority/role/RolePage').then((m) => m.RolePage)),
  '/authority/datascope/index': lazyPage(() => import('../pages/authority/scope/ScopeMenuPage').then((m) => m.DataScopePage)),
  '/authority/apiscope/index': lazyPage(() => import('../pages/authority/scope/ScopeMenuPage').then((m) => m.ApiScopePage)),
  '/system/menu/index': lazyPage(() => import('../pages/system/menu/MenuPage').then((m) => m.MenuPage)),
  '/system/tenant/index': lazyPage(() => import('../pages/system/tenant/TenantPage').then((m) => m.TenantPage)),
  '/system/topmenu/index': lazyPage(() => import('../pages/system/topmenu/TopMenuPage').then((m) => m.TopMenuPage)),
  '/resource/oss/index': lazyPage(() => import('../pages/resource/oss/OssPage').then((m) => m.OssPage)),
  '/resource/sms/index': lazyPage(() => import('../pages/resource/sms/SmsPage').then((m) => m.SmsPage)),
  '/base/region/index': lazyPage(() => import('../pages/base/region/RegionPage').then((m) => m.RegionPage)),
  '/resource/attach/index': lazyPage(() => import('../pages/resource/attach/AttachPage').then((m) => m.AttachPage)),
  '/flow/model/index': lazyPage(() => import('../pages/flow/model/ModelPage').then((m) => m.ModelPage)),
  '/flow/deploy/index': lazyPage(() => import('../pages/flow/deploy/DeployPage').then((m) => m.DeployPage)),
  '/flow/manager/index': lazyPage(() => import('../pages/flow/manager/ManagerPage').then((m) => m.ManagerPage)),
  '/flow/follow/index': lazyPage(() => import('../pages/flow/follow/FollowPage').then((m) => m.FollowPage)),
  '/work/start/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.StartPage)),
  '/work/claim/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.ClaimPage)),
  '/work/todo/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.TodoPage)),
  '/work/send/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.SendPage)),
  '/work/done/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.DonePage)),
  [LEAVE_FORM_PATH]: lazyPage(() => import('../pages/work/leave/LeaveFormPage').then((m) => m.LeaveFormPage)),
  [LEAVE_HANDLE_PATH]: lazyPage(() => import('../pages/work/leave/LeaveHandlePage').then((m) => m.LeaveHandlePage)),
  [LEAVE_DETAIL_PATH]: lazyPage(() => import('../pages/work/leave/LeaveDetailPage').then((m) => m.LeaveDetailPage)),
  ...Object.fromEntries(REPORT_NAMES.map((name) => [`${reportMenuPath(name)}/index`, ReportPage])),
};

registerLayoutPagePaths(Object.keys(layoutPages));
