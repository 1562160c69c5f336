import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteTitle } from '../routes/use-route-title';
import { addTag } from '../store/tags-store';

/** Opens a tab for each page visited inside the layout, once its title is known. */
export function useTrackTags(): void {
  const { pathname, search } = useLocation();
  const titleOf = useRouteTitle();
  const title = titleOf(pathname);
  useEffect(() => {
    if (title) addTag({ value: `${pathname}${search}`, label: title });
  }, [pathname, search, title]);
}
