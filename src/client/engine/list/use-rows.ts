import { useCallback } from 'react';
import useSWR from 'swr';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { fetchRows, type ResourceRow } from '../data/resource-api';

/**
 * The rows a list shows, from `<apiPath>/<view.endpoint>` with `params` (SWR keeps the
 * previous page on screen while the next one loads).
 */
export function useRows(input: { model: EntityModel; view: ListView; params: Record<string, unknown> }) {
  const { model, view, params } = input;
  const key = ['engine:rows', model.apiPath, view.endpoint, JSON.stringify(params)] as const;
  const { data, isLoading, isValidating, mutate } = useSWR(key, () => fetchRows({ model, view, params }), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    // The API client has already shown the failure; a retry would show it again.
    shouldRetryOnError: false,
  });
  const reload = useCallback(() => mutate(), [mutate]);
  return {
    rows: data?.rows ?? EMPTY,
    total: data?.total ?? 0,
    isLoading,
    isFetching: isValidating,
    reload,
  };
}

const EMPTY: ResourceRow[] = [];
