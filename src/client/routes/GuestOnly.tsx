import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../session/use-session';

/** An authenticated user opening /login goes to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (token) return <Navigate to="/" replace />;
  return children;
}
