import { useMemo } from 'react';
import useSWR from 'swr';
import { ApiError, request } from '../../api/http';
import { toast } from '../../ui/toast';
import { OPTIONS_KEY } from './option-freshness';
import type { TreeRow } from './tree';

/**
 * An option source that is not served here (404: a module this installation lacks, such
 * as the code generator's data sources) gives an empty select, not an error toast each
 * time a form opens; any other failure is shown.
 */
function fetchOptions([, url]: readonly [string, string]): Promise<unknown> {
  return request<unknown>({ url, silent: true })
    .catch((error: unknown) => {
      // 401 has already signed the user out.
      const isQuiet = error instanceof ApiError && (error.code === 404 || error.code === 401);
      if (!isQuiet) toast.error(error instanceof Error ? error.message : String(error));
      return [];
    });
}

/** Options answered as a list, a tree or a page ({records}) become one forest. */
function asRows(data: unknown): TreeRow[] {
  if (Array.isArray(data)) return data as TreeRow[];
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as TreeRow[]) : [];
}

/**
 * Asked again whenever a select or cell using the list mounts (a form dialog opens, a list
 * page shows); the selects and cells mounting together share one request (no dedupe interval
 * beyond the request itself), and the list held shows meanwhile. Not on focus or reconnect.
 * Writes refresh the lists of their entity (option-freshness.ts).
 */
const optionListOptions = { revalidateOnMount: true, dedupingInterval: 0, revalidateOnFocus: false, revalidateOnReconnect: false };

/**
 * Options of a field with `options.url` (a TreeNode forest or a flat list), shared per URL
 * by every select and cell asking it; with `dataKey` they are that property of the answer.
 */
export function useOptionTree(url: string | undefined, dataKey?: string): { nodes: TreeRow[]; isLoading: boolean } {
  const { data, isLoading } = useSWR(url ? ([OPTIONS_KEY, url] as const) : null, fetchOptions, optionListOptions);
  const nodes = useMemo(() => asRows(dataKey ? (data as Record<string, unknown> | null | undefined)?.[dataKey] : data), [data, dataKey]);
  return { nodes, isLoading };
}
