import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '../ui/after-first-paint';
import { currentToasts, dismissToast, subscribeToasts } from '../ui/toast';

// Snackbar and Alert are not needed to show the first screen: fetched once it is painted.
const loadToastView = () => import('./ToastView').then((m) => m.ToastView);
const ToastView = lazy(() => loadToastView().then((component) => ({ default: component })));

/** Shows the oldest queued toast; the next one appears when it closes. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  useEffect(() => {
    // Loaded ahead of the first toast; a failure shows up when a toast needs it (the boundary's report).
    void afterFirstPaint().then(() => loadToastView().catch(() => undefined));
  }, []);
  const current = toasts[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={current.id} toast={current} onClose={() => dismissToast(current.id)} />
    </Suspense>
  );
}
