import { createElement } from 'react';
import type { MRT_ColumnDef, MRT_VisibilityState } from 'material-react-table';
import { fieldOf, type EntityModel, type Lang, type ListView } from '../../../shared/schema/entity-model';
import type { ResourceRow } from '../data/resource-api';
import { CellValue } from './CellValue';

/**
 * The table's columns from the view: headers from the field labels, cells through
 * CellValue; sortable on the server in page mode. With a child list, the first column
 * opens it (Saber's clickable dictionary code).
 */
export function buildColumns(input: {
  model: EntityModel;
  view: ListView;
  lang: Lang;
  /** 是 / 否 in the console's language (switch fields). */
  yesNo: readonly [string, string];
  onOpenChildren?: (row: ResourceRow) => void;
}): MRT_ColumnDef<ResourceRow>[] {
  const { model, view, lang, yesNo, onOpenChildren } = input;
  return view.columns.map((column, index) => {
    const field = fieldOf(model, column.field);
    const onClick = index === 0 && onOpenChildren ? onOpenChildren : undefined;
    return {
      id: column.field,
      header: field?.label[lang] ?? column.field,
      accessorFn: (row: ResourceRow) => row[column.field],
      ...(column.width ? { size: column.width } : {}),
      enableSorting: view.mode === 'page',
      Cell: ({ row }) =>
        createElement(CellValue, { field, row: row.original, lang, yesNo, onClick: onClick && (() => onClick(row.original)) }),
    };
  });
}

/** Columns the view declares hidden. */
export function hiddenColumns(view: ListView): MRT_VisibilityState {
  return Object.fromEntries(view.columns.filter((c) => c.hidden).map((c) => [c.field, false]));
}
