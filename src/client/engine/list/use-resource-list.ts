import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MRT_RowSelectionState } from 'material-react-table';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { usePermissions } from '../../session/use-permissions';
import { keyOf, type ResourceRow } from '../data/resource-api';
import { newRecord, presetsFrom } from '../form/form-schema';
import { useFormDialog } from '../form/use-form-dialog';
import { listPermissions } from './permissions';
import { useDeleteRows } from './use-delete-rows';
import { useListQuery } from './use-list-query';
import { useRows } from './use-rows';
import { useTreeExpansion } from './use-tree-expansion';

export interface ResourceListInput {
  model: EntityModel;
  view: ListView;
  /** A child list's parent row (the dictionary a child list belongs to). */
  parentRow?: ResourceRow;
}

/** The query parameter fixing a child list to its parent: `<parentParam>=<parent key>`. */
function fixedParams(input: ResourceListInput): Record<string, unknown> {
  const { model, view, parentRow } = input;
  if (!parentRow || !view.parentParam) return {};
  return { [view.parentParam]: keyOf(model, parentRow) };
}

/** The controller of one list view (main list or child list): data, selection, dialogs, actions. */
export function useResourceList(input: ResourceListInput) {
  const { model, view, parentRow } = input;
  const permissions = listPermissions(model, usePermissions());
  const query = useListQuery(view, fixedParams(input));
  const data = useRows({ model, view, params: query.params });
  const tree = useTreeExpansion({ model, view, rows: data.rows });
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});
  const [childRow, setChildRow] = useState<ResourceRow>();
  useKeepPageInRange({ query, total: data.total, isLoading: data.isLoading });

  // A selection belongs to the rows on screen: another page or search starts with none.
  const paramsKey = JSON.stringify(query.params);
  useEffect(() => setRowSelection({}), [paramsKey]);

  const { reload: reloadRows } = data;
  const { refresh: refreshTree } = tree;
  const reload = useCallback(() => {
    void reloadRows();
    void refreshTree();
  }, [reloadRows, refreshTree]);

  const form = useFormDialog({ model, onSaved: reload });
  const afterDelete = useCallback(() => {
    setRowSelection({});
    reload();
  }, [reload]);
  const deletion = useDeleteRows({ model, onDeleted: afterDelete });

  const presets = useMemo(() => (parentRow ? presetsFrom(view, parentRow) : {}), [view, parentRow]);
  const actions = {
    add: () => form.openNew(newRecord({ model, view, presets })),
    addChild: (row: ResourceRow) =>
      form.openNew(newRecord({ model, view, presets: { ...presets, [model.tree?.parentField ?? 'parentId']: keyOf(model, row) } })),
    edit: (row: ResourceRow) => void form.openExisting('edit', row),
    view: (row: ResourceRow) => void form.openExisting('view', row),
    remove: (row: ResourceRow) => deletion.ask([keyOf(model, row)]),
    removeSelected: () => deletion.ask(Object.keys(rowSelection).filter((k) => rowSelection[k])),
    openChildren: (row: ResourceRow) => setChildRow(row),
    closeChildren: () => setChildRow(undefined),
  };

  return {
    permissions,
    query,
    rows: tree.rows,
    total: data.total,
    isLoading: data.isLoading,
    isFetching: data.isFetching,
    tree,
    rowSelection,
    setRowSelection,
    form,
    deletion,
    childRow,
    actions,
  };
}

/** After deleting the last rows of the last page, show the page that is now last. */
function useKeepPageInRange(input: { query: ReturnType<typeof useListQuery>; total: number; isLoading: boolean }) {
  const { query, total, isLoading } = input;
  const { pageIndex, pageSize } = query.pagination;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const { setPagination } = query;
  useEffect(() => {
    if (!isLoading && pageIndex > lastPage) setPagination((p) => ({ ...p, pageIndex: lastPage }));
  }, [isLoading, pageIndex, lastPage, setPagination]);
}

export type ResourceListController = ReturnType<typeof useResourceList>;
