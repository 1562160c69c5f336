import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { AccessPolicy } from '../../engine/access-policy.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import type { AppServices } from '../../app-services.js';
import { dataScopeOf } from './data-scope-filter.js';
import { authorityText } from './messages.js';
import { packageMenuIds } from '../menu/tenant-package.js';
import { buttonMenus } from './role-grants.js';

/** BladeX skips data scopes for any role alias containing "admin" (reference §6.4). */
const bypassesDataScope = (ctx: RequestContext) => isAdministrator(ctx) || (ctx.roleAliases ?? []).some((a) => a.includes('admin'));

const PLATFORM_TENANT = '000000';

/** The platform's administrators bypass every check; other tenants' stay inside their package. */
const isPlatformAdministrator = (ctx: RequestContext) => isAdministrator(ctx) && (ctx.isSystem || ctx.tenantId === PLATFORM_TENANT);

/**
 * The engine's access policy: writes need the entity's button code (`param_add`,
 * `param_edit`, `param_delete`) among the caller's granted buttons and inside the
 * tenant's package, so a button the console hides is refused here too; reads are
 * limited by data scopes.
 */
export function authorityPolicy(services: AppServices): AccessPolicy {
  return {
    async checkAction({ model, ctx, action }) {
      if (action === 'read' || isPlatformAdministrator(ctx)) return;
      const buttons = await buttonMenus(services, isAdministrator(ctx) ? undefined : ctx.roleIds ?? []);
      const menuId = buttons.get(`${model.permission}_${action}`);
      const inPackage = await packageMenuIds(services, ctx.tenantId);
      if (!menuId || (inPackage && !inPackage.has(menuId))) {
        throw new AppError({ code: ErrorCodes.FORBIDDEN, status: 403, text: authorityText(ctx.lang, 'forbidden') });
      }
    },
    async rowScope({ model, ctx }) {
      if (bypassesDataScope(ctx)) return undefined;
      return dataScopeOf(services, model, ctx);
    },
  };
}
