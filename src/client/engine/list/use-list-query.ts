import { useCallback, useMemo, useState } from 'react';
import type { MRT_PaginationState, MRT_SortingState } from 'material-react-table';
import type { ListView } from '../../../shared/schema/entity-model';
import { defaultPageSize } from '../../../shared/schema/page-sizes';
import { pageParams, searchParams, sortParams, type SearchValues } from '../search/search-params';


/**
 * What the list asks the server for: the fixed parameters (a child list's parent, a
 * page's filter), the applied search, and in page mode `current`/`size` and
 * `ascs`/`descs`. A new search, sort or fixed parameter goes back to page 1.
 */
export function useListQuery(view: ListView, fixed: Record<string, unknown>) {
  const [search, setSearch] = useState<SearchValues>({});
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: defaultPageSize(view) });
  const [sorting, setSortingState] = useState<MRT_SortingState>([]);
  const isPaged = view.mode === 'page';
  const fixedKey = JSON.stringify(fixed);
  // Other fixed parameters (another department picked beside the list) start at page 1.
  const [seenFixedKey, setSeenFixedKey] = useState(fixedKey);
  if (seenFixedKey !== fixedKey) {
    setSeenFixedKey(fixedKey);
    setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }

  const params = useMemo(
    () => ({
      ...(JSON.parse(fixedKey) as Record<string, unknown>),
      ...searchParams(view.search, search),
      ...(isPaged ? { ...pageParams(pagination), ...sortParams(sorting) } : {}),
    }),
    [fixedKey, view.search, search, isPaged, pagination, sorting],
  );

  const applySearch = useCallback((values: SearchValues) => {
    setSearch(values);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, []);

  const setSorting = useCallback((next: MRT_SortingState | ((old: MRT_SortingState) => MRT_SortingState)) => {
    setSortingState(next);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, []);

  return { params, pagination, setPagination, sorting, setSorting, applySearch };
}
