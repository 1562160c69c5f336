import useSWRImmutable from 'swr/immutable';
import { request } from '../../api/http';
import type { TreeRow } from './tree';

function fetchOptions([, url]: readonly [string, string]): Promise<TreeRow[]> {
  return request<unknown>({ url }).then(asRows);
}

/** Options answered as a list, a tree or a page ({records}) become one forest. */
function asRows(data: unknown): TreeRow[] {
  if (Array.isArray(data)) return data as TreeRow[];
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as TreeRow[]) : [];
}

/**
 * Options of a field with `options.url` (a TreeNode forest or a flat list), loaded once
 * per URL for the whole page.
 */
export function useOptionTree(url: string | undefined): { nodes: TreeRow[]; isLoading: boolean } {
  const { data, isLoading } = useSWRImmutable(url ? (['engine:options', url] as const) : null, fetchOptions);
  return { nodes: data ?? [], isLoading };
}
