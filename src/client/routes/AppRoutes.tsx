import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DocumentTitle } from './DocumentTitle';
import { GuestOnly } from './GuestOnly';
import { LockGuard } from './LockGuard';
import { EngineModels } from './EngineModels';
import { ModelRoute } from './ModelRoute';
import { PageLoading } from '../ui/PageLoading';
import { RequireAuth } from './RequireAuth';
import { RequireGrant } from './RequireGrant';
import { ErrorPage } from './error-page';
import { IFRAME_PREFIX, LOCK_PATH, LOGIN_PATH, SOCIAL_CALLBACK_PATH } from './paths';
import { IframePage, Layout, layoutPages, LockPage, LoginPage, SocialCallbackPage } from './route-table';

/**
 * The route table (spec §2): fixed pages without auth or tab, then the layout with every
 * page inside it. The lock guard goes first: a locked screen shows /lock whatever the path.
 */
export function AppRoutes() {
  return (
    <>
      <DocumentTitle />
      <LockGuard>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path={LOGIN_PATH} element={<GuestOnly><LoginPage /></GuestOnly>} />
            <Route path={SOCIAL_CALLBACK_PATH} element={<GuestOnly><SocialCallbackPage /></GuestOnly>} />
            <Route path={LOCK_PATH} element={<LockPage />} />
            <Route path="/404" element={<ErrorPage code={404} />} />
            <Route path="/403" element={<ErrorPage code={403} />} />
            <Route path="/500" element={<ErrorPage code={500} />} />
            <Route element={<RequireAuth><EngineModels><Layout /></EngineModels></RequireAuth>}>
              <Route index element={<Navigate to="/wel" replace />} />
              <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
              <Route path={`${IFRAME_PREFIX}:routerPath`} element={<IframePage />} />
              {Object.entries(layoutPages).map(([path, Page]) => (
                <Route key={path} path={path} element={<RequireGrant path={path}><Page /></RequireGrant>} />
              ))}
              <Route path="*" element={<ModelRoute />} />
            </Route>
          </Routes>
        </Suspense>
      </LockGuard>
    </>
  );
}
