import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/use-session';
import { LOGIN_PATH } from './route-table';

/** Guard of every isAuth route: without a token, go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return children;
}
