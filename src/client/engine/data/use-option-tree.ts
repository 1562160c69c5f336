import { useMemo } from 'react';
import useSWRImmutable from 'swr/immutable';
import { ApiError, request } from '../../api/http';
import { toast } from '../../ui/toast';
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
 * Options of a field with `options.url` (a TreeNode forest or a flat list), loaded once
 * per URL for the whole page; with `dataKey` they are that property of the answer.
 */
export function useOptionTree(url: string | undefined, dataKey?: string): { nodes: TreeRow[]; isLoading: boolean } {
  const { data, isLoading } = useSWRImmutable(url ? (['engine:options', url] as const) : null, fetchOptions);
  const nodes = useMemo(() => asRows(dataKey ? (data as Record<string, unknown> | null | undefined)?.[dataKey] : data), [data, dataKey]);
  return { nodes, isLoading };
}
