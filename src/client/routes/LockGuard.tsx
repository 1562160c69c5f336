import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLock } from '../store/lock-store';
import { LOCK_PATH } from './paths';

/** If the screen is locked, every path goes to the lock page (spec §2 Route guard). */
export function LockGuard({ children }: { children: ReactNode }) {
  const { isLocked } = useLock();
  const { pathname } = useLocation();
  if (isLocked && pathname !== LOCK_PATH) return <Navigate to={LOCK_PATH} replace />;
  return children;
}
