import { Navigate, useLocation } from 'react-router-dom';
import { ErrorPage } from './route-table';
import { findModelByRoute } from './find-model';
import { lazyPage } from './lazy-page';
import { PageLoading } from './PageLoading';
import { useEntityModels } from './use-entity-models';

const ResourcePage = lazyPage(() => import('../engine/ResourcePage').then((m) => m.ResourcePage));

/** Any other path inside the layout: the entity screen bound to `<menu path>/index`, else 404. */
export function ModelRoute() {
  const { pathname } = useLocation();
  const { models, isLoading, error } = useEntityModels();
  if (isLoading) return <PageLoading />;
  if (error) return <ErrorPage code={500} embedded />;
  const model = findModelByRoute(models, pathname);
  if (!model) return <Navigate to="/404" replace />;
  return <ResourcePage model={model} key={model.key} />;
}
