import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { AccessPolicy } from '../../engine/access-policy.js';
import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import type { AppServices } from '../../app-services.js';
import { dataScopeOf } from './data-scope-filter.js';
import { authorityText } from './messages.js';
import { buttonCodes } from './role-grants.js';

/** BladeX skips data scopes for any role alias containing "admin" (reference §6.4). */
const bypassesDataScope = (ctx: RequestContext) => isAdministrator(ctx) || (ctx.roleAliases ?? []).some((a) => a.includes('admin'));

/**
 * The engine's access policy: writes need the entity's button code (`param_add`,
 * `param_edit`, `param_delete`) among the caller's granted buttons, so a button the
 * console hides is refused here too; reads are limited by data scopes.
 */
export function authorityPolicy(services: AppServices): AccessPolicy {
  return {
    async checkAction({ model, ctx, action }) {
      if (action === 'read' || isAdministrator(ctx)) return;
      const codes = await buttonCodes(services, ctx.roleIds ?? []);
      if (!codes.has(`${model.permission}_${action}`)) {
        throw new AppError({ code: ErrorCodes.FORBIDDEN, status: 403, text: authorityText(ctx.lang, 'forbidden') });
      }
    },
    async rowScope({ model, ctx }) {
      if (bypassesDataScope(ctx)) return undefined;
      return dataScopeOf(services, model, ctx);
    },
  };
}
