import { isAdministrator, type RequestContext } from '../../engine/request-context.js';
import { forbidden } from '../../../shared/errors.js';

/**
 * BladeX guards the user tools (grant, reset, unlock, platform, import, export) with
 * hasAnyRole('administrator', 'admin'); Saber shows them to those roles only.
 */
export function requireUserAdmin(ctx: RequestContext): void {
  if (isAdministrator(ctx) || (ctx.roleAliases ?? []).includes('admin')) return;
  throw forbidden('authority.forbidden');
}
