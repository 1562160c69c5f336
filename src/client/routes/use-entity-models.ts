import useSWR from 'swr';
import type { EntityModel } from '../../shared/schema/entity-model';
import { useSession } from '../session/use-session';

export const SCHEMAS_URL = '/atrium/schemas';

export interface EntityModels {
  models: EntityModel[];
  isLoading: boolean;
  error: unknown;
}

/** Every entity model the server serves, fetched once after login. */
export function useEntityModels(): EntityModels {
  const { token } = useSession();
  const { data, error, isLoading } = useSWR<EntityModel[]>(token ? SCHEMAS_URL : null, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
  return { models: data ?? [], isLoading, error };
}
