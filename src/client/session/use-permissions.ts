import { useSession } from './use-session';
import type { Permissions } from './session-types';

/** Button permission flags of the signed-in user (`{param_add: true, …}`). */
export function usePermissions(): Permissions {
  return useSession().permission;
}
