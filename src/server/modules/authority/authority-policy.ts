import { forbidden } from '../../../shared/errors.js';
import type { AccessPolicy } from '../../engine/access-policy.js';
import { isAdministrator, isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';
import type { AppServices } from '../../app-services.js';
import { dataScopeOf } from './data-scope-filter.js';
import { packageMenuIds } from '../menu/tenant-package.js';
import { buttonMenus } from './role-grants.js';
import { ScreenReads } from './screen-reads.js';

/**
 * Data scopes do not limit the administrator roles (reference §6.4). BladeX tests the
 * alias for the substring "admin"; here only the exact stored aliases count, so no
 * role named e.g. "x,administrator" or "sysadmin" escapes its data scope.
 */
const bypassesDataScope = (ctx: RequestContext) => isAdministrator(ctx) || (ctx.roleAliases ?? []).includes('admin');

/**
 * The engine's access policy. Reads of a screen need its menu in the caller's grant
 * (lookups stay open, see screen-reads.ts). Writes need the entity's button code
 * (`post_add`, `post_edit`, `post_delete`) among the caller's granted buttons and inside
 * the tenant's package; writes of a platform-wide (shared) entity need the platform
 * administrator, whatever buttons a role holds. Reads are limited by data scopes.
 * Roles are the stored ones (stored-roles.ts), never the token's text.
 */
export function authorityPolicy(services: AppServices): AccessPolicy {
  const screens = new ScreenReads(services);
  return {
    checkAction(opts) {
      // The platform's administrators bypass every check (at once); other tenants' stay inside their package.
      return isPlatformAdmin(opts.ctx) ? undefined : checkGranted(opts);
    },
    rowScope({ model, ctx }) {
      return bypassesDataScope(ctx) ? undefined : dataScopeOf(services, model, ctx);
    },
  };

  async function checkGranted({ model, endpoint, ctx, action, buttons: codes }: Parameters<AccessPolicy['checkAction']>[0]): Promise<void> {
    if (action === 'read') {
      if (!(await screens.allowed(model, ctx, endpoint))) throw forbidden('authority.forbidden');
      return;
    }
    if (model.tenancy !== 'tenant') throw forbidden('authority.platformOnly');
    const buttons = await buttonMenus(services, isAdministrator(ctx) ? undefined : ctx.roleIds ?? []);
    // An x-actions entry names its own button codes; any one of them allows it.
    const menuIds = (codes ?? [`${model.permission}_${action}`]).map((code) => buttons.get(code));
    const inPackage = await packageMenuIds(services, ctx.tenantId);
    if (!menuIds.some((id) => id && (!inPackage || inPackage.has(id)))) throw forbidden('authority.forbidden');
  }
}
