import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { findModelByRoute } from '../routes/find-model';
import { IFRAME_PREFIX, isLayoutPage } from '../routes/route-table';
import { useEntityModels } from '../routes/use-entity-models';
import { useRouteTitle } from '../routes/use-route-title';
import { addTag } from '../store/tags-store';

/** Opens a tab for each page visited inside the layout (not for paths that end on 404). */
export function useTrackTags(): void {
  const { pathname, search } = useLocation();
  const { models } = useEntityModels();
  const titleOf = useRouteTitle();
  const isPage = isLayoutPage(pathname) || pathname.startsWith(IFRAME_PREFIX) || Boolean(findModelByRoute(models, pathname));
  const value = `${pathname}${search}`;
  const title = isPage ? titleOf(value) : undefined;
  useEffect(() => {
    if (title) addTag({ value, label: title });
  }, [value, title]);
}
