import type { EntityModel } from '../../shared/schema/entity-model';

const INDEX = '/index';

/** The entity shown at a route path: `<menu path>/index` → the model whose menu has that path. */
export function findModelByRoute(models: readonly EntityModel[], routePath: string): EntityModel | undefined {
  if (!routePath.endsWith(INDEX)) return undefined;
  const menuPath = routePath.slice(0, -INDEX.length);
  return models.find((model) => model.menu?.path === menuPath);
}
