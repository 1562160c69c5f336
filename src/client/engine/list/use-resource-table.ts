import { createElement, useMemo } from 'react';
import { useMaterialReactTable } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ZH_HANS } from 'material-react-table/locales/zh-Hans';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { useEngineText } from '../common/use-engine-text';
import { keyOf } from '../data/resource-api';
import { subRowsOf } from '../data/tree';
import { fittingTableStyle } from './column-fit';
import { RowActions } from './RowActions';
import { actionsWidth, rowActionButtons } from './row-actions-width';
import { buildColumns, hiddenColumns } from './table-columns';
import { Toolbar } from './Toolbar';
import { hasImportRule } from '../jobs/excel-gates';
import type { ResourceListController } from './use-resource-list';

export interface ResourceTableInput {
  model: EntityModel;
  view: ListView;
  list: ResourceListController;
  scope: string;
}

/**
 * Above this many rows a page shows in a scrolling box of its own, and only the rows in
 * view (and a few more) are rendered: 200 rows of MUI cells take seconds on a slow machine.
 */
const ROWS_IN_VIEW_ABOVE = 50;

/** Whether the table renders only the rows in view (MRT's row virtualization). */
export function rendersRowsInView(view: ListView, rowCount: number): boolean {
  return view.mode === 'page' && rowCount > ROWS_IN_VIEW_ABOVE;
}

/**
 * The material-react-table instance of a list: server-side pages and sorting in page
 * mode, expandable rows in tree modes, row selection, toolbar and row actions.
 */
export function useResourceTable({ model, view, list, scope }: ResourceTableInput) {
  const { t, lang } = useEngineText();
  const { actions } = list;
  const openChildren = view.children ? actions.openChildren : undefined;
  const columns = useMemo(
    () => buildColumns({ model, view, lang, yesNo: [t('yes'), t('no')], onOpenChildren: openChildren }),
    // openChildren only sets state, so the first one stays right; only whether there is one matters.
    [model, view, lang, t, Boolean(openChildren)],
  );
  const isPaged = view.mode === 'page';
  // SWR reports loading for every new page while the previous one stays on screen
  // (keepPreviousData): that one keeps its rows under the progress bar instead of turning
  // into skeletons (a render of every cell, and another when the page arrives).
  const isFirstLoad = list.isLoading && list.rows.length === 0;
  const isBoxed = rendersRowsInView(view, list.rows.length);
  const rowActionsSize = actionsWidth(rowActionButtons({ view, permissions: list.permissions, t, lang, extras: list.extras.row }));
  return useMaterialReactTable({
    columns,
    data: list.rows,
    // Rows without a key (should not happen) still get distinct ids, so selection works.
    getRowId: (row, index, parent) => keyOf(model, row) || (parent ? `${parent.id}.${index}` : `#${index}`),
    localization: { ...(lang === 'en' ? MRT_Localization_EN : MRT_Localization_ZH_HANS), noRecordsToDisplay: t('noData') },
    layoutMode: 'grid',
    initialState: {
      columnVisibility: hiddenColumns(view),
      density: 'compact',
      // The row buttons stay in view when the columns need a horizontal scroll (Saber: fixed right).
      columnPinning: { right: ['mrt-row-actions'] },
    },
    enableColumnPinning: true,
    state: {
      isLoading: isFirstLoad,
      showProgressBars: list.isFetching && !isFirstLoad,
      rowSelection: list.rowSelection,
      expanded: list.tree.expanded,
      ...(isPaged ? { pagination: list.query.pagination, sorting: list.query.sorting } : {}),
    },
    // Rows are picked only for something that takes a selection: batch delete or a page's toolbar button.
    enableRowSelection: list.permissions.canDelete || list.extras.toolbar.length > 0,
    enableSubRowSelection: false,
    onRowSelectionChange: list.setRowSelection,
    enablePagination: isPaged,
    manualPagination: true,
    rowCount: list.total,
    onPaginationChange: list.query.setPagination,
    muiPaginationProps: { rowsPerPageOptions: view.pageSizes },
    enableSorting: isPaged,
    manualSorting: true,
    onSortingChange: list.query.setSorting,
    manualFiltering: true,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableExpanding: !isPaged,
    getSubRows: subRowsOf,
    // Lazy trees load children per opened row; opening them all would fire a request per row.
    enableExpandAll: view.mode === 'tree',
    getRowCanExpand: list.tree.canExpand,
    onExpandedChange: list.tree.setExpanded,
    enableRowActions: true,
    positionActionsColumn: 'last',
    // A column that does not shrink (the engine's own) is as narrow as it is wide.
    displayColumnDefOptions: {
      'mrt-row-expand': { size: 56, minSize: 56, grow: false },
      'mrt-row-select': { size: 48, minSize: 48, grow: false },
      'mrt-row-actions': {
        header: t('actions'),
        size: rowActionsSize,
        minSize: rowActionsSize,
        grow: false,
        // Pinned cells are translucent by default; the header scrolled beneath would show through.
        muiTableHeadCellProps: ({ table }) => ({ sx: { opacity: 1, backgroundColor: table.options.mrtTheme.baseBackgroundColor } }),
        // The same for the row cells: the columns scrolled beneath must not show through the buttons (768 px).
        muiTableBodyCellProps: ({ table }) => ({ sx: { opacity: 1, backgroundColor: table.options.mrtTheme.baseBackgroundColor } }),
      },
    },
    renderRowActions: ({ row }) => createElement(RowActions, { view, row: row.original, list, t, lang }),
    renderTopToolbarCustomActions: () =>
      createElement(Toolbar, {
        permissions: list.permissions,
        scope,
        onAdd: actions.add,
        onDeleteSelected: actions.removeSelected,
        extras: list.extras.toolbar,
        onExtra: (extra) => extra.onClick({ selected: list.selectedRows, params: list.query.params, reload: list.reload }),
        // The model's main list only: a child list's rows are not the model's list.
        jobs: view === model.list && (model.excel?.export || model.excel?.import || model.excel?.importDialog || list.extras.showJobs || list.extras.jobExport)
          ? {
            model, params: list.query.params, scope, exportConfirm: list.extras.exportConfirm, onImported: list.reload,
            canExport: list.extras.jobExport ?? model.excel.export,
            // x-import's dialog with a permission or roles of its own needs no add button.
            canImport: (model.excel.import || model.excel.importDialog !== undefined) && (hasImportRule(model) || list.permissions.canAdd),
          }
          : undefined,
      }),
    muiTablePaperProps: { elevation: 0, id: `${scope}resource_table` },
    // The toolbar's grid column is the table's width, not its buttons': those fold (FoldingToolbar).
    muiTopToolbarProps: { sx: { gridTemplateColumns: 'minmax(0, 1fr)' } },
    // The data columns share the table's box (column-fit.ts); it scrolls only below their minimums.
    muiTableProps: ({ table }) => ({ sx: fittingTableStyle(table) }),
    // MRT fixes this when the table is made: ResourceTable makes a new one when it changes.
    enableRowVirtualization: isBoxed,
    enableStickyHeader: isBoxed,
    muiTableContainerProps: isBoxed ? { sx: { maxHeight: 'max(360px, calc(100vh - 260px))' } } : undefined,
  });
}
