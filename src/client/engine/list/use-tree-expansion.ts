import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MRT_ExpandedState } from 'material-react-table';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { reportFailure } from '../../ui/report-failure';
import { fetchRows, keyOf, type ResourceRow } from '../data/resource-api';

type Loaded = Record<string, ResourceRow[]>;

function expandedKeys(expanded: MRT_ExpandedState): string[] {
  return expanded === true ? [] : Object.keys(expanded).filter((k) => expanded[k]);
}

/**
 * Expanded rows of a tree list. In lazy-tree mode, expanding a row with `hasChildren`
 * fetches its direct children (`?<parentParam>=<row key>`) and hangs them under it;
 * `refresh` re-fetches the children of every loaded row (after a save or delete).
 */
export function useTreeExpansion(input: { model: EntityModel; view: ListView; rows: ResourceRow[] }) {
  const { model, view, rows } = input;
  const isLazy = view.mode === 'lazy-tree';
  const [expanded, setExpanded] = useState<MRT_ExpandedState>({});
  const [loaded, setLoaded] = useState<Loaded>({});
  const inFlight = useRef(new Set<string>());

  const fetchChildren = useCallback(
    (key: string) => fetchRows({ model, view, params: { [view.parentParam ?? 'parentId']: key } }).then((r) => r.rows),
    [model, view],
  );

  useEffect(() => {
    if (!isLazy) return;
    for (const key of expandedKeys(expanded)) {
      if (key in loaded || inFlight.current.has(key)) continue;
      inFlight.current.add(key);
      fetchChildren(key)
        .then((children) => setLoaded((prev) => ({ ...prev, [key]: children })))
        .catch((error) => {
          setExpanded((prev) => (prev === true ? prev : { ...prev, [key]: false }));
          reportFailure(error);
        })
        .finally(() => inFlight.current.delete(key));
    }
  }, [isLazy, expanded, loaded, fetchChildren]);

  const refresh = useCallback(async () => {
    const keys = Object.keys(loaded);
    if (!isLazy || keys.length === 0) return;
    try {
      const lists = await Promise.all(keys.map(fetchChildren));
      setLoaded(Object.fromEntries(keys.map((k, i) => [k, lists[i]])));
    } catch (error) {
      reportFailure(error);
    }
  }, [isLazy, loaded, fetchChildren]);

  const treeRows = useMemo(() => {
    if (!isLazy) return rows;
    const attach = (list: ResourceRow[]): ResourceRow[] =>
      list.map((row) => {
        const children = loaded[keyOf(model, row)];
        return children ? { ...row, children: attach(children) } : { ...row, children: undefined };
      });
    return attach(rows);
  }, [isLazy, rows, loaded, model]);

  /** A row can open when it has children, or (lazy) says it has some not loaded yet. */
  const canExpand = useCallback(
    (row: { subRows?: unknown[]; original: ResourceRow }) => {
      if (row.subRows && row.subRows.length > 0) return true;
      return isLazy && row.original.hasChildren === true && !(keyOf(model, row.original) in loaded);
    },
    [isLazy, loaded, model],
  );

  return { rows: treeRows, expanded, setExpanded, canExpand, refresh };
}
