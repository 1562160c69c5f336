import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DocumentTitle } from './DocumentTitle';
import { GuestOnly } from './GuestOnly';
import { ModelRoute } from './ModelRoute';
import { PageLoading } from './PageLoading';
import { RequireAuth } from './RequireAuth';
import { ErrorPage, Layout, layoutPages, LOGIN_PATH, LoginPage } from './route-table';

/** The route table (spec §2): fixed pages without auth, then the layout with every page inside it. */
export function AppRoutes() {
  return (
    <>
      <DocumentTitle />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<GuestOnly><LoginPage /></GuestOnly>} />
          <Route path="/404" element={<ErrorPage code={404} />} />
          <Route path="/403" element={<ErrorPage code={403} />} />
          <Route path="/500" element={<ErrorPage code={500} />} />
          <Route element={<RequireAuth><Layout /></RequireAuth>}>
            <Route index element={<Navigate to="/wel" replace />} />
            <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
            {Object.entries(layoutPages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<ModelRoute />} />
          </Route>
        </Routes>
      </Suspense>
    </>
  );
}
