import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { mutate } from 'swr';
import { screenModel } from '../engine/entity-models-context';
import { NoScreenPage } from '../pages/error/NoScreenPage';
import { findMenuByPath } from '../session/menu-tree';
import { useSession } from '../session/use-session';
import { closeTag } from '../store/tags-store';
import { ErrorPage } from './error-page';
import { findModelByRoute } from './find-model';
import { lazyPage } from '../ui/lazy-page';
import { PageLoading } from '../ui/PageLoading';
import { RequireGrant } from './RequireGrant';
import { SCHEMAS_URL, useEntityModels } from './use-entity-models';

const ResourcePage = lazyPage(() => import('../engine/ResourcePage').then((m) => m.ResourcePage));

/** No screen at this path: its tab (opened from a menu leaf) goes, and so does the user, to /404. */
function NotFound({ path }: { path: string }) {
  useEffect(() => {
    closeTag(path);
  }, [path]);
  return <Navigate to="/404" replace />;
}

/**
 * A menu of the user's whose screen the loaded models lack: the models are fetched again
 * once, since a screen generated at run time (代码生成) has a menu and a model the console
 * did not have when it loaded them.
 */
function MenuWithoutModel({ menu, path }: { menu: Parameters<typeof NoScreenPage>[0]['menu']; path: string }) {
  useEffect(() => {
    void mutate(SCHEMAS_URL);
  }, [path]);
  return <NoScreenPage menu={menu} />;
}

/**
 * Any other path inside the layout: the entity screen bound to `<menu path>/index` (or the
 * other entity's list its `x-screen` names) (403
 * when the user's grant lacks its menu); a menu of the user's with no screen gets a page
 * saying so; anything else is a 404.
 */
export function ModelRoute() {
  const { pathname, search } = useLocation();
  const { models, isLoading, error } = useEntityModels();
  const { menu } = useSession();
  if (isLoading) return <PageLoading />;
  if (error) return <ErrorPage code={500} embedded />;
  const routeModel = findModelByRoute(models, pathname);
  // x-screen: the menu's screen lists another entity's rows.
  const model = routeModel && screenModel(routeModel, models);
  if (!routeModel) {
    const menuNode = findMenuByPath(menu, pathname);
    return menuNode ? <MenuWithoutModel menu={menuNode} path={pathname} /> : <NotFound path={`${pathname}${search}`} />;
  }
  if (!model) return <ErrorPage code={500} embedded />;
  return (
    <RequireGrant path={pathname}>
      <ResourcePage model={model} key={routeModel.key} />
    </RequireGrant>
  );
}
