/**
 * The page registry: the fixed routes' pages (spec §2) and the hand-written pages inside
 * the layout, each loaded on demand but the login page. Every other path `<menu path>/index` is an entity
 * screen (ModelRoute). Only `AppRoutes` imports this file; paths are in `paths.ts`.
 */
import { APPROVAL_DETAIL_PATH, APPROVAL_FORM_PATH, APPROVAL_HANDLE_PATH, DASHBOARD_PATH, HOME_PATH, INFO_PATH, LEAVE_DETAIL_PATH, LEAVE_FORM_PATH, LEAVE_HANDLE_PATH } from './paths';
import { registerLayoutPagePaths } from './layout-page-paths';
import { lazyPage } from '../ui/lazy-page';
import { REPORT_NAMES, reportMenuPath } from '../../shared/report-names';

// The login page comes with the entry: a lazy chunk would be a second round of requests before the form.
export { LoginPage } from '../pages/login/LoginPage';
export const SocialCallbackPage = lazyPage(() => import('../pages/login/SocialCallbackPage').then((m) => m.SocialCallbackPage));
export const LockPage = lazyPage(() => import('../pages/lock/LockPage').then((m) => m.LockPage));
export const Layout = lazyPage(() => import('../chrome/Layout').then((m) => m.Layout));
export const IframePage = lazyPage(() => import('../pages/iframe/IframePage').then((m) => m.IframePage));

/** Every report screen: one page drawn from the server's definition of the report. */
const ReportPage = lazyPage(() => import('../pages/report/ReportPage').then((m) => m.ReportPage));

/** Hand-written pages inside the layout, by path; they win over an entity with the same path. */
export const layoutPages = {
  [HOME_PATH]: lazyPage(() => import('../pages/wel/WelPage').then((m) => m.WelPage)),
  [DASHBOARD_PATH]: lazyPage(() => import('../pages/wel/DashboardPage').then((m) => m.DashboardPage)),
  [INFO_PATH]: lazyPage(() => import('../pages/info/InfoPage').then((m) => m.InfoPage)),
  '/test/index': lazyPage(() => import('../pages/demo/TestPage').then((m) => m.TestPage)),
  '/dict-horizontal/index': lazyPage(() => import('../pages/demo/DictDemoPage').then((m) => m.DictHorizontalPage)),
  '/dict-vertical/index': lazyPage(() => import('../pages/demo/DictDemoPage').then((m) => m.DictVerticalPage)),
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
  [APPROVAL_FORM_PATH]: lazyPage(() => import('../pages/work/approval/ApprovalFormPage').then((m) => m.ApprovalFormPage)),
  [APPROVAL_HANDLE_PATH]: lazyPage(() => import('../pages/work/approval/ApprovalPage').then((m) => m.ApprovalHandlePage)),
  [APPROVAL_DETAIL_PATH]: lazyPage(() => import('../pages/work/approval/ApprovalPage').then((m) => m.ApprovalDetailPage)),
  '/work/copy/index': lazyPage(() => import('../pages/work/WorkListPage').then((m) => m.CopyPage)),
  ...Object.fromEntries(REPORT_NAMES.map((name) => [`${reportMenuPath(name)}/index`, ReportPage])),
};

registerLayoutPagePaths(Object.keys(layoutPages));
