import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { findModelByRoute } from '../../routes/find-model';
import { PageLoading } from '../../ui/PageLoading';
import { useEntityModels } from '../../routes/use-entity-models';
import { ErrorPage } from '../error/ErrorPage';

export interface RouteModelProps {
  /** The screen, given the entity bound to this route's menu path. */
  children: (model: EntityModel) => ReactNode;
}

/**
 * The entity of the current route (`<menu path>/index`), as ModelRoute finds it, for a
 * hand-written page that wraps ResourcePage: loading, failure and 404 are handled here.
 */
export function RouteModel({ children }: RouteModelProps) {
  const { pathname } = useLocation();
  const { models, isLoading, error } = useEntityModels();
  if (isLoading) return <PageLoading />;
  if (error) return <ErrorPage code={500} embedded />;
  const model = findModelByRoute(models, pathname);
  if (!model) return <Navigate to="/404" replace />;
  return <>{children(model)}</>;
}

/** Another entity a page shows (the data scopes beside the menus), by key; undefined while loading or when not served. */
export function useModelByKey(key: string): EntityModel | undefined {
  const { models } = useEntityModels();
  return models.find((model) => model.key === key);
}
