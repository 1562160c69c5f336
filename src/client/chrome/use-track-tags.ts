import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { findModelByRoute } from '../routes/find-model';
import { isLayoutPage } from '../routes/layout-page-paths';
import { IFRAME_PREFIX } from '../routes/paths';
import { useEntityModels } from '../routes/use-entity-models';
import { useRouteTitle } from '../routes/use-route-title';
import { findMenuByPath, hasChildren } from '../session/menu-tree';
import { useSession } from '../session/use-session';
import { addTag } from '../store/tags-store';

/**
 * Opens a tab for each page visited inside the layout: hand-written pages, external
 * pages, entity screens and menu leaves (known before the entity models have loaded;
 * a leaf without a screen ends on 404, which closes its tab again).
 */
export function useTrackTags(): void {
  const { pathname, search } = useLocation();
  const { models } = useEntityModels();
  const { menu } = useSession();
  const titleOf = useRouteTitle();
  const leaf = findMenuByPath(menu, pathname);
  const isMenuLeaf = Boolean(leaf && !hasChildren(leaf));
  const isPage = isLayoutPage(pathname) || pathname.startsWith(IFRAME_PREFIX) || isMenuLeaf || Boolean(findModelByRoute(models, pathname));
  const value = `${pathname}${search}`;
  const title = isPage ? titleOf(value) : undefined;
  useEffect(() => {
    if (title) addTag({ value, label: title });
  }, [value, title]);
}
