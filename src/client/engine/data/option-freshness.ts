import { mutate } from 'swr';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { loadMenu } from '../../session/load-menu';

/** The SWR key of an option list: `['engine:options', url]`. */
export const OPTIONS_KEY = 'engine:options';

function isOptionKeyUnder(key: unknown, apiPath: string): boolean {
  if (!Array.isArray(key) || key[0] !== OPTIONS_KEY || typeof key[1] !== 'string') return false;
  const url = key[1];
  return url === apiPath || url.startsWith(`${apiPath}/`) || url.startsWith(`${apiPath}?`);
}

/**
 * After a write to an entity (submit, remove, an action, an import), every option list
 * asked from that entity's `apiPath` is asked again, so a select or a list cell fed by it
 * shows the row written a moment ago. Lists no screen shows now are asked when they mount.
 */
export function refreshOptionsUnder(apiPath: string): void {
  void mutate((key) => isOptionKeyUnder(key, apiPath));
}

/**
 * `write`, then (only when it succeeded) the option lists of the model's `apiPath` are
 * refreshed, and the sidebar is loaded again when the model says its writes may change it
 * (`x-refreshes-menu`: menus, grants, generated screens).
 */
export async function thenRefreshOptions<T>(model: Pick<EntityModel, 'apiPath' | 'refreshesMenu'>, write: Promise<T>): Promise<T> {
  const answer = await write;
  refreshOptionsUnder(model.apiPath);
  if (model.refreshesMenu) void loadMenu().catch(() => undefined);
  return answer;
}
