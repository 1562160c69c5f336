import { lazy, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { afterFirstPaint } from './after-first-paint';

// MUI's Tooltip brings Popper (≈ 9 KB gzip): the first screen need not wait for it.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, its code fetched once the first screen is painted: until it arrives the
 * child shows without a hint.
 */
export function LazyTooltip({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    let isLive = true;
    void afterFirstPaint().then(() => isLive && setShown(true));
    return () => {
      isLive = false;
    };
  }, []);
  if (!isShown) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
