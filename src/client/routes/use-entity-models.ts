import useSWR from 'swr';
import type { EntityModel } from '../../shared/schema/entity-model';
import { needsGuestRegistration } from '../session/guest';
import { useSession } from '../session/use-session';

export const SCHEMAS_URL = '/atrium/schemas';

export interface EntityModels {
  models: EntityModel[];
  isLoading: boolean;
  error: unknown;
}

/** Every entity model the server serves, fetched once after login (not for a guest, whose token opens registration only). */
export function useEntityModels(): EntityModels {
  const { token, userInfo } = useSession();
  const { data, error, isLoading } = useSWR<EntityModel[]>(token && !needsGuestRegistration(userInfo) ? SCHEMAS_URL : null, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  return { models: data ?? [], isLoading, error };
}
