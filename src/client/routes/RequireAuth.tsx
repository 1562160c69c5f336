import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { endSession } from '../session/end-session';
import { useSession } from '../session/use-session';
import { LOGIN_PATH } from './paths';

/** Guard of every isAuth route: an empty token ends what is left of the session and goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, userInfo, menu } = useSession();
  const location = useLocation();
  const hasLeftovers = !token && (Boolean(userInfo) || menu.length > 0);
  useEffect(() => {
    if (hasLeftovers) endSession();
  }, [hasLeftovers]);
  if (!token) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return children;
}
