import { forbidden } from '../../../shared/errors.js';
import { isPlatformAdmin, type RequestContext } from '../../engine/request-context.js';

/** Refuses with 403, never 401: a 401 signs the console out. */
export function requirePlatformAdmin(ctx: RequestContext): void {
  if (!isPlatformAdmin(ctx)) {
    throw forbidden('tenant.forbidden');
  }
}
