import type { ReactNode } from 'react';
import { PageLoading } from '../ui/PageLoading';
import { ErrorPage } from './error-page';
import { DASHBOARD_PATH, HOME_PATH, INFO_PATH, PARAM_PAGE_PATHS } from './paths';
import { useGrantedPaths } from './use-granted-paths';

/** Pages of every signed-in user, granted or not: home, dashboard, own info, the demos and the work items' screens. */
const OPEN_PAGES = new Set([HOME_PATH, DASHBOARD_PATH, INFO_PATH, '/test/index', '/dict-horizontal/index', '/dict-vertical/index', ...PARAM_PAGE_PATHS]);

/**
 * A screen opens only when the user's grant holds its menu: typing the address of an
 * ungranted screen shows the 403 page inside the layout (the server refuses its reads too).
 */
export function RequireGrant({ path, children }: { path: string; children: ReactNode }) {
  const granted = useGrantedPaths();
  if (OPEN_PAGES.has(path)) return children;
  if (!granted) return <PageLoading />;
  if (!granted.has(path)) return <ErrorPage code={403} embedded />;
  return children;
}
