import type { AppServices } from '../../app-services.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { UserCatalog } from './user-catalog.js';

/** BladeX's user view fields (roleName, deptName, postName, tenantName…) on the endpoints that ask for them (`viewHooks`: page). */
export function userViews(services: AppServices): ResourceHooks {
  return {
    async viewRecords({ model, ctx, records }) {
      const catalog = await UserCatalog.load(services, model, ctx);
      return records.map((r) => catalog.withNames(model, r));
    },
  };
}
