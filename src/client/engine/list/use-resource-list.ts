import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MRT_RowSelectionState } from 'material-react-table';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { isApprovalLocked } from '../../../shared/schema/flow-status';
import { usePermissions } from '../../session/use-permissions';
import { keyOf, type ResourceRow } from '../data/resource-api';
import { isExtraShown, rowsByKeys, type ResourcePageExtensions } from '../extensions';
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
  /** What a hand-written page adds (see extensions.ts). */
  extensions?: ResourcePageExtensions;
}

/**
 * The query parameters fixing the list: a child list's `<parentParam>=<parent key>`,
 * then the page's `fixedParams`.
 */
function fixedParams(input: ResourceListInput): Record<string, unknown> {
  const { model, view, parentRow, extensions } = input;
  const parent = parentRow && view.parentParam ? { [view.parentParam]: keyOf(model, parentRow) } : {};
  return { ...parent, ...extensions?.fixedParams };
}

/** The view the form uses: the page's fixed values are not shown (they are preset and sent anyway). */
function useFormView(view: ListView, fixedValues: Record<string, unknown> | undefined): ListView {
  const names = Object.keys(fixedValues ?? {}).join(',');
  return useMemo(() => (names ? { ...view, hidden: [...view.hidden, ...names.split(',')] } : view), [view, names]);
}

/** The controller of one list view (main list or child list): data, selection, dialogs, actions. */
export function useResourceList(input: ResourceListInput) {
  const { model, view, parentRow, extensions } = input;
  const flags = usePermissions();
  const permissions = listPermissions({ model, view, flags });
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

  const fixedValues = extensions?.fixedValues;
  const form = useFormDialog({ model, onSaved: reload, fixedValues });
  const formView = useFormView(view, fixedValues);
  const afterDelete = useCallback(() => {
    setRowSelection({});
    reload();
  }, [reload]);
  const deletion = useDeleteRows({ model, onDeleted: afterDelete });

  const fixedValuesKey = JSON.stringify(fixedValues ?? {});
  const presets = useMemo(
    () => ({ ...(parentRow ? presetsFrom(view, parentRow) : {}), ...(JSON.parse(fixedValuesKey) as Record<string, unknown>) }),
    [view, parentRow, fixedValuesKey],
  );
  const selectedRows = useMemo(
    () => rowsByKeys({ rows: tree.rows, selected: rowSelection, keyOf: (row) => keyOf(model, row) }),
    [tree.rows, rowSelection, model],
  );
  const extras = {
    toolbar: (extensions?.toolbarExtras ?? []).filter((extra) => isExtraShown(extra, flags)),
    row: (extensions?.rowExtras ?? []).filter((extra) => isExtraShown(extra, flags)),
    jobExport: extensions?.jobExport,
    exportConfirm: extensions?.exportConfirm,
    showJobs: extensions?.showJobs === true,
  };
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
    selectedRows,
    reload,
    extras,
    form,
    formView,
    deletion,
    childRow,
    actions,
    /** An x-flow row whose approval runs or is done: 编辑 and 删除 are disabled (the server refuses them too). */
    isLocked: (row: Record<string, unknown>) => isApprovalLocked(model, row),
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
