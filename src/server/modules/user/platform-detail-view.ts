import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { PlatformService } from './platform-service.js';
import type { UserDeps } from './user-deps.js';

/**
 * `platform-detail` (user.json: a detail for the administrator roles, read by the
 * 平台配置 form): the user as detail answers it, with the `userExt` of its own platform.
 */
export function platformDetailView(deps: UserDeps): ResourceHooks {
  const platform = new PlatformService(deps);
  return {
    async viewRecords({ endpoint, records }) {
      if (endpoint.action !== 'platform-detail') return records;
      return Promise.all(records.map(async (user) => ({ ...user, userExt: await platform.userExtOf(user) })));
    },
  };
}
