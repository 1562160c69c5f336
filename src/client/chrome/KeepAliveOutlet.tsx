import Box from '@mui/material/Box';
import { Suspense, useRef, type ReactElement } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router-dom';
import { PageBoundary } from '../routes/PageBoundary';
import { PageLoading } from '../ui/PageLoading';
import { useTags } from '../store/tags-store';

interface Kept {
  element: ReactElement;
  /** Where the page was last shown: a hidden page keeps seeing its own location. */
  location: Location;
}

export interface KeepAliveOutletProps {
  /** Whether the page at a path stays mounted while another one is shown (route flag). */
  isKeptAlive(pathname: string): boolean;
}

/**
 * The layout's routed page. Pages flagged keep-alive stay mounted (hidden) after the user
 * leaves them, with their state, until their tab is closed (Saber's `<keep-alive>` around
 * `$route.meta.keepAlive` views); other pages mount afresh on each visit. Each page's box
 * carries `data-page` (its path): navigations run in a transition, so for a moment after the
 * address changes the previous page is still the one on screen.
 */
export function KeepAliveOutlet({ isKeptAlive }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tags = useTags();
  const cache = useRef(new Map<string, Kept>());
  const { pathname } = location;
  const isKept = isKeptAlive(pathname);
  if (isKept && outlet) cache.current.set(pathname, { element: outlet, location });
  for (const path of cache.current.keys()) {
    if (path !== pathname && !tags.some((tag) => tag.value.split('?')[0] === path)) cache.current.delete(path);
  }
  return (
    <>
      {[...cache.current].map(([path, kept]) => (
        <Box key={path} data-keep-alive={path} data-page={path} sx={{ display: path === pathname ? 'block' : 'none' }}>
          <LocationContext.Provider value={{ location: kept.location, navigationType }}>
            <PageBoundary>
              <Suspense fallback={<PageLoading />}>{kept.element}</Suspense>
            </PageBoundary>
          </LocationContext.Provider>
        </Box>
      ))}
      {!isKept && (
        <Box key={pathname} data-page={pathname}>
          <PageBoundary>
            <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
          </PageBoundary>
        </Box>
      )}
    </>
  );
}
