import { AppError, badRequest } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { isAdministrator } from '../../engine/request-context.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { rowsWhereIn } from '../../engine/rows.js';
import { checkedParent } from '../../engine/tree-parent.js';
import { checkRoleAlias } from './role-alias.js';

export const ADMINISTRATOR = 'administrator';

/**
 * Role writes: an alias is an identifier and no look-alike of a reserved one; only an
 * administrator creates, changes or removes a role aliased `administrator`; a parent must be a role of the caller's tenant. A removed role's
 * menu and scope links go with it, so users still naming its id lose them.
 */
export function roleRules(services: AppServices): ResourceHooks {
  return {
    async beforeWrite(event) {
      const { ctx, values, existing } = event;
      if ('roleAlias' in values) checkRoleAlias(values.roleAlias);
      if ([values.roleAlias, existing?.roleAlias].includes(ADMINISTRATOR) && !isAdministrator(ctx)) {
        throw new AppError('role.createAdministrator', undefined, 400, { field: 'roleAlias' });
      }
      await checkedParent(event);
    },
    async beforeRemove({ ctx, repo, model, keys }) {
      if (isAdministrator(ctx)) return;
      const roles = await rowsWhereIn(repo, { model, ctx, values: keys });
      if (roles.some((r) => r.roleAlias === ADMINISTRATOR)) throw badRequest('role.removeAdministrator');
    },
    async afterRemove({ ctx, repo, keys }) {
      for (const key of ['system/role-menu', 'system/role-scope']) {
        const links = await rowsWhereIn(repo, { model: services.model(key), ctx, values: keys, field: 'roleId' });
        if (links.length) await repo.remove(services.model(key), ctx, links.map((l) => String(l.id)));
      }
    },
  };
}
